/// A named, ordered list of emoji the user made ("work", "reactions").
public struct EmojiCollection: Sendable, Hashable, Codable {
    /// The name, unique in a store (case-insensitive).
    public var name: String
    /// The items in the user's order.
    public var items: [StoreItem]

    public init(name: String, items: [StoreItem] = []) {
        self.name = name
        self.items = items
    }
}
