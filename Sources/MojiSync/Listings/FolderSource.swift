import Foundation
import Moji

/// The custom emoji in a folder of images: each image's file name is its code
/// (`smith.gif` → `:smith:`), and an optional `emoji.json` beside them gives names, keywords
/// and groups.
///
/// ```swift
/// let listing = try FolderSource.listing(of: URL(fileURLWithPath: "/home/ana/emoji"))
/// listing.emoji.first?.image   // "smith.gif", relative to the folder
/// ```
///
/// ## The folder
/// - Images are the files ending in `.png`, `.apng`, `.gif`, `.jpg`, `.jpeg` or `.webp` (in any
///   case); other files (a licence, `emoji.json` itself) are ignored, as are hidden files and
///   folders (a name starting with `.`).
/// - A folder inside the folder is a group: `cats/blobcat.png` is `:blobcat:` in the group
///   `cats`, unless `emoji.json` gives it another group. Folders deeper than that are skipped
///   with the reason, so a stray tree (a copied `node_modules`) never floods a set.
/// - A symbolic link is followed only when it ends inside the folder at an image file; a link
///   that leaves the folder (`../secret.png`, `/etc/passwd`), a broken one and a link to a
///   folder are skipped with the reason. Anything not a regular file (a pipe, a device) is
///   skipped too, so reading an image never blocks.
/// - ``SourceEmoji/image`` is the image's path relative to the folder (`cats/blobcat.png`).
/// - Entries come sorted by path, files before folders, so every read gives the same listing;
///   of two images with one code (`smith.gif`, `smith.png`) the first is kept.
///
/// ## emoji.json
/// One object whose keys are codes (with or without colons) and whose values describe them,
/// every member optional; unknown members are ignored, and a value of the wrong type is left out:
///
/// ```json
/// {
///   "smith": {"name": "Agent Smith", "keywords": ["matrix", "agent"], "group": "Movies"},
///   ":blobcat:": {"group": "Cats"}
/// }
/// ```
///
/// A code `emoji.json` describes without an image in the folder is reported as skipped.
public enum FolderSource {
    /// The name of the file that describes the images.
    public static let manifestName = "emoji.json"
    /// The largest `emoji.json` read by default: 8 MB.
    public static let defaultMaximumManifestSize = 8 << 20
    /// The file name extensions of images, in lower case.
    public static let imageExtensions: Set<String> = ["png", "apng", "gif", "jpg", "jpeg", "webp"]

