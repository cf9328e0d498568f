import Foundation
import Moji
import MojiStore

/// Applies the code, name, group and image rules to the items found on a smilie page (see
/// ``ForumSmiliePage``), keeping each code once.
struct SmilieListingBuilder {
    /// Where the page came from, to resolve relative image addresses.
    var pageURL: URL?

    /// An item that passed the rules; `isMadeUp` when its code was made from its name.
    private struct Candidate {
        var emoji: SourceEmoji
        var isMadeUp: Bool
    }

    private enum Outcome {
        case success(Candidate)
        case failure(SkippedEntry)
    }

    func listing(of items: [SmilieItem]) -> SourceListing {
        let candidates = items.map { candidate(for: $0) }
        // Codes written on the page win over codes made from names, wherever they are listed.
        var writtenCodes: [String: String] = [:]
        for case .success(let candidate) in candidates where !candidate.isMadeUp {
            let key = Self.folded(candidate.emoji.code)
            if writtenCodes[key] == nil { writtenCodes[key] = candidate.emoji.code }
        }
        var listing = SourceListing()
        var keptCodes: [String: String] = [:]
        for (item, result) in zip(items, candidates) {
            switch result {
            case .failure(let skipped):
                listing.skipped.append(skipped)
            case .success(var candidate):
                if candidate.isMadeUp {
                    // `;)` is named "wink" like `:wink:`: a made-up code never takes a code the page
                    // gives another smilie, it gets the first free numbered one (`wink-2`) instead.
                    let base = candidate.emoji.code
                    var number = 1
                    while let taken = Optional(Self.folded(candidate.emoji.code)),
                        writtenCodes[taken] != nil || keptCodes[taken] != nil
                    {
                        number += 1
                        candidate.emoji.code = "\(base)-\(number)"
                    }
                }
                let code = candidate.emoji.code
                let key = Self.folded(code)
                if let problem = SourceEmoji.problem(inCode: code) {
                    listing.skipped.append(SkippedEntry(entry: Self.entryName(of: item), reason: problem))
                } else if let kept = keptCodes[key] {
                    listing.skipped.append(
                        SkippedEntry(
                            entry: Self.entryName(of: item),
                            reason: "a duplicate of :\(kept):, listed earlier on the page; the first one is kept"))
                } else {
                    keptCodes[key] = code
                    listing.emoji.append(candidate.emoji)
                    if let group = candidate.emoji.group, !listing.groups.contains(group) {
                        listing.groups.append(group)
                    }
                }
            }
        }
        return listing
    }

    private func candidate(for item: SmilieItem) -> Outcome {
        let entry = Self.entryName(of: item)
        func skip(_ reason: String) -> Outcome {
            .failure(SkippedEntry(entry: entry, reason: reason))
        }
        guard let text = item.text, !text.allSatisfy(Self.isHTMLSpace) else {
            return skip("it has no code (no <div class=\"text\">)")
        }
        let written = Self.trimmed(text)
        if let problem = StoreText.problem(in: written) { return skip("the code \(problem)") }
        let name = item.title.flatMap(Self.cleaned)
        var code: String
        var keywords: [String] = []
        var isMadeUp = false
        if written.count >= 2, written.hasPrefix(":"), written.hasSuffix(":") {
            code = CustomEmoji.normalizedCode(written)
        } else {
            // Typed as it is, as emoticons are; an emoticon stays searchable by what is typed, as a keyword.
            if written.allSatisfy(Self.isWordCharacter) {
                code = written
            } else {
                keywords = [written]
                code = String(
                    String.UnicodeScalarView((name ?? "").lowercased().unicodeScalars.filter(Self.isCodeScalar)))
                isMadeUp = true
                if code.isEmpty {
                    return skip("an emoticon whose name gives no letters or digits to make its code from")
                }
            }
        }
        if let problem = SourceEmoji.problem(inCode: code) { return skip(problem) }
        let image: String
        switch imageAddress(item.imageSource) {
        case .success(let address): image = address
        case .failure(let reason): return skip(reason.message)
        }
        let emoji = SourceEmoji(
            code: code, name: name, keywords: keywords, group: item.section.flatMap(Self.cleaned), image: image)
        return .success(Candidate(emoji: emoji, isMadeUp: isMadeUp))
    }

    private struct ImageProblem: Error {
        var message: String
    }

    /// The image's absolute `http`/`https` address, resolved against the page's.
    private func imageAddress(_ source: String?) -> Result<String, ImageProblem> {
        guard let source, !source.allSatisfy(Self.isHTMLSpace) else {
            return .failure(ImageProblem(message: "it has no image (no <img src>)"))
        }
        // Browsers strip white space around a URL attribute; so does the page's reader.
        let written = Self.trimmed(source)
        if let problem = StoreText.problem(in: written, maximumLength: StoreText.maximumReferenceLength) {
            return .failure(ImageProblem(message: "its image address \(problem)"))
        }
        let quoted = StoreText.quoted(written)
        guard let url = URL(string: written, relativeTo: pageURL)?.absoluteURL else {
            return .failure(ImageProblem(message: "its image address \(quoted) is not a URL"))
        }
        guard let scheme = url.scheme?.lowercased() else {
            return .failure(
                ImageProblem(message: "its image address \(quoted) is relative, and the page's address is unknown"))
        }
        guard scheme == "http" || scheme == "https" else {
            return .failure(
                ImageProblem(
                    message: "its image is a \(scheme): URL (\(quoted)); only http and https images are fetched"))
        }
        guard let host = url.host, !host.isEmpty else {
            return .failure(ImageProblem(message: "its image address \(quoted) names no host"))
        }
        let address = url.absoluteString
        if address.utf8.count > StoreText.maximumReferenceLength {
            return .failure(
                ImageProblem(message: "its image address is longer than \(StoreText.maximumReferenceLength) characters")
            )
        }
        return .success(address)
    }

    /// How a skipped entry is named: its code text as written, quoted and escaped when it holds
    /// what a terminal could act on; its position when it has none.
    private static func entryName(of item: SmilieItem) -> String {
        guard let text = item.text, !text.allSatisfy(isHTMLSpace) else { return "smilie \(item.position)" }
        let written = trimmed(text)
        return StoreText.problem(in: written) == nil ? written : StoreText.quoted(written)
    }

    /// A name or section title as a browser shows it: HTML white space folded to one space,
    /// control characters dropped, cut to the longest name; nil when nothing is left.
    private static func cleaned(_ text: String) -> String? {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isHTMLSpace(Character(scalar)) {
                pendingSpace = !result.isEmpty
            } else if !isControl(scalar) {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        let cut = String(result.prefix(StoreText.maximumLength))
        return StoreText.problem(in: cut) == nil ? cut : nil
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: isHTMLSpace).reversed().drop(while: isHTMLSpace).reversed())
    }

    /// HTML's white space: space, tab, line feed, form feed, carriage return (not U+00A0).
    private static func isHTMLSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n"
            || character == "\u{0C}"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }

    /// A character of a code typed as a plain word, such as `20bux`.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "+"
    }

    /// A character kept when a code is made from a name.
    private static func isCodeScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Codes are the same when they differ only by case, as the store compares them.
    private static func folded(_ code: String) -> String { code.lowercased() }
}
