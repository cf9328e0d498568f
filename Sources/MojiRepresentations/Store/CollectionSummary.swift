import MojiStore

/// A user's collection, as `moji collections --json` prints it and `/v1/me/collections` answers
/// it: `{"name":"work","items":[…]}` of ``StoreItemSummary``.
public struct CollectionSummary: Codable, Sendable, Hashable {
    /// The collection's name.
    public var name: String
    /// Its items in order.
    public var items: [StoreItemSummary]

    /// The summary of `collection`, whose custom emoji `custom` finds.
    public init(_ collection: EmojiCollection, custom: CustomEmojiLookup) {
        name = collection.name
        items = collection.items.map { StoreItemSummary($0, custom: custom) }
    }
}
