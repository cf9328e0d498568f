/// One-typo matching of a typed word against the start of an indexed word.
enum TypoTolerance {
    /// Words shorter than this match exactly only.
    static let minimumLength = 4

    /// Whether `typed` becomes a prefix of `word` with exactly one edit: a letter inserted,
    /// deleted, substituted, or two neighbours transposed (`pizaa` → `pizza`, `thmubs` → `thumbs`).
    /// A `typed` that already is a prefix is not a typo match.
    static func isOneEditPrefix(_ typed: UnsafeBufferPointer<UInt32>, of word: UnsafeBufferPointer<UInt32>) -> Bool {
        let n = typed.count
        let m = word.count
        var i = 0
        while i < n && i < m && typed[i] == word[i] { i += 1 }
        if i == n { return false }
        // Substitution at i.
        if i < m && isPrefix(typed, from: i + 1, of: word, from: i + 1) { return true }
        // An extra letter typed at i.
        if isPrefix(typed, from: i + 1, of: word, from: i) { return true }
        // A letter missing at i.
        if i < m && isPrefix(typed, from: i, of: word, from: i + 1) { return true }
        // Neighbours swapped.
        if i + 1 < n && i + 1 < m && typed[i] == word[i + 1] && typed[i + 1] == word[i] {
            return isPrefix(typed, from: i + 2, of: word, from: i + 2)
        }
        return false
    }

    private static func isPrefix(
        _ typed: UnsafeBufferPointer<UInt32>, from start: Int, of word: UnsafeBufferPointer<UInt32>, from wordStart: Int
    ) -> Bool {
        let length = typed.count - start
        if length < 0 { return false }
        if wordStart + length > word.count { return false }
        var offset = 0
        while offset < length {
            if typed[start + offset] != word[wordStart + offset] { return false }
            offset += 1
        }
        return true
    }
}
