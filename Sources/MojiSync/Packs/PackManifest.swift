import Foundation

/// The manifest of an emoji pack: Pleroma's and Akkoma's `pack.json`, or the `meta.json` of
/// Misskey's custom emoji export.
///
/// ```swift
/// let listing = try PackManifest.listing(from: data, source: "blobs.zip/pack.json")
/// listing.emoji.first?.image   // "blobcat.png", relative to the manifest
/// ```
///
/// ## pack.json (Pleroma, Akkoma)
/// ```json
/// {"files": {"blobcat": "blobcat.png", "blobfox": "fox/blobfox.png"}, "files_count": 2,
///  "pack": {"description": "Blobs", "license": "Apache 2.0", "homepage": "https://blobs.gg"}}
/// ```
/// `files` maps each shortcode to its image's path inside the pack. A JSON object has no order,
/// so the entries come sorted by code and every read gives the same listing. The pack has no
/// names, keywords or groups: each name is its code. `pack` and `files_count` are not needed.
///
/// ## meta.json (Misskey's export)
/// ```json
/// {"metaVersion": 2, "host": "misskey.example", "emojis": [
///   {"fileName": "blobcat.png", "downloaded": true,
///    "emoji": {"name": "blobcat", "category": "Blobs", "aliases": ["cat", "blob"], "license": null}}]}
/// ```
/// Entries keep the export's order. `emoji.name` is the code, `aliases` become keywords,
/// `category` the group. An entry with `"downloaded": false` (the server could not fetch its
/// image when exporting) is skipped, as Misskey's own import does.
///
/// ## Paths
/// ``SourceEmoji/image`` is the path as the manifest gives it, relative to the manifest, with
/// backslashes read as separators and `.` components dropped. An absolute path or one with `..`
/// is skipped with the reason; ``PackArchive`` then checks that the pack has the file.
public enum PackManifest {
    /// Pleroma's and Akkoma's manifest.
    public static let pleromaName = "pack.json"
    /// Misskey's export manifest.
    public static let misskeyName = "meta.json"
    /// The largest manifest read by default: 8 MB.
    public static let defaultMaximumSize = 8 << 20

    /// The listing in `data`, a `pack.json` or a `meta.json` (told apart by their contents);
    /// `source` names the file in errors. Throws a ``SourceError`` when `data` is larger than
    /// ``defaultMaximumSize``, not JSON, or neither manifest.
    public static func listing(from data: Data, source: String) throws(SourceError) -> SourceListing {
        let json = try JSONValue.decode(data, source: source, maximumSize: defaultMaximumSize)
        guard case .object = json else {
            throw SourceError(
                source: source,
                reason: "is \(json.kind), not a pack manifest (an object: Pleroma's pack.json or Misskey's meta.json)")
        }
        switch (json["files"], json["emojis"]) {
        case (.object(let files), _): return pleromaListing(files)
        case (_, .array(let entries)): return misskeyListing(entries)
        case (.string(let name), _):
            throw SourceError(
                source: source,
                reason:
                    "names its file list in another file (\(ListingBuilder.shown(name))), as Pleroma's pack index does; download the pack's archive itself, whose pack.json lists the files"
            )
        default:
            throw SourceError(
                source: source,
                reason:
                    "is neither Pleroma's pack.json (no \"files\" object) nor Misskey's meta.json (no \"emojis\" list)")
        }
    }

    private static func pleromaListing(_ files: [String: JSONValue]) -> SourceListing {
        var builder = ListingBuilder()
        for shortcode in files.keys.sorted() {
            guard let code = builder.acceptedCode(shortcode, entry: shortcode) else { continue }
            guard let value = files[shortcode], let path = value.string else {
                builder.skip(shortcode, because: "its file is \(files[shortcode]?.kind ?? "missing"), not a path")
                continue
            }
            add(code: code, path: path, entry: shortcode, to: &builder)
        }
        return builder.listing
    }

    private static func misskeyListing(_ entries: [JSONValue]) -> SourceListing {
        var builder = ListingBuilder()
        for (label, entry) in builder.objects(in: entries) {
            guard let name = entry["emoji"]?["name"]?.string else {
                builder.skip(label, because: "has no emoji.name")
                continue
            }
            guard let code = builder.acceptedCode(name, entry: name) else { continue }
            if entry["downloaded"]?.bool == false {
                builder.skip(name, because: "the export has no image for it (\"downloaded\": false)")
                continue
            }
            guard let fileName = entry["fileName"]?.string else {
                builder.skip(name, because: "has no fileName")
                continue
            }
            var keywords: [String] = []
            if case .array(let aliases) = entry["emoji"]?["aliases"] { keywords = aliases.compactMap(\.string) }
            add(
                code: code, path: fileName, entry: name, keywords: keywords,
                group: entry["emoji"]?["category"]?.string, to: &builder)
        }
        return builder.listing
    }

    private static func add(
        code: String, path: String, entry: String, keywords: [String] = [], group: String? = nil,
        to builder: inout ListingBuilder
    ) {
        switch PackPath.normalized(path) {
        case .success(let image):
            builder.add(SourceEmoji(code: code, keywords: keywords, group: group, image: image))
        case .failure(let problem):
            let shown = path.isEmpty ? "\"\"" : ListingBuilder.shown(path)
            builder.skip(entry, because: "its file \(shown) \(problem.reason)")
        }
    }
}
