import Foundation

/// Any JSON value, so a listing reads a server's answer field by field: one entry with a wrong
/// type or an unknown field is left out or ignored instead of failing the whole set, as a
/// `Codable` struct would.
enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The member `key` of an object; nil for a missing member or when this is not an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    var bool: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// What kind of value this is, for a message: "a number", "an object".
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The JSON in `data`, or a ``SourceError`` naming `source`: too big (checked before any
    /// parsing, so a huge answer costs no memory beyond its bytes), or not JSON, with the
    /// decoder's reason in plain words.
    static func decode(_ data: Data, source: String, maximumSize: Int) throws(SourceError) -> JSONValue {
        guard data.count <= maximumSize else {
            throw SourceError(
                source: source,
                reason: "is \(data.count) bytes, more than the limit of \(maximumSize) bytes for a JSON listing")
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let error as DecodingError {
            throw SourceError(source: source, reason: "is not valid JSON: \(plainWords(error))")
        } catch {
            throw SourceError(source: source, reason: "is not valid JSON: \(error)")
        }
    }

    /// A decoding error as a sentence: the decoder's own explanation (which names the line and
    /// column of a syntax error) rather than the enum's dump.
    private static func plainWords(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c):
            context = c
        @unknown default:
            return "\(error)"
        }
        var words = context.debugDescription
        if let underlying = context.underlyingError {
            let detail = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(underlying)"
            if !detail.isEmpty, detail != words { words += " " + detail }
        }
        return words
    }
}
