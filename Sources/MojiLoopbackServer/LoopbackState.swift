import Foundation
import Hummingbird
import Moji

/// The routes and the request log, shared by the server's connections.
final class LoopbackState: Sendable {
    private struct State {
        var routes: [String: LoopbackResponse] = [:]
        var records: [LoopbackRequestRecord] = []
    }

    private let state = Locked(State())

    func setRoute(_ path: String, _ response: LoopbackResponse) {
        state.withLock { $0.routes[path] = response }
    }

    func log() -> [LoopbackRequestRecord] {
        state.withLock { $0.records }
    }

    func resetLog() {
        state.withLock { $0.records.removeAll() }
    }

    private func append(_ record: LoopbackRequestRecord) -> Int {
        state.withLock { state in
            state.records.append(record)
            return state.records.count - 1
        }
    }

    private func addBytes(_ count: Int, at index: Int) {
        state.withLock { state in
            // A reset while streaming leaves the index behind; then there is nothing to update.
            if index < state.records.count { state.records[index].bytesSent += count }
        }
    }

    /// The route for a request: a proxy request (`GET http://host/path`) for another host is looked
    /// up as `/images/<host><path>` first, then as `<path>`.
    private func lookUp(host: String?, path: String) -> (String, LoopbackResponse?) {
        state.withLock { state in
            if let host, host != "127.0.0.1", host != "localhost" {
                let proxied = "/images/\(host)\(path)"
                if let response = state.routes[proxied] { return (proxied, response) }
            }
            return (path, state.routes[path])
        }
    }

    func respond(to request: Request) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        // NIO hands an absolute-form target (`GET http://host/path`, a proxy request) over as its path
        // with the host in `Host`; a Host other than this server's is what marks a proxy request.
        let authority = request.head.authority ?? ""
        let host = Self.host(ofAuthority: authority)
        let isProxied = !host.isEmpty && host != "127.0.0.1" && host != "localhost"
        let (path, route) = lookUp(host: isProxied ? host : nil, path: request.uri.path)
        let target = isProxied ? "http://\(authority)\(request.uri.string)" : request.uri.string
        var record = LoopbackRequestRecord(
            method: request.method.rawValue, path: path, target: target, headers: headers, status: 404,
            bytesSent: 0)
        var response = route ?? .status(404, body: Data("not found\n".utf8))
        while case .delayed(let seconds, let next) = response.kind {
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            response = next
        }
        let isHead = request.method == .head
        switch response.kind {
        case .body(let data, let contentType, let etag, let lastModified):
            var fields = HTTPFields()
            fields[.contentType] = contentType
            if let etag { fields[.eTag] = etag }
            if let lastModified { fields[.lastModified] = HTTPDate.string(lastModified) }
            if Self.isNotModified(headers: headers, etag: etag, lastModified: lastModified) {
                record.status = 304
                _ = append(record)
                return Response(status: .notModified, headers: fields)
            }
            record.status = 200
            record.bytesSent = isHead ? 0 : data.count
            _ = append(record)
            return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        case .redirect(let location, let status):
            var fields = HTTPFields()
            fields[.location] = location
            record.status = status
            _ = append(record)
            return Response(status: .init(code: status), headers: fields)
        case .status(let code, let extra, let body):
            var fields = HTTPFields()
            for (name, value) in extra {
                if let name = HTTPFields.Element.Name(name) { fields[name] = value }
            }
            record.status = code
            record.bytesSent = isHead ? 0 : body.count
            _ = append(record)
            return Response(
                status: .init(code: code), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        case .generated(let byteCount, let contentType, let announcesLength, let bytesPerSecond):
            var fields = HTTPFields()
            fields[.contentType] = contentType
            record.status = 200
            let index = append(record)
            let body = ResponseBody(contentLength: announcesLength ? byteCount : nil) { writer in
                // A slow body comes in chunks of at most a second's bytes: a trickle, not a burst
                // followed by a long silence.
                let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: min(64 * 1024, bytesPerSecond ?? .max))
                var remaining = isHead ? 0 : byteCount
                while remaining > 0 {
                    let count = min(remaining, chunk.readableBytes)
                    try await writer.write(
                        count == chunk.readableBytes ? chunk : chunk.getSlice(at: 0, length: count) ?? chunk)
                    self.addBytes(count, at: index)
                    remaining -= count
                    if let bytesPerSecond {
                        try await Task.sleep(nanoseconds: UInt64(count) * 1_000_000_000 / UInt64(bytesPerSecond))
                    }
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: fields, body: body)
        case .delayed:
            return Response(status: .internalServerError)
        }
    }

    /// `example.com:8080` → `example.com`, `[::1]:80` → `::1`.
    static func host(ofAuthority authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
    }

    /// RFC 9110: `If-None-Match` decides when present; otherwise `If-Modified-Since` (to the second).
    static func isNotModified(headers: [String: String], etag: String?, lastModified: Date?) -> Bool {
        if let ifNoneMatch = headers["if-none-match"] {
            guard let etag else { return false }
            let bare = { (tag: String) in tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag }
            return ifNoneMatch.split(separator: ",").contains { candidate in
                let tag = candidate.trimmingCharacters(in: .whitespaces)
                return tag == "*" || bare(tag) == bare(etag)
            }
        }
        if let ifModifiedSince = headers["if-modified-since"], let lastModified,
            let since = HTTPDate.date(ifModifiedSince)
        {
            return since
                >= lastModified.addingTimeInterval(
                    -lastModified.timeIntervalSince1970.truncatingRemainder(dividingBy: 1))
        }
        return false
    }
}

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form servers send.
enum HTTPDate {
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }

    static func string(_ date: Date) -> String { formatter().string(from: date) }
    static func date(_ text: String) -> Date? { formatter().date(from: text) }
}
