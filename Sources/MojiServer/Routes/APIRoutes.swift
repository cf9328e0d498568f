import Foundation
import Hummingbird
import Moji

/// Answers every request: checks the limits, finds the route, and turns every failure into problem
/// details, so no input a client sends can crash the server or show it a stack trace.
struct APIRoutes: Sendable {
    let service: CatalogService
    let limits: ServerLimits
    let text: TextRoutes
    let custom: CustomRoutes
    let images: ImageRoutes

    let users: UserRoutes
    /// Where large answers are made, a few at a time.
    let heavyWork: HeavyWork
    /// The `max-version` of a request that names none (``ServerConfiguration/defaultMaximumVersion``).
    let defaultMaximumVersion: EmojiVersion?

    init(
        service: CatalogService, limits: ServerLimits, imageDirectory: URL, users: UserRoutes,
        defaultMaximumVersion: EmojiVersion? = nil
    ) {
        self.service = service
        self.limits = limits
        self.defaultMaximumVersion = defaultMaximumVersion
        let heavyWork = HeavyWork(capacity: limits.heavyRequests)
        self.heavyWork = heavyWork
        text = TextRoutes(service: service, limits: limits, heavyWork: heavyWork)
        custom = CustomRoutes(service: service)
        images = ImageRoutes(directory: imageDirectory)
        self.users = users
    }

    /// The routes, for the 404 of an unknown one.
    static let routes = [
        "/v1/health", "/v1/emoji", "/v1/emoji/{emoji | hexcode | :shortcode:}", "/v1/groups", "/v1/locales",
        "/v1/search", "/v1/picker-data", "/v1/text/find", "/v1/text/emojify", "/v1/text/demojify", "/v1/custom",
        "/v1/images/{file}", "/v1/openapi.json", "/v1/me/…", "/v1/users/{user}/…",
    ]

    func respond(to request: Request) async -> Response {
        do {
            return try await route(request)
        } catch let problem as ProblemDetails where Self.bodyProblems.contains(problem.type) {
            // The body may still be arriving (slowly, or past the limit): the connection is closed
            // after the answer rather than kept for a next request that would have to wait for it.
            var response = APIResponse.problem(problem)
            response.headers[.connection] = "close"
            return response
        } catch let problem as ProblemDetails {
            return APIResponse.problem(problem)
        } catch let busy as HeavyWorkBusy {
            return busy.response
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return APIResponse.problem(bodyTooLarge)
        } catch {
            return APIResponse.problem(
                ProblemDetails(
                    type: "internal", title: "Internal error", status: 500,
                    detail: "the server could not answer this request."))
        }
    }

