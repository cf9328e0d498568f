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
    static func isOneEditPrefix<Unit: FixedWidthInteger>(
        _ typed: UnsafeBufferPointer<Unit>, of word: UnsafeBufferPointer<Unit>
    ) -> Bool {
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

    /// A cheap test that ``isOneEditPrefix(_:of:)`` may hold for a `word` that starts with the
    /// same letter as `typed` and has at least `typed.count - 1` units (`typed` has at least
    /// four): with the edit at the second unit or later, the word's second to fourth units
    /// follow from `typed`'s. False means no match; true means check.
    @inline(__always)
    static func mayBeOneEditPrefix<Unit: FixedWidthInteger>(
        _ typed: UnsafeBufferPointer<Unit>, of word: UnsafeBufferPointer<Unit>
    ) -> Bool {
        let (t1, t2, t3) = (typed[1], typed[2], typed[3])
        let (w1, w2) = (word[1], word[2])
        // The edit after the second letter, or a letter typed twice or swapped at the second.
        if w1 == t1 || (w1 == t2 && (w2 == t3 || w2 == t1)) { return true }
        // The second letter substituted or missing: the word is at least as long as `typed`.
        guard word.count >= 4 else { return false }
        let w3 = word[3]
        return (w2 == t2 && w3 == t3) || (w2 == t1 && w3 == t2)
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
