/// Bytes for a terminal: text and the few ANSI escape sequences the picker draws with,
/// collected so a whole frame reaches the terminal in one write.
public struct ScreenBuffer: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 64 * 1024) { bytes.reserveCapacity(capacity) }

    /// Forgets the bytes, keeping the memory.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends text as UTF-8, control characters drawn as visible stand-ins (see
    /// ``ControlCharacters``): text is data and never reaches the terminal as a command.
    public mutating func write(_ text: String) {
        var text = ControlCharacters.neutralized(text)
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends an escape sequence or other ASCII.
    mutating func writeASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `count` spaces.
    mutating func writeSpaces(_ count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(0x20, count: count)) }
    }

    /// Moves the cursor to a row and column, both from 1.
    mutating func move(row: Int, column: Int) {
        bytes.append(0x1B)
        bytes.append(0x5B)
        writeNumber(row)
        bytes.append(0x3B)
        writeNumber(column)
        bytes.append(0x48)
    }

    /// Moves to the start of a row and clears it.
    mutating func clearRow(_ row: Int) {
        move(row: row, column: 1)
        writeASCII("\u{1B}[2K")
    }

    /// Sets the graphic rendition: a style, nothing when `enabled` is false.
    mutating func style(_ style: TerminalStyle) {
        writeASCII("\u{1B}[0")
        if style.contains(.bold) { writeASCII(";1") }
        if style.contains(.dim) { writeASCII(";2") }
        if style.contains(.underline) { writeASCII(";4") }
        if style.contains(.reverse) { writeASCII(";7") }
        if style.contains(.accent) { writeASCII(";36") }
        if style.contains(.warning) { writeASCII(";33") }
        bytes.append(0x6D)
    }

    private mutating func writeNumber(_ number: Int) {
        if number >= 10 { writeNumber(number / 10) }
        bytes.append(UInt8(0x30 + number % 10))
    }
}

/// The looks the picker uses; colors are dropped under `NO_COLOR`.
public struct TerminalStyle: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TerminalStyle(rawValue: 1)
    public static let dim = TerminalStyle(rawValue: 2)
    public static let underline = TerminalStyle(rawValue: 4)
    public static let reverse = TerminalStyle(rawValue: 8)
    /// A color for titles and the prompt.
    public static let accent = TerminalStyle(rawValue: 16)
    /// A color for warnings.
    public static let warning = TerminalStyle(rawValue: 32)

    /// The style without its colors.
    public var withoutColor: TerminalStyle { subtracting([.accent, .warning]) }
}
