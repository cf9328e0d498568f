/// What a result needs to say, when asked, which fields matched: the index and the query.
final class SearchContext: Sendable {
    let index: SearchIndex
    let query: SearchQuery
    /// The starts of the query's words they were looked for by, where a word matched nothing
    /// (``SearchMatcher/shortenedWords``).
    let shortenedWords: [SearchQuery.Token]

    init(index: SearchIndex, query: SearchQuery, shortenedWords: [SearchQuery.Token] = []) {
        self.index = index
        self.query = query
        self.shortenedWords = shortenedWords
    }

    /// The fields of `entry` that match the query, exact ones first, then names, shortcodes,
    /// keywords.
    func matches(of entry: Int) -> [SearchMatch] {
        var exact: [SearchMatch] = []
        var partial: [SearchMatch] = []
        func check(_ field: SearchField, _ locale: MojiLocale?, _ text: String) {
            if let match = match(field, locale, text) {
                if match.ranges == [text.startIndex..<text.endIndex] && isExact(text, field) {
                    exact.append(match)
                } else {
                    partial.append(match)
                }
            }
        }
        if entry >= index.catalogEntryCount {
            let custom = index.custom[entry - index.catalogEntryCount]
            check(.customCode, nil, custom.code)
            check(.name, nil, custom.name)
            for keyword in custom.keywords { check(.keyword, nil, keyword) }
        } else if let emoji = index.emojis[entry] {
            check(.character, nil, emoji.character)
            for emoticon in emoji.emoticons { check(.emoticon, nil, emoticon) }
            for table in index.localized { check(.name, table.locale, table.name(of: emoji)) }
            for preset in [ShortcodePreset.github, .slack, .emojibase] {
                for code in emoji.shortcodes(preset) { check(.shortcode(preset), nil, code) }
            }
            for table in index.localized {
                for code in table.shortcodes(of: emoji) { check(.shortcode(.cldr), table.locale, code) }
            }
            for table in index.localized {
                for keyword in table.keywords(of: emoji) { check(.keyword, table.locale, keyword) }
            }
        }
        return exact + partial
    }

    private func isExact(_ text: String, _ field: SearchField) -> Bool {
        let raw = TextFolding.rawKey(text)
        if raw == query.rawScalars { return true }
        if let key = query.shortcodeKey {
            var bytes: [UInt8] = [SearchSegment.rawKeyMarker]
            UTF8Codec.append(raw, to: &bytes)
            if bytes == key { return true }
        }
        return field == .name && TextFolding.words(text) == query.tokens.map(\.scalars)
    }

    private func match(_ field: SearchField, _ locale: MojiLocale?, _ text: String) -> SearchMatch? {
        guard !text.isEmpty else { return nil }
        if isExact(text, field) {
            return SearchMatch(field: field, locale: locale, text: text, ranges: [text.startIndex..<text.endIndex])
        }
        if field == .character || field == .emoticon { return nil }
        var ranges: [Range<String.Index>] = []
        for (range, word) in TextFolding.wordRanges(text) {
            if shortenedWords.contains(where: { word.starts(with: $0.scalars) }) {
                ranges.append(range)
                continue
            }
            let matched = query.tokens.contains { token in
                if word.starts(with: token.scalars) { return true }
                if token.isUnspaced, word.count > token.scalars.count,
                    word.indices.contains(where: { word[$0...].starts(with: token.scalars) })
                {
                    return true
                }
                guard token.scalars.count >= TypoTolerance.minimumLength, !token.isUnspaced else { return false }
                return token.scalars.withUnsafeBufferPointer { typed in
                    word.withUnsafeBufferPointer { TypoTolerance.isOneEditPrefix(typed, of: $0) }
                }
            }
            if matched { ranges.append(range) }
        }
        return ranges.isEmpty ? nil : SearchMatch(field: field, locale: locale, text: text, ranges: ranges)
    }
}