    /// The body read whole, or ``BodyReadTimeout`` when it has not all come within `seconds`.
    static func collectBody(of request: Request, upTo limit: Int, within seconds: Int) async throws -> ByteBuffer {
        let body = request.body
        return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let collected = first else { throw BodyReadTimeout() }
            return collected
        }
    }

    /// A request body that did not all arrive in time.
    struct BodyReadTimeout: Error {}

    /// The problems of a body that was not read whole.
    static let bodyProblems: Set<String> = ["bad-body", "body-timeout", "body-too-large"]

    private var bodyTooLarge: ProblemDetails {
        ProblemDetails(
            type: "body-too-large", title: "Body too large", status: 413,
            detail: "the request body is larger than \(limits.bodyBytes) bytes.")
    }

    private func route(_ request: Request) async throws -> Response {
        let path = request.uri.path
        let query = request.uri.query
        if path.utf8.count > limits.queryLength || (query?.utf8.count ?? 0) > limits.queryLength {
            throw ProblemDetails(
                type: "uri-too-long", title: "URI too long", status: 414,
                detail: "the path and the query may each be \(limits.queryLength) bytes at most.")
        }
        if let length = request.headers[.contentLength], (Int(length) ?? Int.max) > limits.bodyBytes {
            throw bodyTooLarge
        }
        // Read whatever body came, up to the limit (a chunked one has no length to check), and keep
        // it for the routes that read it.
        var request = request
        let body: ByteBuffer
        do {
            body = try await Self.collectBody(of: request, upTo: limits.bodyBytes, within: limits.bodySeconds)
            request.body = RequestBody(buffer: body)
        } catch is BodyReadTimeout {
            // A body trickled slower than this (a chunk a second) would hold its connection forever.
            throw ProblemDetails(
                type: "body-timeout", title: "Request timeout", status: 408,
                detail: "the request body did not arrive within \(limits.bodySeconds) s; send it at once.")
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            // A chunked body past the limit (NIO's too-many-bytes error): as one with a Content-Length.
            throw bodyTooLarge
        } catch {
            // The body stream broke off: a malformed chunk size or encoding. The client's mistake.
            throw ProblemDetails(
                type: "bad-body", title: "Bad body", status: 400,
                detail: "the request body could not be read (malformed chunked encoding?); send it again.")
        }

        if let asset = WebAsset(path: path) {
            guard request.method == .get || request.method == .head else { return methodNotAllowed(path) }
            guard let body = asset.contents else { throw ProblemDetails.notFound("\(path) is not in this build.") }
            return APIResponse.bytes(
                body, contentType: asset.contentType, cache: .catalog, version: service.version,
                request: request)
        }
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard components.first == "v1" else { throw Self.unknownRoute(path) }
        let parts = Array(components.dropFirst())
        let handler: @Sendable (Request) throws -> Response
        switch parts.first.map(String.init) {
        case "health" where parts.count == 1:
            guard request.method == .get || request.method == .head else { return methodNotAllowed(path) }
            return try await health(request)
        case "emoji" where parts.count == 1: return try await cachedCatalogAnswer(request, key: "emoji", list)
        case "emoji" where parts.count == 2 && !parts[1].isEmpty:
            let id = try PercentDecoding.decode(parts[1], plusIsSpace: false, what: "the emoji in the path")
            return try await cachedCatalogAnswer(request, key: "emoji/" + id) { try info(id, $0) }
        case "groups" where parts.count == 1: return try await cachedCatalogAnswer(request, key: "groups", groups)
        case "locales" where parts.count == 1: return try await cachedCatalogAnswer(request, key: "locales", locales)
        case "search" where parts.count == 1:
            guard request.method == .get || request.method == .head else { return methodNotAllowed(path) }
            return try await search(request)
        case "picker-data" where parts.count == 1: handler = pickerData
        case "text" where parts.count == 2: return try await text.respond(to: parts[1], request, path: path)
        case "custom" where parts.count == 1: handler = custom.list
        case "images" where parts.count == 2:
            guard request.method == .get || request.method == .head else { return methodNotAllowed(path) }
            return try await images.image(parts[1], request)
        case "me", "users": return await users.respond(to: request, parts: parts, body: body)
        default: throw Self.unknownRoute(path)
        }
        guard request.method == .get || request.method == .head else { return methodNotAllowed(path) }
        let received = request
        return try await heavyWork.run { try handler(received) }
    }

    /// 405 with `Allow`: the catalog routes answer GET (and HEAD) only, the text routes POST.
    static func methodNotAllowed(_ path: String, allow: String = "GET, HEAD") -> Response {
        APIResponse.problem(
            ProblemDetails(
                type: "method-not-allowed", title: "Method not allowed", status: 405,
                detail: "\(path.prefix(80)) answers \(allow == "GET, HEAD" ? "GET" : allow) only."),
            allow: allow)
    }

    private func methodNotAllowed(_ path: String) -> Response { Self.methodNotAllowed(path) }

    static func unknownRoute(_ path: String) -> ProblemDetails {
        .notFound("no route \(path.prefix(80)). Routes: \(Self.routes.joined(separator: ", ")).")
    }

    // MARK: Routes

    /// `GET /v1/health`: 200 when the catalog, the store and the users' database are ready, else 503
    /// saying why (with `Retry-After` when the database does not answer, as the per-user routes).
    private func health(_ request: Request) async throws -> Response {
        _ = try QueryParameters(request.uri.query, allowed: [])
        if let reason = service.unreadiness() {
            throw ProblemDetails(type: "not-ready", title: "Not ready", status: 503, detail: reason)
        }
        let database = users.stores.databaseKind
        do {
            try await users.stores.checkAvailability()
        } catch {
            return UserRouteFailure.databaseUnavailable(kind: database).response
        }
        struct Health: Encodable {
            var status: String
            var catalog: String
            var database: String
        }
        return try APIResponse.json(
            Health(status: "ok", catalog: service.version, database: database), cache: nil, version: service.version,
            request: request)
    }

    /// `GET /v1/emoji/{emoji | hexcode | :shortcode:}?locale=`: as `moji info --json`.
    private func info(_ id: String, _ request: Request) throws -> EncodedAnswer {
        let parameters = try QueryParameters(request.uri.query, allowed: ["locale"])
        let localized = try service.localized(parameters["locale"])
        guard let found = service.catalog.emoji(matching: id) ?? localized.emoji(forShortcode: id) else {
            throw ProblemDetails.unknownEmoji(id)
        }
        return try catalogAnswer(EmojiSummary(found, in: localized), request)
    }

    /// `GET /v1/emoji?locale=&group=&subgroup=&max-version=&tones=`: as `moji list --json`.
    private func list(_ request: Request) throws -> EncodedAnswer {
        let parameters = try QueryParameters(
            request.uri.query, allowed: ["locale", "group", "subgroup", "max-version", "tones"])
        let localized = try service.localized(parameters["locale"])
        let catalog = service.catalog
        let tones = try parameters.flag("tones")
        var emojis = catalog.emojis.filter { tones || !$0.hasSkinTones }
        let group = try parameters["group"].map(findGroup)
        if let group { emojis = emojis.filter { $0.group == group } }
        if let subgroup = parameters["subgroup"] {
            guard let found = catalog.subgroup(subgroup) else {
                throw ProblemDetails.badParameter(
                    "subgroup", "unknown subgroup '\(subgroup.prefix(64))'. GET /v1/groups lists them.")
            }
            // Filters intersect: a subgroup of another group leaves no emoji, as any filter that matches
            // nothing does, rather than an error a client must special-case.
            emojis = emojis.filter { $0.subgroup == found }
        }
        if let version = try maximumVersion(parameters) { emojis = emojis.filter { $0.version <= version } }
        return try catalogAnswer(emojis.map { EmojiSummary($0, in: localized) }, request)
    }

    /// `GET /v1/groups?locale=&group=`: as `moji list --groups --json`.
    private func groups(_ request: Request) throws -> EncodedAnswer {
        let parameters = try QueryParameters(request.uri.query, allowed: ["locale", "group"])
        let localized = try service.localized(parameters["locale"])
        let catalog = service.catalog
        let groups = try parameters["group"].map { [try findGroup($0)] } ?? catalog.groups
        return try catalogAnswer(groups.map { GroupSummary($0, in: catalog, localized: localized) }, request)
    }

    /// `GET /v1/locales`: as `moji locales --json`.
    private func locales(_ request: Request) throws -> EncodedAnswer {
        _ = try QueryParameters(request.uri.query, allowed: [])
        return try catalogAnswer(service.catalog.availableLocales.map(LocaleSummary.init), request)
    }

    /// `GET /v1/search?q=&locale=&limit=&ranking=&max-version=&tone=`: as `moji search --json`, with
    /// the store's custom emoji; no match is an empty array. With `Authorization: Bearer <token>`,
    /// what that user picked after this query (`POST /v1/me/usage` with `"query"`) comes first; such
    /// an answer is that user's alone and never cached.
    private func search(_ request: Request) async throws -> Response {
        let parameters = try QueryParameters(
            request.uri.query, allowed: ["q", "locale", "limit", "ranking", "max-version", "tone", "explain"])
        guard let query = parameters["q"] else {
            throw ProblemDetails.badParameter("q", "the query is required, e.g. /v1/search?q=party.")
        }
        let localized = try service.localized(parameters["locale"])
        // Where each result matched is for people reading the answer; a picker shows none of it,
        // and it is most of the bytes.
        let explain = try parameters.flag("explain")
        var options = SearchOptions(limit: try parameters.integer("limit", in: 1...limits.resultCount, default: 20))
        if let ranking = parameters["ranking"] {
            // `usage` orders by a user's uses, which a shared, cached answer cannot hold: a picker
            // shows a user's frequent emoji from /v1/me/frequent instead.
            guard let found = SearchRanking(rawValue: ranking), found != .usage else {
                throw ProblemDetails.badParameter(
                    "ranking",
                    "must be relevance or alphabetical, not '\(ranking.prefix(40))'; a user's most used emoji come from /v1/me/frequent."
                )
            }
            options.ranking = found
        }
        options.maximumVersion = try maximumVersion(parameters)
        if let tone = parameters["tone"] {
            guard let skinTone = SkinTone(identifier: tone) else {
                throw ProblemDetails.badParameter(
                    "tone",
                    "'\(tone.prefix(40))' is not a skin tone: light, medium-light, medium, medium-dark, dark or 1-5.")
            }
            options.skinTones = .preferred(skinTone)
        }
        let learned: LearnedPicks?
        do {
            learned = try await users.learnedPicks(for: request, query: query, limit: options.limit ?? 20)
        } catch {
            return error.response
        }
        // A user's answer (with a token) is theirs and changes with their next pick: never stored by
        // a cache, not even the browser's. Every answer varies on the token, so no cache gives one
        // request's answer to a request with another token or none.
        func answering(_ answer: EncodedAnswer) -> Response {
            var response =
                learned == nil
                ? APIResponse.bytes(answer, contentType: APIResponse.jsonType, cache: .search, request: request)
                : APIResponse.bytes(
                    answer.body, contentType: APIResponse.jsonType, cache: nil, version: service.version,
                    request: request)
            ResponseCompression.addVary("Authorization", to: &response.headers)
            return response
        }
        service.refreshCustomEmoji()
        if let learned, !learned.isEmpty {
            options.learnedPicks = learned
            let results = try service.search(localized.locale).results(for: query, options: options)
            let body = SearchAnswerEncoding.encode(summaries(results, in: localized, explaining: explain))
            return answering(EncodedAnswer(body: body, etag: ""))
        }
        // The same question gets the same answer until the custom emoji change: a picker's prefixes
        // ("t", "th", "thu") come from every user who types a word, so most answers are reused. The
        // key is the parsed question, so spellings of one query string share an entry.
        let epoch = service.searchAnswers.currentEpoch
        let key = [
            localized.locale.identifier, options.limit.map(String.init) ?? "", "\(options.ranking)",
            options.maximumVersion?.description ?? "",
            parameters["tone"].flatMap(SkinTone.init(identifier:))?.identifier ?? "", explain ? "explain" : "",
            query,
        ].joined(separator: "\u{1F}")
        if let answer = service.searchAnswers.value(for: key) {
            service.metrics?.recordSearchCacheLookup(hit: true)
            return answering(answer)
        }
        service.metrics?.recordSearchCacheLookup(hit: false)
        let results = try service.search(localized.locale).results(for: query, options: options)
        let body = SearchAnswerEncoding.encode(summaries(results, in: localized, explaining: explain))
        let answer = EncodedAnswer(body: body, etag: APIResponse.etag(version: service.version, body: body))
        service.searchAnswers.store(answer, for: key, epoch: epoch)
        return answering(answer)
    }

    private func summaries(
        _ results: [SearchResult], in localized: LocalizedCatalog, explaining: Bool
    ) -> [SearchResultSummary] {
        results.map {
            SearchResultSummary($0, in: localized, explaining: explaining) { custom in
                // The server's own copy when the image cache has it; it never changes (content-addressed).
                custom.cachedImage.map { "/v1/images/\($0.fileName)" } ?? custom.image
            }
        }
    }

    // MARK: Parameters

    /// `value` encoded, with the ETag of this catalog.
    private func catalogAnswer(_ value: some Encodable, _ request: Request) throws -> EncodedAnswer {
        let body = try APIResponse.encode(value)
        return EncodedAnswer(body: body, etag: APIResponse.etag(version: service.version, body: body))
    }

    /// A catalog answer: the same question gets the same bytes while the catalog is the same, so
    /// it is made once (as heavy work, off the request threads) and kept by its path and query.
    private func cachedCatalogAnswer(
        _ request: Request, key: String, _ make: @escaping @Sendable (Request) throws -> EncodedAnswer
    ) async throws -> Response {
        guard request.method == .get || request.method == .head else { return methodNotAllowed(request.uri.path) }
        let cache = service.catalogAnswers
        let cacheKey = [service.version, key, request.uri.query ?? ""].joined(separator: "\u{1F}")
        if let answer = cache.value(for: cacheKey) {
            return APIResponse.bytes(answer, contentType: APIResponse.jsonType, cache: .catalog, request: request)
        }
        let epoch = cache.currentEpoch
        let answer = try await heavyWork.run { try make(request) }
        cache.store(answer, for: cacheKey, epoch: epoch)
        return APIResponse.bytes(answer, contentType: APIResponse.jsonType, cache: .catalog, request: request)
    }

    private func findGroup(_ identifier: String) throws(ProblemDetails) -> EmojiGroup {
        guard let found = service.catalog.group(identifier) else {
            let names = service.catalog.groups.map(\.identifier).joined(separator: ", ")
            throw .badParameter("group", "unknown group '\(identifier.prefix(64))'. Groups: \(names).")
        }
        return found
    }

    func maximumVersion(_ parameters: QueryParameters) throws(ProblemDetails) -> EmojiVersion? {
        guard let text = parameters["max-version"] else { return defaultMaximumVersion }
        // An Emoji version is written `15.1` here: the CLI's leniency (`E15.1`, `15`, ` 15.1`, `+15.1`) would
        // give one version many URLs, and the OpenAPI document's pattern says exactly this.
        if let first = text.unicodeScalars.first, !CharacterSet.letters.contains(first) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let lengths = parts.count == 2 && (1...3).contains(parts[0].count) && (1...2).contains(parts[1].count)
            guard lengths, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
                throw .badParameter("max-version", "'\(text.prefix(40))' is not an Emoji version such as 15.1.")
            }
        }
        do { return try MaximumVersion.parse(text) } catch { throw .badParameter("max-version", error.description) }
    }
}
