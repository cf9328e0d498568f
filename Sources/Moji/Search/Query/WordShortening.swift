/// The start of a typed word that matches nothing, even with a typo, by which it is looked for:
/// people type words the catalog does not hold whose start it does, as an inflection, a
/// diminutive, a compound or a drawn-out spelling of a word it knows ("amorcito" → "amor" 🥰,
/// "lachkrampf" → "lach" 😂, "おやすみー" → "おやすみ" 🌙, "mdrrr" → "mdr").
enum WordShortening {
    /// The fewest letters kept of a word in a spaced script: shorter starts are shared by too
    /// many unrelated words ("pro" of "propuesta").
    static let minimumSpacedLength = 4
    /// The fewest characters kept of a word in a script without spaces, where two kana or kanji
    /// already make a word (わら of わらわら).
    static let minimumUnspacedLength = 2

    /// Whether a start is looked for in `segment`: the first locale's names and keywords and the
    /// custom emoji (``SearchSegment/localeRank`` 0), not the English shortcodes every locale
    /// has, nor another locale's words, where a shared start is chance ("hündchen" is not
    /// "hundred").
    static func searches(_ segment: SearchSegment) -> Bool {
        if case .universal = segment.source { return false }
        return segment.localeRank == 0
    }

    /// The longest form of `token` that starts a word of a segment it ``searches(_:)``, or nil.
    ///
    /// A letter typed three or more times in a row is first taken as typed twice, then once,
    /// where that makes a whole word ("coool" → "cool", "mdrrr" → "mdr", "siii" → "si", but
    /// "lolll" is "lol", not the start of "lollipop"): drawing a word out is how people write it
    /// in chat. Then letters come off the end, one at a time, down to the minimum length (of a
    /// Japanese word after its polite お or ご, if it has one and nothing else matched).
    static func shortened(_ token: SearchQuery.Token, in index: SearchIndex) -> SearchQuery.Token? {
        let typed = token.scalars
        let minimum = token.isUnspaced ? minimumUnspacedLength : minimumSpacedLength
        for repeats in [2, 1] {
            let collapsed = collapsingRuns(typed, keeping: repeats)
            // One letter over and over is no word drawn out ("xxxx…" is not "x").
            if collapsed.count < typed.count, Set(collapsed).count > 1,
                let word = firstLocaleWords(collapsed, like: token, in: index, whole: true)
            {
                return word
            }
        }
        // A Japanese word with the polite お or ご before it (お手紙, お箸) is the word without it.
        // Written in kanji, that comes before the word shortened, which would keep the お
        // (お手); in kana, after it, as most kana after お start some word (おはー is おは of
        // おはよう, not はー of はーと ❤️).
        let rest = token.isUnspaced && typed.count > 1 && honorifics.contains(typed[0]) ? Array(typed.dropFirst()) : nil
        let restIsKanji = rest.map { TextFolding.isHan($0[0]) } ?? false
        if let rest, restIsKanji, let word = firstLocaleWords(rest, like: token, in: index, whole: false) {
            return word
        }
        if let start = shortening(typed, like: token, in: index, from: typed.count - 1, minimum: minimum) {
            return start
        }
        // One kanji is a word (お星様: 星).
        guard let rest else { return nil }
        return shortening(
            rest, like: token, in: index, from: restIsKanji ? rest.count - 1 : rest.count,
            minimum: restIsKanji ? 1 : minimum)
    }

    /// The longest start of `scalars`, of at most `longest` and at least `minimum` characters,
    /// that starts a word of a segment it searches.
    private static func shortening(
        _ scalars: [UInt32], like token: SearchQuery.Token, in index: SearchIndex, from longest: Int, minimum: Int
    ) -> SearchQuery.Token? {
        var length = longest
        while length >= minimum {
            if let start = firstLocaleWords(Array(scalars[..<length]), like: token, in: index, whole: false) {
                return start
            }
            length -= 1
        }
        return nil
    }

    /// お, ご and 御, which Japanese puts before a word to say it politely.
    static let honorifics: Set<UInt32> = [0x304A, 0x3054, 0x5FA1]

    /// `scalars` with each run of one character three or more long cut to `keeping`; a letter
    /// typed twice is how many words are spelled ("pizza"), so it stays.
    static func collapsingRuns(_ scalars: [UInt32], keeping: Int) -> [UInt32] {
        var collapsed: [UInt32] = []
        collapsed.reserveCapacity(scalars.count)
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count && scalars[end] == scalars[start] { end += 1 }
            let run = end - start
            collapsed.append(contentsOf: repeatElement(scalars[start], count: run >= 3 ? keeping : run))
            start = end
        }
        return collapsed
    }

    /// `scalars` as a token like `token` if a word of a segment it searches is them (`whole`)
    /// or starts with them.
    private static func firstLocaleWords(
        _ scalars: [UInt32], like token: SearchQuery.Token, in index: SearchIndex, whole: Bool
    ) -> SearchQuery.Token? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        UTF8Codec.append(scalars, to: &bytes)
        let found = index.segments.contains { segment in
            guard searches(segment) else { return false }
            return bytes.withUnsafeBufferPointer {
                whole ? segment.words.index(of: $0) != nil : !segment.words.prefixRange(of: $0).isEmpty
            }
        }
        guard found else { return nil }
        return SearchQuery.Token(scalars: scalars, bytes: bytes, isUnspaced: token.isUnspaced, hasMark: token.hasMark)
    }
}
