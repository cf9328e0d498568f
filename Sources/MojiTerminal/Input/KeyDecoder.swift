/// Turns the bytes a terminal sends in raw mode into key presses: UTF-8 text, control keys,
/// and the escape sequences of xterm-compatible terminals (CSI and SS3 arrows, Home/End,
/// PageUp/PageDown, Shift-Tab), with ESC CR as Alt+Enter.
///
/// A lone ESC is ambiguous until the next bytes arrive: ``decode(_:)`` keeps it pending, and
/// the caller calls ``flush()`` when no more input comes within a few tens of milliseconds.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("a\u{1B}[B".utf8))   // [.text("a"), .down]
/// decoder.decode([0x1B])                      // [] (pending)
/// decoder.flush()                             // [.escape]
/// ```
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Whether bytes wait for more input (a lone ESC, half an escape sequence or character).
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys in `bytes` (after any pending ones); an unfinished sequence at the end waits.
    public mutating func decode(_ bytes: [UInt8]) -> [TerminalKey] {
        pending.append(contentsOf: bytes)
        var keys: [TerminalKey] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.key(in: pending, at: index) else { break }
            if case .text(let text) = key, case .text(let previous)? = keys.last {
                keys[keys.count - 1] = .text(previous + text)
            } else {
                keys.append(key)
            }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// The pending bytes as keys, no more input having come: a lone ESC is Escape.
    public mutating func flush() -> [TerminalKey] {
        guard !pending.isEmpty else { return [] }
        let bytes = pending
        pending = []
        if bytes[0] == 0x1B {
            return [.escape] + decode(Array(bytes.dropFirst()))
        }
        return [.unknown]
    }

    /// The key starting at `index` and its length in bytes, or nil when more bytes are needed.
    static func key(in bytes: [UInt8], at index: Int) -> (TerminalKey, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return escapeSequence(in: bytes, at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03: return (.interrupt, 1)
        case 0x15: return (.clearLine, 1)
        case 0x1A: return (.suspend, 1)
        case 0x00, 0x14: return (.toggleSelection, 1)
        case 0x20: return (.space, 1)
        case 0x01...0x1F: return (.unknown, 1)
        default: return character(in: bytes, at: index)
        }
    }

    /// One UTF-8 character; invalid bytes are skipped as unknown.
    private static func character(in bytes: [UInt8], at index: Int) -> (TerminalKey, Int)? {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x20...0x7E: return (.text(String(UnicodeScalar(lead))), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.unknown, 1)
        }
        guard index + length <= bytes.count else { return nil }
        let slice = bytes[index..<(index + length)]
        guard let text = String(validating: slice, as: UTF8.self) else { return (.unknown, 1) }
        return (.text(text), length)
    }

    private static func escapeSequence(in bytes: [UInt8], at index: Int) -> (TerminalKey, Int)? {
        guard index + 1 < bytes.count else { return nil }
        let next = bytes[index + 1]
        switch next {
        case 0x0D, 0x0A: return (.altEnter, 2)
        case 0x1B: return (.escape, 1)
        case UInt8(ascii: "["): return controlSequence(in: bytes, at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < bytes.count else { return nil }
            return (finalKey(bytes[index + 2], parameter: nil), 3)
        default:
            // Alt + a key: decode the key and ignore Alt, except for text, which Alt makes a command.
            guard let (key, length) = Self.key(in: bytes, at: index + 1) else { return nil }
            if case .text = key { return (.unknown, 1 + length) }
            return (key, 1 + length)
        }
    }

    /// ESC [ parameters final: arrows, Home/End, PageUp/PageDown, Delete, Shift-Tab.
    private static func controlSequence(in bytes: [UInt8], at index: Int) -> (TerminalKey, Int)? {
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        let parameters = bytes[(index + 2)..<end]
        let first = parameters.split(separator: UInt8(ascii: ";")).first.flatMap {
            Int(String(decoding: $0, as: UTF8.self))
        }
        return (finalKey(bytes[end], parameter: first), end - index + 1)
    }

    private static func finalKey(_ final: UInt8, parameter: Int?) -> TerminalKey {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "~"):
            switch parameter {
            case 1, 7: .home
            case 4, 8: .end
            case 5: .pageUp
            case 6: .pageDown
            case 3: .delete
            default: .unknown
            }
        default: .unknown
        }
    }
}
