import Moji

/// One emoji found in text: what each line of `moji find --json` prints and each match of
/// `POST /v1/text/find` is, from this one definition so they never drift.
///
/// ```json
/// {"emoji":"👍🏽","hexcode":"1F44D-1F3FD","length":8,"name":"thumbs up: medium skin tone",
///  "offset":6,"qualification":"fully-qualified","rgi":true}
/// ```
public struct FoundEmojiSummary: Codable, Sendable, Hashable {
    /// The file it was found in, when the command line reads several; never set by the API.
    public var file: String?
    /// Its first byte's offset in the UTF-8 text.
    public var offset: Int
    /// Its length in UTF-8 bytes.
    public var length: Int
    /// The emoji as written in the text (not normalised).
    public var emoji: String
    /// The code points as written, in hex, e.g. `1F44D-1F3FD`.
    public var hexcode: String
    /// `fully-qualified`, `minimally-qualified`, `unqualified` or `component`.
    public var qualification: String
    /// Whether Unicode recommends the sequence (RGI), so the catalog has it.
    public var rgi: Bool
    /// Its English CLDR name; nil for a valid sequence that is not RGI.
    public var name: String?

    /// The summary of `match`, written as `written` in the text, found in `file` (if several are read).
    public init(_ match: EmojiMatch, written: String, file: String? = nil) {
        self.file = file
        offset = match.utf8Range.lowerBound
        length = match.utf8Range.count
        emoji = written
        hexcode = Hexcode.from(written)
        qualification = match.qualification.rawValue
        rgi = match.isRGI
        name = match.emoji?.name()
    }
}
