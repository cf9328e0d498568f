import Foundation

/// Reads local files (a saved page, an `emoji.list` answer, a folder's image) with a size limit
/// checked before and while reading, so a huge or growing file is never read whole.
enum LocalFile {
    static func read(_ path: String, maximumBytes: Int) throws(SourceError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw SourceError(
                source: path, reason: exists ? "cannot be read (check its permissions)" : "does not exist")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else {
                throw SourceError(source: path, reason: "is larger than \(maximumBytes) bytes, the most read")
            }
            return data
        } catch let error as SourceError {
            throw error
        } catch {
            throw SourceError(source: path, reason: "cannot be read (\(error.localizedDescription))")
        }
    }
}
