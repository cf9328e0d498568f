import Foundation
import MojiStore

/// The files bundled with the module: `<moji-picker>` at `/picker.js` (its CSS inside it), the demo
/// page that uses it at `/`, its icon at `/favicon.svg` (and `/favicon.ico`, which browsers ask
/// for by themselves), and the API's OpenAPI 3.1 document, which ``OpenAPIDocument`` serves at
/// `/v1/openapi.json` with the catalog's lists.
enum WebAsset: CaseIterable {
    case page
    case picker
    case icon
    case openAPI

    /// The paths the files are served at.
    static let paths = ["/", "/index.html", "/picker.js", "/favicon.svg", "/favicon.ico"]

    /// The asset served at `path`, or nil for an API path.
    init?(path: String) {
        switch path {
        case "/", "/index.html": self = .page
        case "/picker.js": self = .picker
        case "/favicon.svg", "/favicon.ico": self = .icon
        default: return nil
        }
    }

    var contentType: String {
        switch self {
        case .page: "text/html; charset=utf-8"
        case .picker: "text/javascript; charset=utf-8"
        case .icon: "image/svg+xml"
        case .openAPI: "application/json; charset=utf-8"
        }
    }

    /// Reads every file now, on a thread of `BlockingIO`, so that no request reads one from the
    /// disk on the threads every request shares.
    static func load() async {
        await BlockingIO.run { for asset in allCases { _ = asset.contents } }
    }

    /// The file's bytes, read once; nil only when the build lacks its resources.
    var contents: Data? {
        switch self {
        case .page: Self.pageContents
        case .picker: Self.pickerContents
        case .icon: Self.iconContents
        case .openAPI: Self.openAPIContents
        }
    }

    private static let pageContents = read("index", "html")
    private static let pickerContents = read("picker", "js")
    private static let iconContents = read("favicon", "svg")
    private static let openAPIContents = read("openapi", "json", in: "OpenAPI")

    private static func read(_ name: String, _ fileExtension: String, in folder: String = "Web") -> Data? {
        Bundle.module.url(forResource: name, withExtension: fileExtension, subdirectory: folder)
            .flatMap { try? Data(contentsOf: $0) }
    }
}
