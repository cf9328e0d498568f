import Moji

/// A group with its subgroups, named in one locale: what `moji list --groups --json` prints and
/// `GET /v1/groups` answers.
public struct GroupSummary: Codable, Sendable, Hashable {
    /// A subgroup: identifier and localized name.
    public struct Subgroup: Codable, Sendable, Hashable {
        /// The identifier, e.g. `face-smiling`.
        public var identifier: String
        /// The name in the locale.
        public var name: String
    }

    /// The identifier, e.g. `food-drink`.
    public var identifier: String
    /// The name in the locale.
    public var name: String
    /// Its subgroups in CLDR order.
    public var subgroups: [Subgroup]

    /// The summary of `group` with names from `localized`.
    public init(_ group: EmojiGroup, in catalog: EmojiCatalog, localized: LocalizedCatalog) {
        identifier = group.identifier
        name = localized.name(of: group)
        subgroups = catalog.subgroups(in: group).map {
            Subgroup(identifier: $0.identifier, name: localized.name(of: $0))
        }
    }
}
