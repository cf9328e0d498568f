import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One keep-alive HTTP/1.1 connection to a server on 127.0.0.1, with blocking sockets: a client of
/// the serve benchmark owns one on a thread of its own and sends one request at a time, so it
/// knows exactly which request each answer (or each failure) belongs to. URLSession's libcurl
/// would cost the shared cores more than the servers under test, and hide which request failed.
final class LoopbackHTTPConnection {
    /// Why a request got no answer: the connection was refused, reset or closed before the end.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An answer: its status and its body.
    struct Answer {
        var status: Int
        var body: [UInt8]
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws(Failure) {
        #if canImport(Glibc)
            let kind = Int32(SOCK_STREAM.rawValue)
        #else
            let kind = SOCK_STREAM
        #endif
        descriptor = socket(AF_INET, kind, 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var noDelay: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect to port \(port): \(reason)")
        }
    }

    deinit { close(descriptor) }

    /// Sends `request` (a whole HTTP/1.1 request) and reads its answer.
    func exchange(_ request: [UInt8]) throws(Failure) -> Answer {
        try write(request)
        return try readAnswer()
    }

    private func write(_ bytes: [UInt8]) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, bytes.count - sent, flags) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Reads more bytes into the buffer; fails at end of file (the server closed or died).
    private func fill() throws(Failure) {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw Failure(
                    description: count == 0 ? "the connection closed" : "recv: \(String(cString: strerror(errno)))")
            }
            buffer.append(contentsOf: chunk[0..<count])
            return
        }
    }

    private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)

    private func readAnswer() throws(Failure) -> Answer {
        var headerLength: Int?
        while headerLength == nil {
            headerLength = Self.find(Self.headerEnd, in: buffer).map { $0 + 4 }
            if headerLength == nil { try fill() }
        }
        guard let headerLength else { throw Failure(description: "no header") }
        let head = String(decoding: buffer[0..<headerLength], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let statusFields = lines.first?.split(separator: " ") ?? []
        guard statusFields.count >= 2, let status = Int(statusFields[1]) else {
            throw Failure(description: "not an HTTP answer: \(lines.first ?? "")")
        }
        var length: Int?
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].lowercased()
            if name == "content-length" { length = Int(parts[1].trimmingCharacters(in: .whitespaces)) }
            if name == "transfer-encoding" {
                throw Failure(description: "chunked answers are not read here (the API sends a length)")
            }
        }
        let bodyLength = length ?? 0
        while buffer.count < headerLength + bodyLength { try fill() }
        let body = Array(buffer[headerLength..<(headerLength + bodyLength)])
        buffer.removeFirst(headerLength + bodyLength)
        return Answer(status: status, body: body)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}
