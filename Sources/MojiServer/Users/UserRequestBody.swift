import Foundation
import Hummingbird
import MojiSync

/// A JSON object sent to a `/v1/me` route, read strictly: `application/json` in UTF-8 only (415
/// for any other type, as ``JSONBody`` decides for every route), a JSON object of known keys with values of the right type (400 `bad-body` for
/// anything else), so a typo never passes as "nothing to change".
struct UserRequestBody {
    private let values: [String: JSONValue]

    /// Reads `body` of `request`, allowing only `keys`.
    init(_ body: ByteBuffer, of request: Request, keys: Set<String>) throws(UserRouteFailure) {
        // The content type and encoding rules of every JSON body the API takes (JSONBody).
        do { try JSONBody.checkContentType(request.headers[.contentType]) } catch { throw .problem(error) }
        let data = Data(buffer: body)
        do { try JSONBody.checkEncoding(data) } catch { throw .problem(error) }
        let value: JSONValue
        do { value = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
            throw Self.bad("the body is not valid JSON (UTF-8).")
        }
        do { try JSONBody.checkDuplicateKeys(data) } catch { throw .problem(error) }
        guard case .object(let values) = value else { throw Self.bad("the body must be a JSON object.") }
        if let unknown = values.keys.sorted().first(where: { !keys.contains($0) }) {
            throw Self.bad(
                "unknown key '\(unknown.prefix(40))'; this route takes \(keys.sorted().joined(separator: ", ")).")
        }
        self.values = values
    }

    static func bad(_ detail: String) -> UserRouteFailure {
        .problem(ProblemDetails(type: "bad-body", title: "Bad body", status: 400, detail: detail))
    }

    /// Whether `key` is present (null included).
    func has(_ key: String) -> Bool { values[key] != nil }

    /// A string value, nil when absent or null.
    func string(_ key: String) throws(UserRouteFailure) -> String? {
        switch values[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw Self.bad("'\(key)' must be a string.")
        }
    }

    /// A whole number, nil when absent or null.
    func integer(_ key: String) throws(UserRouteFailure) -> Int? {
        switch values[key] {
        case nil, .null?: return nil
        case .number(let number)?:
            guard let whole = Int(exactly: number) else { throw Self.bad("'\(key)' must be a whole number.") }
            return whole
        default: throw Self.bad("'\(key)' must be a whole number.")
        }
    }

    /// An array of strings, nil when absent or null.
    func strings(_ key: String) throws(UserRouteFailure) -> [String]? {
        switch values[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw Self.bad("'\(key)' must be an array of strings.") }
                texts.append(text)
            }
            return texts
        default: throw Self.bad("'\(key)' must be an array of strings.")
        }
    }
}
