/// One-typo matching of a typed word against the start of an indexed word.
enum TypoTolerance {
    /// Words shorter than this match exactly only.
    static let minimumLength = 4

    /// Works on scalars, or on UTF-8 bytes when the typed word is ASCII (a byte of a
    /// multi-byte letter never equals an ASCII byte, so the answer is the same but for a
    /// non-ASCII letter substituted for an ASCII one, which folding makes rare).
    ///
    /// Whether `typed` becomes a prefix of `word` with exactly one edit: a letter inserted,
    /// deleted, substituted, or two neighbours transposed (`pizaa` → `pizza`, `thmubs` → `thumbs`).
    /// A `typed` that already is a prefix is not a typo match.
    @inline(__always)
    static func isOneEditPrefix<Unit: FixedWidthInteger>(_ typed: UnsafeBufferPointer<Unit>, of word: UnsafeBufferPointer<Unit>) -> Bool {
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

    @inline(__always)
    private static func isPrefix<Unit: FixedWidthInteger>(
        _ typed: UnsafeBufferPointer<Unit>, from start: Int, of word: UnsafeBufferPointer<Unit>, from wordStart: Int
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
