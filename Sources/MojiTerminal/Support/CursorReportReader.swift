/// Where a terminal says its cursor is, in answer to `ESC[6n`: `ESC[row;columnR`, 1-based.
public struct CursorPositionReport: Sendable, Hashable {
    /// The row, from 1 at the top.
    public var row: Int
    /// The column, from 1 at the left.
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// Picks cursor position reports out of what a terminal sends, whatever else comes with them.
///
/// Keys typed while the terminal answers arrive in the same stream, and a report may be split
/// over two reads, so the reader keeps an unfinished sequence until the next bytes and hands
/// everything that is not a report back as ``otherInput``, in order, for the key decoder.
///
/// ```swift
/// var reader = CursorReportReader()
/// reader.read(Array("x\u{1B}[12;".utf8))
/// reader.read(Array("5Ry".utf8))
/// reader.reports      // [row 12, column 5]
/// reader.otherInput   // "xy"
/// ```
public struct CursorReportReader: Sendable {
    /// The reports read so far, in order.
    public private(set) var reports: [CursorPositionReport] = []
    /// Every byte that was not part of a report, in order.
    public private(set) var otherInput: [UInt8] = []
    /// The start of a sequence that may still become a report.
    private var pending: [UInt8] = []

    public init() {}

    /// Reads the next bytes from the terminal.
    public mutating func read(_ bytes: [UInt8]) {
        for byte in bytes { take(byte) }
    }

    /// Gives up on an unfinished sequence: its bytes become ``otherInput`` (an Escape key, say).
    public mutating func finish() {
        otherInput += pending
        pending.removeAll()
    }

    private mutating func take(_ byte: UInt8) {
        let escape: UInt8 = 0x1B
        let bracket = UInt8(ascii: "[")
        if pending.isEmpty {
            if byte == escape { pending = [byte] } else { otherInput.append(byte) }
            return
        }
        switch (pending.count, byte) {
        case (1, bracket):
            pending.append(byte)
        case (2..., UInt8(ascii: "0")...UInt8(ascii: "9")) where pending.count < 16:
            pending.append(byte)
        case (3..., UInt8(ascii: ";")) where !pending.contains(UInt8(ascii: ";")):
            pending.append(byte)
        case (_, UInt8(ascii: "R")):
            if let report = Self.report(in: pending) {
                reports.append(report)
                pending.removeAll()
            } else {
                otherInput += pending + [byte]
                pending.removeAll()
            }
        default:
            // Not a report (an arrow key, Alt+letter…): hand it on as it came.
            otherInput += pending
            pending.removeAll()
            take(byte)
        }
    }

    /// The report of `ESC [ row ; column`, the `R` not included.
    private static func report(in sequence: [UInt8]) -> CursorPositionReport? {
        guard sequence.count >= 5 else { return nil }
        let parts = sequence.dropFirst(2).split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard parts.count == 2, let row = number(parts[0]), let column = number(parts[1]) else { return nil }
        return CursorPositionReport(row: row, column: column)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count < 8 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
