import Foundation
import Moji
import MojiStore

/// A fresh directory for one test's database, removed when the test ends.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moji-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var databaseURL: URL { url.appendingPathComponent(StoreLocation.fileName) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// An emoji of the bundled catalog, by character.
func emoji(_ text: String) -> Emoji {
    guard let found = EmojiCatalog.shared.emoji(for: text) else { fatalError("no emoji \(text) in the catalog") }
    return found
}
