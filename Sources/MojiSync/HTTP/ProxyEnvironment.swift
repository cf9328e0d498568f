import Foundation

/// The proxy variables of an environment, read the way curl reads them (see
/// ``HTTPConfiguration/proxy(for:)`` for the rules).
struct ProxyEnvironment: Sendable, Equatable {
    var httpProxy: String?
    var httpsProxy: String?
    var allProxy: String?
    var noProxy: [String]

    init(_ environment: [String: String]) {
        func value(_ names: String...) -> String? {
            for name in names {
                if let value = environment[name] { return value.trimmingCharacters(in: .whitespaces) }
            }
            return nil
        }
        httpProxy = value("http_proxy")
        httpsProxy = value("https_proxy", "HTTPS_PROXY")
        allProxy = value("all_proxy", "ALL_PROXY")
        noProxy = (value("no_proxy", "NO_PROXY") ?? "")
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
            .map { $0.lowercased() }
    }

    /// The proxy for `url`, or nil when it goes direct.
    func proxy(for url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        let specific = scheme == "https" ? httpsProxy : scheme == "http" ? httpProxy : nil
        guard let raw = specific ?? allProxy, !raw.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        if isExcepted(host: host, port: port) { return nil }
        return Self.proxyURL(raw)
    }

    /// A proxy value as a URL: `host:port` gets `http://`, a missing port curl's default 1080.
    static func proxyURL(_ raw: String) -> URL? {
        let text = raw.contains("://") ? raw : "http://" + raw
        guard var components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            return nil
        }
        components.scheme = components.scheme?.lowercased()
        if components.port == nil { components.port = 1080 }
        if components.path == "/" { components.path = "" }
        return components.url
    }

    private func isExcepted(host: String, port: Int) -> Bool {
        let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        for entry in noProxy {
            if entry == "*" { return true }
            let (pattern, entryPort) = Self.splitPort(entry)
            if let entryPort, entryPort != port { continue }
            if pattern.isEmpty { continue }
            if Self.isIPAddress(bareHost) || Self.isIPAddress(pattern) {
                if pattern == bareHost { return true }
                continue
            }
            var domain = Substring(pattern)
            while domain.hasPrefix(".") || domain.hasPrefix("*.") {
                domain = domain.drop(while: { $0 == "*" || $0 == "." })
            }
            while domain.hasSuffix(".") { domain = domain.dropLast() }
            let name = host.hasSuffix(".") ? String(host.dropLast()) : host
            if name == domain || name.hasSuffix("." + domain) { return true }
        }
        return false
    }

    /// `host:port`, `[v6]:port`, `[v6]` or a bare IPv6 address (several colons: no port).
    private static func splitPort(_ entry: String) -> (String, Int?) {
        if entry.hasPrefix("[") {
            guard let close = entry.firstIndex(of: "]") else { return (entry, nil) }
            let host = String(entry[entry.index(after: entry.startIndex)..<close])
            let rest = entry[entry.index(after: close)...]
            if rest.hasPrefix(":"), let port = Int(rest.dropFirst()) { return (host, port) }
            return (host, nil)
        }
        let colons = entry.filter { $0 == ":" }.count
        if colons == 1, let colon = entry.firstIndex(of: ":"), let port = Int(entry[entry.index(after: colon)...]) {
            return (String(entry[..<colon]), port)
        }
        return (entry, nil)
    }

    private static func isIPAddress(_ text: String) -> Bool {
        if text.contains(":") { return true }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }
    }

    /// The same decisions as a `connectionProxyDictionary` for Apple's URLSession (keys are the values
    /// of `kCFNetworkProxies…`), or nil to go direct. On Linux FoundationNetworking ignores it (libcurl
    /// reads the process environment itself; ``URLSessionTransport`` checks that the two agree).
    func connectionProxyDictionary() -> [AnyHashable: Any]? {
        if noProxy.contains("*") { return [:] }
        var dictionary: [AnyHashable: Any] = [:]
        for (prefix, raw) in [("HTTP", httpProxy ?? allProxy), ("HTTPS", httpsProxy ?? allProxy)] {
            guard let raw, !raw.isEmpty, let url = Self.proxyURL(raw), url.scheme == "http", let host = url.host
            else { continue }
            dictionary["\(prefix)Enable"] = 1
            dictionary["\(prefix)Proxy"] = host
            dictionary["\(prefix)Port"] = url.port ?? 1080
        }
        guard !dictionary.isEmpty else { return [:] }
        if !noProxy.isEmpty {
            dictionary["ExceptionsList"] = noProxy.flatMap { entry -> [String] in
                let (pattern, _) = Self.splitPort(entry)
                let domain = pattern.hasPrefix(".") ? String(pattern.dropFirst()) : pattern
                return Self.isIPAddress(domain) ? [domain] : [domain, "*." + domain]
            }
        }
        return dictionary
    }
}
