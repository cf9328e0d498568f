/// The route a path was answered by, as a template (`/v1/me/collections/{name}`): what a request log
/// and the metrics name a request by, so that labels stay few whatever clients send (an emoji, a
/// collection's or a user's name never becomes a label of its own).
enum RouteLabel {
    /// The template of `path`; `other` for a path no route answers.
    static func of(_ path: String) -> String {
        if path == "/metrics" || WebAsset(path: path) != nil { return path }
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard components.first == "v1" else { return "other" }
        let parts = Array(components.dropFirst())
        guard let first = parts.first else { return "other" }
        switch (first, parts.count) {
        case ("health", 1), ("emoji", 1), ("groups", 1), ("locales", 1), ("search", 1), ("picker-data", 1),
            ("custom", 1):
            return "/v1/\(first)"
        case ("emoji", 2): return "/v1/emoji/{emoji}"
        case ("text", 2) where ["find", "emojify", "demojify"].contains(parts[1]): return "/v1/text/\(parts[1])"
        case ("images", 2): return "/v1/images/{file}"
        case ("me", _): return user(parts.dropFirst(), prefix: "/v1/me")
        case ("users", 2...): return user(parts.dropFirst(2), prefix: "/v1/users/{user}")
        default: return "other"
        }
    }

    /// The template of a per-user path after `/v1/me` or `/v1/users/{user}`.
    private static func user(_ rest: ArraySlice<Substring>, prefix: String) -> String {
        let rest = Array(rest)
        guard let first = rest.first else { return "other" }
        let suffix: String? =
            switch (first, rest.count) {
            case ("usage", 1), ("frequent", 1), ("recent", 1), ("pinned", 1), ("collections", 1), ("tones", 1):
                "/\(first)"
            case ("pinned", 2): "/pinned/{item}"
            case ("collections", 2): "/collections/{name}"
            case ("collections", 3) where rest[2] == "items": "/collections/{name}/items"
            case ("collections", 4) where rest[2] == "items": "/collections/{name}/items/{item}"
            case ("tones", 2): rest[1] == "default" ? "/tones/default" : "/tones/{emoji}"
            default: nil
            }
        return suffix.map { prefix + $0 } ?? "other"
    }
}
