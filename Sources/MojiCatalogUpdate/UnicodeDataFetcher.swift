import Foundation
import Moji
import MojiStore
import MojiSync

/// Fetches the upstream files a catalog is built from (`moji data update --from-unicode URL`)
/// into a local folder laid out like the URL, for `moji-data`'s builder to read.
///
/// The URL is the root of a tree laid out like Moji's `../shared/data`:
///
/// ```
/// unicode/<version>/emoji-test.txt, emoji-data.txt        required
/// cldr-48/annotations/*.json, annotationsDerived/*.json  required (en at least)
/// cldr-48/characterLabels/*.json                         group names, where emojibase has none
/// emojibase-17/en/shortcodes/*.json, data.json           shortcodes and emoticons (required)
/// emojibase-17/<locale>/messages.json, shortcodes/…      localized group names and CLDR shortcodes
/// gemoji/emoji.json                                      GitHub shortcodes and search tags (required)
/// ```
///
/// A static server does not say which files a folder holds, so the folders whose files are
/// enumerated (`unicode/`, the CLDR folders, `emojibase-17/`) must be served with directory
/// listings, as `python3 -m http.server`, nginx's `autoindex` or Apache's do: the links of the
/// listing page are read.
public struct UnicodeDataFetcher: Sendable {
    /// How files are fetched.
    public var transport: any HTTPTransport
    /// The CLDR folder's name (`cldr-48`).
    public var cldrFolder: String
    /// The emojibase folder's name (`emojibase-17`).
    public var emojibaseFolder: String

    /// A fetcher.
    public init(transport: any HTTPTransport = URLSessionTransport(), cldrFolder: String, emojibaseFolder: String) {
        self.transport = transport
        self.cldrFolder = cldrFolder
        self.emojibaseFolder = emojibaseFolder
    }

    static let maximumFileBytes = 64 << 20

    /// Fetches every file into `folder`.
    ///
    /// - Parameters:
    ///   - root: The URL of the tree (`https://example.com/data/`).
    ///   - unicodeFolder: The folder under `unicode/` (`18.0-draft`); nil takes the newest
    ///     folder named by a version alone.
    ///   - folder: The local folder to write the tree into.
    /// - Returns: The Unicode folder read and the number of files fetched.
    public func fetch(from root: URL, unicodeFolder: String?, into folder: URL) async throws(CatalogUpdateError)
        -> (unicodeFolder: String, fileCount: Int)
    {
        let root = root.absoluteString.hasSuffix("/") ? root : root.appendingPathComponent("")
        var count = 0
        func get(_ path: String, required: Bool) async throws(CatalogUpdateError) {
            let data: Data
            do throws(FetchError) {
                data = try await transport.get(
                    FetchRequest(url: root.appendingPathComponent(path), maximumBytes: Self.maximumFileBytes)
                ).body
            } catch {
                if !required, case .status(404, _, _) = error { return }
                throw .unreachable(error)
            }
            let target = folder.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target)
            } catch {
                throw .cannotWrite(path: target.path, reason: CatalogUpdater.reason(error))
            }
            count += 1
        }

        let unicode: String
        if let unicodeFolder {
            unicode = unicodeFolder
        } else {
            let versions = try await listing(root, "unicode/").filter { $0.hasSuffix("/") }.map {
                String($0.dropLast())
            }
            guard
                let newest = versions.compactMap({ name in EmojiVersion(name).map { (name, $0) } })
                    .max(by: { $0.1 < $1.1 })
            else {
                throw .buildFailed(
                    reason:
                        "\(root.absoluteString)unicode/ lists no release folder (a name that is a version alone); name one with --unicode"
                )
            }
            unicode = newest.0
        }
        for file in ["emoji-test.txt", "emoji-data.txt"] { try await get("unicode/\(unicode)/\(file)", required: true) }
        for sub in ["annotations", "annotationsDerived", "characterLabels"] {
            let names = try await listing(root, "\(cldrFolder)/\(sub)/", required: sub != "characterLabels")
            for name in names where name.hasSuffix(".json") && Self.isPlainName(name) {
                try await get("\(cldrFolder)/\(sub)/\(name)", required: true)
            }
        }
        for file in ["github", "iamcal", "emojibase"] {
            try await get("\(emojibaseFolder)/en/shortcodes/\(file).json", required: true)
        }
        try await get("\(emojibaseFolder)/en/data.json", required: true)
        for locale in try await listing(root, "\(emojibaseFolder)/", required: false)
        where locale.hasSuffix("/") && Self.isPlainName(String(locale.dropLast())) {
            try await get("\(emojibaseFolder)/\(locale)messages.json", required: false)
            for preset in ["cldr", "cldr-native"] {
                try await get("\(emojibaseFolder)/\(locale)shortcodes/\(preset).json", required: false)
            }
        }
        try await get("gemoji/emoji.json", required: true)
        return (unicode, count)
    }

    /// The entries a directory listing page links to (`en.json`, `18.0-draft/`), without
    /// parent, absolute or query links.
    func listing(_ root: URL, _ path: String, required: Bool = true) async throws(CatalogUpdateError) -> [String] {
        let body: Data
        do throws(FetchError) {
            body = try await transport.get(
                FetchRequest(url: root.appendingPathComponent(path), maximumBytes: Self.maximumFileBytes)
            ).body
        } catch {
            if !required, case .status(404, _, _) = error { return [] }
            if case .status(404, _, _) = error {
                throw .buildFailed(
                    reason: "\(root.absoluteString)\(path) is not listed; serve the folder with directory listings "
                        + "(python3 -m http.server does)")
            }
            throw .unreachable(error)
        }
        return Self.links(in: String(decoding: body, as: UTF8.self))
    }

    /// The relative `href`s of an HTML page, percent-decoded.
    static func links(in html: String) -> [String] {
        var links: [String] = []
        var rest = html[...]
        while let range = rest.range(of: "href=\"") {
            rest = rest[range.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let link = String(rest[..<end]).removingPercentEncoding ?? String(rest[..<end])
            rest = rest[end...]
            if !link.hasPrefix("/"), !link.hasPrefix("."), !link.contains(":"), !link.contains("?"),
                !link.contains("#")
            {
                links.append(link)
            }
        }
        return links
    }

    /// A file or folder name without path separators or dots in front.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\")
    }
}