    /// The listing of `folder`. Throws a ``SourceError`` when the folder cannot be read, or when
    /// its `emoji.json` is larger than `maximumManifestSize`, not JSON, or not an object.
    public static func listing(
        of folder: URL, maximumManifestSize: Int = defaultMaximumManifestSize
    ) throws(SourceError) -> SourceListing {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw SourceError(source: folder.path, reason: "is not a folder")
        }
        let root = folder.resolvingSymlinksInPath().standardizedFileURL
        var descriptions = try manifest(in: root, maximumSize: maximumManifestSize)
        var builder = ListingBuilder()
        let topNames = try names(in: root, source: folder.path)
        var subfolders: [String] = []
        for name in topNames {
            switch kind(of: name, in: root) {
            case .folder: subfolders.append(name)
            case .file(let problem): add(name, group: nil, problem: problem, descriptions: &descriptions, to: &builder)
            case .ignored: break
            }
        }
        for subfolder in subfolders {
            let folderURL = root.appendingPathComponent(subfolder, isDirectory: true)
            guard let inner = try? names(in: folderURL, source: folder.path) else {
                builder.skip(subfolder + "/", because: "the folder cannot be read")
                continue
            }
            for name in inner {
                let path = subfolder + "/" + name
                switch kind(of: path, in: root) {
                case .folder: builder.skip(path + "/", because: "is a folder two levels deep; only one level is read")
                case .file(let problem):
                    add(path, group: subfolder, problem: problem, descriptions: &descriptions, to: &builder)
                case .ignored: break
                }
            }
        }
        for code in descriptions.keys.sorted() {
            builder.skip(code, because: "\(manifestName) describes it, but the folder has no image for it")
        }
        return builder.listing
    }

    /// What `emoji.json` says about each code, keyed by the code in lower case (codes compare
    /// without case); empty when there is no `emoji.json`.
    private static func manifest(in root: URL, maximumSize: Int) throws(SourceError) -> [String: JSONValue] {
        let url = root.appendingPathComponent(manifestName)
        let source = url.path
        guard FileManager.default.fileExists(atPath: source) else { return [:] }
        // A regular file only (a FIFO would block), read at most one byte past the limit, so a
        // huge file is refused without reading it all.
        let data = try LocalFile.read(source, maximumBytes: maximumSize)
        let json = try JSONValue.decode(data, source: source, maximumSize: maximumSize)
        guard case .object(let members) = json else {
            throw SourceError(source: source, reason: "is \(json.kind), not an object of codes")
        }
        var descriptions: [String: JSONValue] = [:]
        for (code, description) in members {
            descriptions[CustomEmoji.normalizedCode(code).lowercased()] = description
        }
        return descriptions
    }

    private static func names(in folder: URL, source: String) throws(SourceError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { !$0.hasPrefix(".") }
                .sorted()
        } catch {
            throw SourceError(source: source, reason: "cannot be read: \(error.localizedDescription)")
        }
    }

    private enum Kind {
        case folder
        /// An image file, or an entry that would be one if it were not a link out, broken, or not
        /// a regular file (the problem).
        case file(problem: String?)
        case ignored
    }

    /// What the entry at `path` (relative to `root`) is: links are judged by where they end.
    private static func kind(of path: String, in root: URL) -> Kind {
        let files = FileManager.default
        let url = root.appendingPathComponent(path)
        let isImage = imageExtensions.contains(url.pathExtension.lowercased())
        guard let attributes = try? files.attributesOfItem(atPath: url.path) else {
            return isImage ? .file(problem: "cannot be read") : .ignored
        }
        let type = attributes[.type] as? FileAttributeType
        if type == .typeDirectory { return .folder }
        if type == .typeSymbolicLink {
            let target = url.resolvingSymlinksInPath().standardizedFileURL
            let inside = target.path.hasPrefix(root.path + "/")
            var isFolder: ObjCBool = false
            let exists = files.fileExists(atPath: target.path, isDirectory: &isFolder)
            if exists, isFolder.boolValue {
                return .file(problem: "is a link to a folder, which is not followed")
            }
            guard isImage else { return .ignored }
            guard inside else { return .file(problem: "is a link to a file outside the folder") }
            guard exists else { return .file(problem: "is a link to nothing") }
            let targetType = (try? files.attributesOfItem(atPath: target.path))?[.type] as? FileAttributeType
            return .file(problem: targetType == .typeRegular ? nil : "is a link to something that is not a file")
        }
        guard isImage else { return .ignored }
        return .file(problem: type == .typeRegular ? nil : "is not a regular file")
    }

    private static func add(
        _ path: String, group folderGroup: String?, problem: String?, descriptions: inout [String: JSONValue],
        to builder: inout ListingBuilder
    ) {
        if let problem {
            builder.skip(path, because: problem)
            return
        }
        let fileName = (path as NSString).lastPathComponent
        let rawCode = (fileName as NSString).deletingPathExtension
        // Taken before the code is judged, so a file with a bad code is not also reported as a
        // description without an image.
        let description = descriptions.removeValue(forKey: CustomEmoji.normalizedCode(rawCode).lowercased())
        guard let code = builder.acceptedCode(rawCode, entry: path) else { return }
        var keywords: [String] = []
        if case .array(let values) = description?["keywords"] { keywords = values.compactMap(\.string) }
        builder.add(
            SourceEmoji(
                code: code, name: description?["name"]?.string, keywords: keywords,
                group: description?["group"]?.string ?? folderGroup, image: path))
    }
}
