import Moji

/// One judged query: what a person types into a picker and the emoji they mean.
///
/// ```swift
/// let judgement = SearchJudgement(query: "cake", intended: cake, alternatives: [shortcake])
/// judgement.prefixes              // ["c", "ca", "cak", "cake"]
/// judgement.accepts(birthdayCake) // true for the intended emoji or an alternative
/// ```
public struct SearchJudgement: Sendable, Hashable {
    /// The whole word or phrase as typed.
    public var query: String
    /// The emoji the person means (neutral).
    public var intended: Emoji
    /// Emoji that satisfy the person just as well (neutral).
    public var alternatives: [Emoji]

    public init(query: String, intended: Emoji, alternatives: [Emoji] = []) {
        self.query = query
        self.intended = intended.neutral
        self.alternatives = alternatives.map(\.neutral)
    }

    /// Every prefix of the query as a search field sees it while it is typed, one character
    /// (`Character`) at a time, spaces included; the last is the whole query.
    public var prefixes: [String] {
        let characters = Array(query)
        return characters.indices.map { String(characters[...$0]) }
    }

    /// Whether `emoji`, or the neutral emoji it is a toned form of, is the intended one or an
    /// alternative.
    public func accepts(_ emoji: Emoji) -> Bool {
        let neutral = emoji.neutral
        return neutral == intended || alternatives.contains(neutral)
    }
}
