import Foundation

/// Any JSON value, so a listing reads a server's answer field by field: one entry with a wrong
/// type or an unknown field is left out or ignored instead of failing the whole set, as a
/// `Codable` struct would. The server reads request bodies with it too (`package` access), so
/// `true` is never taken for the number 1 anywhere.
package enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
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
        } catch {
            throw SourceError(source: source, reason: "is not valid JSON: \(syntaxProblem(in: data) ?? "\(error)")")
        }
    }

    /// Where and why `data` is not JSON, in words a person can act on ("Invalid value around
    /// line 3, column 14."). JSONDecoder on Linux says only "The given data was not valid JSON.",
    /// so the problem is asked of JSONSerialization, which names the offset, and the offset is
    /// turned into a line and column.
    private static func syntaxProblem(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            guard var words = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
            let marker = "around character "
            if let range = words.range(of: marker) {
                let digits = words[range.upperBound...].prefix(while: \.isNumber)
                if let offset = Int(digits) {
                    let (line, column) = position(ofOffset: offset, in: data)
                    words.replaceSubrange(
                        range.lowerBound..<words.index(range.upperBound, offsetBy: digits.count),
                        with: "around line \(line), column \(column)")
                }
            }
            return words
        }
    }

    /// The line and column (both from 1) of a byte offset.
    private static func position(ofOffset offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
