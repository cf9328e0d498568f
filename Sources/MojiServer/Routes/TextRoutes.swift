import Foundation
import Hummingbird
import Moji
import MojiRepresentations
import MojiStore

/// `POST /v1/text/find`, `/v1/text/emojify` and `/v1/text/demojify`: the text commands of the CLI
/// (`moji find --json`, `moji emojify`, `moji demojify`) with the text in a JSON body.
///
/// Emojifiers and demojifiers take milliseconds to build (every code of their presets goes into a
/// table), so each combination of presets and locale is built once and kept (a few dozen at most).
struct TextRoutes: Sendable {
    let service: CatalogService
    let limits: ServerLimits
    /// Where the answers are made: a text of 64 KB of keycaps is a 1.26 MB answer.
    let heavyWork: HeavyWork
    private let emojifiers = BoundedCache<String, Emojifier>(capacity: 32)
    private let demojifiers = BoundedCache<String, Demojifier>(capacity: 32)

    init(service: CatalogService, limits: ServerLimits, heavyWork: HeavyWork) {
        self.service = service
        self.limits = limits
        self.heavyWork = heavyWork
    }

    private struct FindBody: Decodable, Sendable {
        var text: String
    }

    private struct Matches: Encodable {
        var matches: [FoundEmojiSummary]
    }

    private struct TextAnswer: Encodable {
        var text: String
    }

    /// `{"text"}` → `{"matches":[…]}`, each as a line of `moji find --json`.
    func find(_ request: Request) async throws -> Response {
        let body = try await decodeJSONBody(FindBody.self, from: request, limit: limits.bodyBytes)
        let version = service.version
        return try await heavyWork.run {
            let matches = Self.scanner.matches(in: body.text).map {
                FoundEmojiSummary($0, written: String($0.text(in: body.text)))
            }
            return try APIResponse.json(Matches(matches: matches), cache: nil, version: version, request: request)
        }
    }

    private struct EmojifyBody: Decodable, Sendable {
        var text: String
        var presets: [String]?
        var cldrLocale: String?
        var emoticons: Bool?
        var customSet: String?
        var html: Bool?
    }

    /// `{"text", "presets"?, "cldrLocale"?, "emoticons"?, "customSet"?, "html"?}` → `{"text"}`, as
    /// `moji emojify`; a custom set's codes become `<img>` tags whose `src` is this server's copy.
    func emojify(_ request: Request) async throws -> Response {
        let body = try await decodeJSONBody(EmojifyBody.self, from: request, limit: limits.bodyBytes)
        return try await heavyWork.run { try emojify(body, request) }
    }

    private func emojify(_ body: EmojifyBody, _ request: Request) throws -> Response {
        let presets = try Self.presets(body.presets ?? ShortcodePreset.allCases.map(\.rawValue), key: "presets")
        let locale = try service.localized(body.cldrLocale).locale
        let emoticons = body.emoticons ?? false
        let key = "\(presets.map(\.rawValue))|\(locale.identifier)|\(emoticons)"
        var emojifier = try emojifiers.value(for: key) {
            do {
                return try Emojifier(
                    catalog: service.catalog, presets: presets, locale: locale, convertsEmoticons: emoticons)
            } catch {
                throw ProblemDetails(
                    type: "catalog-unavailable", title: "Catalog unavailable", status: 503, detail: "\(error)")
            }
        }
        emojifier.escapesHTML = body.html ?? false
        if let name = body.customSet {
            guard body.html == true else {
                throw ProblemDetails.badParameter(
                    "customSet", "custom emoji are images with no text form: customSet needs \"html\": true.")
            }
            try register(set: name, in: &emojifier)
        }
        return try APIResponse.json(
            TextAnswer(text: emojifier.emojify(body.text)), cache: nil, version: service.version, request: request)
    }

    /// Registers each emoji of the set as its `<img>`: this server's cached copy, else the http(s)
    /// URL it was imported from; one with neither stays a `:code:`.
    private func register(set name: String, in emojifier: inout Emojifier) throws {
        guard case .success(let store) = service.store else {
            throw ProblemDetails(
                type: "not-ready", title: "Not ready", status: 503, detail: "the store cannot be opened.")
        }
        let emoji: [CustomEmoji]
        do {
            guard try store.custom.set(named: name) != nil else {
                // 404, as for an unknown emoji: the body is well formed, and what it names is not here.
                throw ProblemDetails(
                    type: "unknown-custom-set", title: "Unknown custom set", status: 404,
                    detail: "customSet: there is no custom set named '\(name.prefix(64))'. GET /v1/custom lists them.")
            }
            emoji = try store.custom.emoji(inSet: name)
        } catch let error as StoreError {
            throw ProblemDetails(type: "not-ready", title: "Not ready", status: 503, detail: "\(error)")
        }
        for custom in emoji {
            guard let source = Self.imageSource(of: custom) else { continue }
            emojifier.register(custom.code, as: custom.htmlImage(source: source))
        }
    }

    /// Where clients fetch a custom emoji's image: this server's copy when cached (it never changes),
    /// else the http(s) URL it was imported from, without any user, password, query or fragment.
    static func imageSource(of custom: CustomEmoji) -> String? {
        if let image = custom.cachedImage { return "/v1/images/\(image.fileName)" }
        return custom.shareableImageURL
    }

    private struct DemojifyBody: Decodable, Sendable {
        var text: String
        var preset: String?
        var cldrLocale: String?
    }

    /// `{"text", "preset"?, "cldrLocale"?}` → `{"text"}`, as `moji demojify`.
    func demojify(_ request: Request) async throws -> Response {
        let body = try await decodeJSONBody(DemojifyBody.self, from: request, limit: limits.bodyBytes)
        return try await heavyWork.run { try demojify(body, request) }
    }

    private func demojify(_ body: DemojifyBody, _ request: Request) throws -> Response {
        let preset = try Self.presets([body.preset ?? ShortcodePreset.github.rawValue], key: "preset")[0]
        let locale = try service.localized(body.cldrLocale).locale
        let key = "\(preset.rawValue)|\(locale.identifier)"
        let demojifier = try demojifiers.value(for: key) {
            do {
                return try Demojifier(preset: preset, catalog: service.catalog, locale: locale, scanner: Self.scanner)
            } catch {
                throw ProblemDetails(
                    type: "catalog-unavailable", title: "Catalog unavailable", status: 503, detail: "\(error)")
            }
        }
        return try APIResponse.json(
            TextAnswer(text: demojifier.demojify(body.text)), cache: nil, version: service.version, request: request)
    }

    /// The scanner the CLI uses without `--include-unqualified`.
    private static var scanner: EmojiScanner { EmojiScanner.shared.withTextPresentation(.requireEmojiPresentation) }

    private static func presets(_ names: [String], key: String) throws(ProblemDetails) -> [ShortcodePreset] {
        let known = ShortcodePreset.allCases.map(\.rawValue).joined(separator: ", ")
        guard !names.isEmpty else { throw .badParameter(key, "name at least one preset: \(known).") }
        var presets: [ShortcodePreset] = []
        for name in names {
            guard let preset = ShortcodePreset(name: name) else {
                throw .badParameter(key, "unknown preset '\(name.prefix(40))'. Presets: \(known).")
            }
            if !presets.contains(preset) { presets.append(preset) }
        }
        return presets
    }
}
