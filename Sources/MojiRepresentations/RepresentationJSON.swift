import Foundation

/// How the representations are written as JSON, by the command line and the server alike.
public enum RepresentationJSON {
    /// An encoder with sorted keys (one answer, one body, so one ETag), slashes unescaped (image
    /// paths stay readable) and times in ISO 8601 (`2026-11-22T10:00:00Z`), as every Moji JSON
    /// writes them; `pretty` indents for a person reading a terminal.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
