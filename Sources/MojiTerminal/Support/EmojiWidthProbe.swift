import Moji

/// Asks a terminal how wide it draws one emoji of each Emoji version, to find the newest version
/// it can draw: a terminal (or its font, or tmux between the two) that does not know an emoji
/// draws it 0 or 1 cells wide, an empty box or nothing at all.
///
/// Each sample is printed between two cursor position requests (`ESC[6n`); the columns of the
/// two reports give its width. All requests go out in one write and the replies come back in
/// order, so the whole probe costs one round trip. What was printed is erased.
///
/// ```swift
/// let outcome = EmojiWidthProbe.run(on: terminal)
/// if case .answered(let version) = outcome.result { configuration.maximumVersion = version }
/// ```
public enum EmojiWidthProbe {
    /// What a probe found.
    public enum Result: Sendable, Hashable {
        /// The terminal answered: how it draws emoji.
        case answered(Drawing)
        /// The terminal did not answer in time: show everything, and do not remember it.
        case noAnswer
    }

    /// How a terminal draws emoji, as a probe measured it.
    public struct Drawing: Sendable, Hashable {
        /// The newest version it draws two cells wide (nil: it cannot be judged, as when even the
        /// oldest sample is not two cells wide; show everything).
        public var newestVersion: EmojiVersion?
        /// The cells ``EmojiWidthProbe/tonedSample`` took: 2 where the terminal joins a skin-tone
        /// modifier to its emoji, 4 where it draws the modifier as an emoji of its own (tmux 3.3a).
        public var tonedWidth: Int

        public init(newestVersion: EmojiVersion?, tonedWidth: Int = 2) {
            self.newestVersion = newestVersion
            self.tonedWidth = tonedWidth
        }

        /// Whether toned emoji take more than the two cells a grid cell has.
        public var drawsTonesApart: Bool { tonedWidth > 2 }
    }

    /// A probe's result and the keys typed while it waited, for the key decoder.
    public struct Outcome: Sendable {
        public var result: Result
        public var otherInput: [UInt8]
    }

    /// One emoji per Emoji version that brought new code points: a single code point, RGI, with
    /// emoji presentation by default (no variation selector to draw it as an emoji). Versions
    /// that brought only sequences (2.0, 4.0, 12.1, 13.1, 15.1) have none.
    public static let samples: [(version: EmojiVersion, emoji: String)] = [
        (EmojiVersion(0, 6), "\u{1F603}"),  // 😃 grinning face with big eyes
        (EmojiVersion(0, 7), "\u{1F610}"),  // 😐 neutral face
        (EmojiVersion(1, 0), "\u{1F600}"),  // 😀 grinning face
        (EmojiVersion(3, 0), "\u{1F923}"),  // 🤣 rolling on the floor laughing
        (EmojiVersion(5, 0), "\u{1F929}"),  // 🤩 star-struck
        (EmojiVersion(11, 0), "\u{1F970}"),  // 🥰 smiling face with hearts
        (EmojiVersion(12, 0), "\u{1F971}"),  // 🥱 yawning face
        (EmojiVersion(13, 0), "\u{1F972}"),  // 🥲 smiling face with tear
        (EmojiVersion(14, 0), "\u{1FAE0}"),  // 🫠 melting face
        (EmojiVersion(15, 0), "\u{1FAE8}"),  // 🫨 shaking face
        (EmojiVersion(16, 0), "\u{1FAE9}"),  // 🫩 face with bags under eyes
        (EmojiVersion(17, 0), "\u{1FAEA}"),  // 🫪 distorted face
    ]

    /// An emoji with a skin-tone modifier (👍🏽), measured after the samples.
    public static let tonedSample = "\u{1F44D}\u{1F3FD}"

    /// What the probe writes: for each sample and then ``tonedSample``, on the first row, a
    /// request, the emoji and a request; then the row erased again.
    public static var request: [UInt8] {
        let ask = "\u{1B}[6n"
        let home = "\u{1B}[1;1H\u{1B}[2K"
        let measured = samples.map(\.emoji) + [tonedSample]
        return Array((measured.map { home + ask + $0 + ask }.joined() + home).utf8)
    }

    /// The reports a whole answer has: a pair per sample and a pair for ``tonedSample``.
    static var expectedReports: Int { (samples.count + 1) * 2 }

    /// The newest version whose sample, and every older one's, is two cells wide; nil when the
    /// oldest is not. `widths` holds the samples' widths in the order of ``samples``.
    public static func newestDrawnVersion(widths: [Int]) -> EmojiVersion? {
        var newest: EmojiVersion?
        for (sample, width) in zip(samples, widths) {
            guard width == 2 else { break }
            newest = sample.version
        }
        return newest
    }

    /// The samples' widths from the reports: one pair of reports per sample, in order.
    public static func widths(from reports: [CursorPositionReport]) -> [Int] {
        stride(from: 0, to: reports.count - 1, by: 2).map { index in
            let before = reports[index]
            let after = reports[index + 1]
            // A wrapped line moves the cursor to the next row: that is no width to judge by.
            return after.row == before.row ? after.column - before.column : -1
        }
    }

    /// The answer the reports give: a pair per sample and one for the toned sample, each
    /// starting at the first cell (the request moves there). A pair that does not was shifted by
    /// a key that reads as a report (xterm's Shift+F3 is `ESC[1;2R`), and a wrapped sample (a
    /// terminal under 6 columns) gives no width: neither is an answer to remember.
    public static func result(from reports: [CursorPositionReport]) -> Result {
        guard reports.count == expectedReports,
            stride(from: 0, to: reports.count, by: 2).allSatisfy({ reports[$0].row == 1 && reports[$0].column == 1 })
        else { return .noAnswer }
        let widths = widths(from: reports)
        guard !widths.contains(-1), let toned = widths.last else { return .noAnswer }
        return .answered(
            Drawing(newestVersion: newestDrawnVersion(widths: Array(widths.dropLast())), tonedWidth: max(2, toned)))
    }

    /// Probes `terminal`, waiting at most `timeoutMilliseconds` in all for the replies.
    public static func run(on terminal: TerminalSession, timeoutMilliseconds: Int = 100) -> Outcome {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(timeoutMilliseconds)
        var reader = CursorReportReader()
        terminal.write(request)
        let expected = expectedReports
        waiting: while reader.reports.count < expected {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { break }
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            switch terminal.waitForInput(timeoutMilliseconds: Int32(clamping: max(1, milliseconds))) {
            case .input(let bytes): reader.read(bytes)
            case .resized, .timeout: continue
            case .closed: break waiting
            }
        }
        reader.finish()
        guard reader.reports.count >= expected else {
            return Outcome(result: .noAnswer, otherInput: reader.otherInput)
        }
        return Outcome(result: result(from: Array(reader.reports.prefix(expected))), otherInput: reader.otherInput)
    }
}
