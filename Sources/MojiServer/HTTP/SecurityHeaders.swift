import Crypto
import Foundation
import Hummingbird

/// Headers that tell a browser how to treat every answer, added where a route did not set its own:
///
/// - `X-Content-Type-Options: nosniff` on every answer, so JSON or an image is never run as a
///   script or page because its bytes look like one;
/// - on HTML (the demo page at `/`), a `Content-Security-Policy` that allows only this server's
///   scripts (`picker.js`, and the page's own inline script by its SHA-256), its images and its
///   API, with `frame-ancestors 'none'` and `X-Frame-Options: DENY`, so no other site can frame
///   the page to trick a click.
///
/// Routes that need another policy (an image: `default-src 'none'`) set theirs, which is kept.
struct SecurityHeaders: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The policy of the demo page; the picker's styles are inline (in its shadow root), so styles
    /// may be.
    static let pagePolicy: String = {
        let scripts = inlineScriptHashes(in: WebAsset.page.contents ?? Data()).map { " '\($0)'" }.joined()
        return "default-src 'self'; script-src 'self'\(scripts); style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()

    /// `sha256-…` sources for each `<script>` without attributes in `page`, as CSP computes them
    /// over the script's text.
    static func inlineScriptHashes(in page: Data) -> [String] {
        let text = String(decoding: page, as: UTF8.self)
        var hashes: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "<script>"), let close = rest[open.upperBound...].range(of: "</script>") {
            let script = rest[open.upperBound..<close.lowerBound]
            hashes.append("sha256-" + Data(SHA256.hash(data: Data(script.utf8))).base64EncodedString())
            rest = rest[close.upperBound...]
        }
        return hashes
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.xContentTypeOptions] == nil { response.headers[.xContentTypeOptions] = "nosniff" }
        if response.headers[.contentType]?.lowercased().hasPrefix("text/html") == true {
            if response.headers[.contentSecurityPolicy] == nil {
                response.headers[.contentSecurityPolicy] = Self.pagePolicy
            }
            // HTTPTypes has no name for it (and Hummingbird exports only HTTPFields).
            if response.headers[.init("X-Frame-Options")!] == nil {
                response.headers[.init("X-Frame-Options")!] = "DENY"
            }
        }
        return response
    }
}
