import Foundation

/// Where the store keeps its database when no path is given.
public enum StoreLocation {
    /// The file name of the database inside its directory.
    public static let fileName = "moji.sqlite"

    /// `$MOJI_HOME/moji.sqlite`, else `$XDG_DATA_HOME/moji/moji.sqlite`, else
    /// `~/.local/share/moji/moji.sqlite`. A relative `XDG_DATA_HOME` is ignored, as the XDG Base
    /// Directory specification requires.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory(environment: environment).appendingPathComponent(fileName)
    }

    /// The directory of ``defaultURL(environment:)``.
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment["MOJI_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        // The spec: "If an implementation encounters a relative path in any of these variables it
        // should consider the path invalid and ignore it." A relative one would put the store in
        // whatever directory the command happens to run in.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("moji", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/moji", isDirectory: true)
    }

    /// Creates the directory that holds `url`, with its parents.
    static func createDirectory(for url: URL) throws(StoreError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: directory.path, reason: error.localizedDescription)
        }
    }
}
