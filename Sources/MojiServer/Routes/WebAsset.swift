import Foundation

/// The web picker's files, bundled with the module: `<moji-picker>` at `/picker.js` (its CSS
/// inside it) and the demo page that uses it at `/`.
enum WebAsset {
    case page
    case picker

    /// The asset served at `path`, or nil for an API path.
    init?(path: String) {
        switch path {
        case "/", "/index.html": self = .page
        case "/picker.js": self = .picker
        default: return nil
        }
    }

    var contentType: String {
        switch self {
        case .page: "text/html; charset=utf-8"
        case .picker: "text/javascript; charset=utf-8"
        }
    }

    /// The file's bytes, read once; nil only when the build lacks its resources.
    var contents: Data? {
        switch self {
        case .page: Self.pageContents
        case .picker: Self.pickerContents
        }
    }

    private static let pageContents = read("index", "html")
    private static let pickerContents = read("picker", "js")

    private static func read(_ name: String, _ fileExtension: String) -> Data? {
        Bundle.module.url(forResource: name, withExtension: fileExtension, subdirectory: "Web")
            .flatMap { try? Data(contentsOf: $0) }
    }
}
