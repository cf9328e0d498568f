import Moji

/// A locale with names and keywords: what `moji locales --json` prints and `GET /v1/locales` answers.
public struct LocaleSummary: Codable, Sendable, Hashable {
    /// The identifier to ask for, e.g. `pt-BR`.
    public var identifier: String
    /// Its name in English.
    public var english: String
    /// Its name in itself.
    public var native: String

    /// The summary of `locale`.
    public init(_ locale: MojiLocale) {
        identifier = locale.identifier
        let names = locale.displayName
        english = names.english
        native = names.native
    }
}
