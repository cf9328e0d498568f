import Foundation

/// Why a build stopped: which input file, where, and what to do.
public enum BuildError: Error, CustomStringConvertible, Equatable {
    /// An input file the build needs is not there.
    case missingInput(path: String)
    /// An input file could not be read; `line` is 1-based, 0 when unknown.
    case malformedInput(path: String, line: Int, reason: String)
    /// The inputs are readable but contradict each other or the catalog's rules.
    case inconsistentData(String)
    /// The output could not be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingInput(let path):
            "missing input file \(path): point --from at a folder laid out like ../shared/data (see its README)"
        case .malformedInput(let path, let line, let reason):
            "\(path)\(line > 0 ? ":\(line)" : ""): \(reason)"
        case .inconsistentData(let reason):
            "inconsistent input data: \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        }
    }
}

enum InputFile {
    static func text(_ url: URL) throws(BuildError) -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .missingInput(path: url.path) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .malformedInput(path: url.path, line: 0, reason: "not UTF-8 text")
        }
        return text
    }

    static func decode<T: Decodable>(_ type: T.Type, from url: URL) throws(BuildError) -> T {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .missingInput(path: url.path) }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw .malformedInput(
                path: url.path, line: Self.line(in: underlying) ?? 0,
                reason: "not valid JSON: \(underlying ?? context.debugDescription)")
        } catch {
            throw .malformedInput(path: url.path, line: 0, reason: "unexpected JSON structure: \(error)")
        }
    }

    /// Foundation reports JSON syntax errors "around line N"; take N when it is there.
    private static func line(in message: String?) -> Int? {
        guard let message, let range = message.range(of: "line ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }
}
