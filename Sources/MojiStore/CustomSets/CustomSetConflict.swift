/// An entry of a set that was not stored because another owner has its code: codes are unique
/// in a store across all sets, whatever their case.
///
/// Writing a set's emoji (MojiSync's `CustomSetSync` does) returns them; the sync reports each
/// as skipped, with its owner.
public struct CustomSetConflict: Sendable, Hashable, Codable {
    /// The entry's code, as the set gave it.
    public var code: String
    /// The set that has the code; nil when it was added by hand. The set's own name when the
    /// set gave the code twice (in two cases): the first one is kept.
    public var owner: String?

    public init(code: String, owner: String?) {
        self.code = code
        self.owner = owner
    }
}
