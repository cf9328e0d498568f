import Foundation
import Hummingbird

/// Decodes a request's JSON body as `type`, strictly, so a client's mistake is answered where it is
/// made instead of guessed at:
///
/// - a `Content-Type` other than `application/json` (a `charset` parameter may say `utf-8`) → 415
///   `unsupported-media-type`;
/// - a body larger than `limit` bytes → 413 (Hummingbird's `contentTooLarge`, which the routes answer);
/// - an empty body, bytes that are not UTF-8 or not JSON, a missing key, a value of the wrong type,
///   or an unknown key of the top-level object → 400 `bad-body`, naming the key.
///
/// Unknown keys are found by comparing the object's keys with the stored properties of the decoded
/// value (through `Mirror`), so `T` must use its property names as its keys (synthesized
/// `CodingKeys`); nested objects are not checked for unknown keys.
///
/// ```swift
/// struct Body: Decodable { var text: String; var html: Bool? }
/// let body = try await decodeJSONBody(Body.self, from: request, limit: 64 * 1024)
/// ```
func decodeJSONBody<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
    try JSONBody.checkContentType(request.headers[.contentType])
    let buffer = try await request.body.collect(upTo: limit)
    return try JSONBody.decode(type, from: Data(buffer.readableBytesView))
}

/// The checks of ``decodeJSONBody(_:from:limit:)``, apart from the request, so each reads alone.
enum JSONBody {
    static func checkContentType(_ value: String?) throws(ProblemDetails) {
        let unsupported = ProblemDetails(
            type: "unsupported-media-type", title: "Unsupported media type", status: 415,
            detail:
                "send the body as application/json (UTF-8), not \(value.map { "'\($0.prefix(80))'" } ?? "without a Content-Type")."
        )
        guard let value else { throw unsupported }
        let parts = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard parts.first == "application/json" else { throw unsupported }
        for parameter in parts.dropFirst() where !parameter.isEmpty {
            let pair = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            // JSON is UTF-8 (RFC 8259); any other charset would be decoded wrongly.
            guard pair.count == 2, pair[0] == "charset", pair[1] == "utf-8" || pair[1] == "utf8" else {
                throw unsupported
            }
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ProblemDetails) -> T {
        guard !data.isEmpty else { throw badBody("the body is empty; send a JSON object.") }
        try checkEncoding(data)
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            throw badBody("the body is not JSON.")
        }
        try checkDuplicateKeys(data)
        let value: T
        do { value = try JSONDecoder().decode(type, from: data) } catch let error as DecodingError {
            throw badBody(describe(error))
        } catch {
            throw badBody("the body cannot be read: \(error).")
        }
        if let keys = (object as? [String: Any]).map({ Set($0.keys) }) {
            let known = Set(Mirror(reflecting: value).children.compactMap(\.label))
            if let unknown = keys.subtracting(known).sorted().first {
                let allowed = known.sorted().joined(separator: ", ")
                throw badBody("unknown key '\(unknown.prefix(40))'. This route takes: \(allowed).")
            }
        }
        return value
    }

    /// Refuses a body that is not UTF-8 JSON text. JSONDecoder would also take UTF-16 and UTF-32,
    /// whose NUL bytes are valid UTF-8; JSON text in UTF-8 never holds a NUL byte (one in a string
    /// is written `\u0000`), so any NUL means another encoding.
    static func checkEncoding(_ data: Data) throws(ProblemDetails) {
        guard !data.contains(0), String(decoding: data, as: UTF8.self).utf8.elementsEqual(data) else {
            throw badBody("the body is not UTF-8 (JSON is sent as UTF-8).")
        }
    }

    /// Refuses an object with a key twice (`{"text":"a","text":"b"}`): parsers disagree on which
    /// one counts, so the client's intent is unknown. `data` is JSON already parsed once.
    static func checkDuplicateKeys(_ data: Data) throws(ProblemDetails) {
        if let key = duplicateKey(in: data) {
            throw badBody("the key '\(key.prefix(40))' appears twice in one object; send each key once.")
        }
    }

    /// The first key found twice in one object of the valid JSON text `data`, nil when none is.
    static func duplicateKey(in data: Data) -> String? {
        // A stack of the containers being read: the keys seen in an object (nil for an array)
        // and whether the next string in it is a key.
        var containers: [(keys: Set<String>?, expectsKey: Bool)] = []
        let bytes = [UInt8](data)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): containers.append((keys: [], expectsKey: true))
            case UInt8(ascii: "["): containers.append((keys: nil, expectsKey: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): containers.removeLast()
            case UInt8(ascii: ","):
                if containers.last?.keys != nil { containers[containers.count - 1].expectsKey = true }
            case UInt8(ascii: "\""):
                let start = index
                var escaped = false
                index += 1
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\\") {
                        escaped = true
                        index += 2
                        continue
                    }
                    if bytes[index] == UInt8(ascii: "\"") { break }
                    index += 1
                }
                guard let last = containers.last, var keys = last.keys, last.expectsKey else { break }
                let token = Data(bytes[start...min(index, bytes.count - 1)])
                // An escaped key is compared as it reads ("te\u0078t" is "text").
                let key =
                    escaped
                    ? (try? JSONDecoder().decode(String.self, from: token)) ?? String(decoding: token, as: UTF8.self)
                    : String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
                if !keys.insert(key).inserted { return key }
                containers[containers.count - 1] = (keys: keys, expectsKey: false)
            default: break
            }
            index += 1
        }
        return nil
    }

    static func badBody(_ detail: String) -> ProblemDetails {
        ProblemDetails(type: "bad-body", title: "Bad body", status: 400, detail: detail)
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ last: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (last.map { [$0] } ?? [])
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the body" : "'\(text)'"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context, key)) is required."
        case .typeMismatch(let expected, let context):
            return "\(path(context)) must be \(name(of: expected))."
        case .valueNotFound(let expected, let context):
            return "\(path(context)) must be \(name(of: expected)), not null."
        case .dataCorrupted(let context): return "\(path(context)) is not valid: \(context.debugDescription)"
        @unknown default: return "the body does not have the expected shape."
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type: "a number"
        case is [String].Type: "an array of strings"
        default: type == [String: Any].self ? "an object" : "of type \(type)"
        }
    }
}
