import Foundation
import Moji
import MojiTerminal
import Testing

@Suite("the terminal's emoji width probe")
struct EmojiWidthProbeTests {
    @Test("a cursor position report is read whole, split over reads, and among typed keys")
    func readsReports() {
        var reader = CursorReportReader()
        reader.read(Array("x\u{1B}[12;".utf8))
        #expect(reader.reports.isEmpty)
        reader.read(Array("5Ry\u{1B}[3;140R".utf8))
        #expect(
            reader.reports == [CursorPositionReport(row: 12, column: 5), CursorPositionReport(row: 3, column: 140)])
        #expect(reader.otherInput == Array("xy".utf8))
    }

    @Test("sequences that are not reports are handed on as they came")
    func passesOtherSequences() {
        var reader = CursorReportReader()
        // Down, an Alt+letter, a malformed report, Escape then a report, PageUp.
        reader.read(Array("\u{1B}[B\u{1B}a\u{1B}[;4R\u{1B}\u{1B}[1;2R\u{1B}[5~".utf8))
        #expect(reader.reports == [CursorPositionReport(row: 1, column: 2)])
        #expect(reader.otherInput == Array("\u{1B}[B\u{1B}a\u{1B}[;4R\u{1B}\u{1B}[5~".utf8))
        reader.read([0x1B, UInt8(ascii: "[")])
        reader.finish()
        #expect(reader.otherInput.suffix(2) == [0x1B, UInt8(ascii: "[")])
    }

    @Test("widths come from each pair of reports; a wrapped line has no width")
    func widthsFromReports() {
        let reports = [
            CursorPositionReport(row: 1, column: 1), CursorPositionReport(row: 1, column: 3),
            CursorPositionReport(row: 1, column: 1), CursorPositionReport(row: 1, column: 1),
            CursorPositionReport(row: 1, column: 80), CursorPositionReport(row: 2, column: 2),
        ]
        #expect(EmojiWidthProbe.widths(from: reports) == [2, 0, -1])
    }

    @Test("the answer is the newest version drawn two wide with every older one two wide")
    func decision() {
        let count = EmojiWidthProbe.samples.count
        // tmux 3.3a: two wide up to 14.0, nothing wide from 15.0 on.
        let tmux = EmojiWidthProbe.samples.map { $0.version <= EmojiVersion(14, 0) ? 2 : 0 }
        #expect(EmojiWidthProbe.newestDrawnVersion(widths: tmux) == EmojiVersion(14, 0))
        #expect(EmojiWidthProbe.newestDrawnVersion(widths: Array(repeating: 2, count: count)) == EmojiVersion(17, 0))
        // A gap stops the answer there, even if a newer one happens to be two wide.
        var gap = Array(repeating: 2, count: count)
        gap[5] = 1
        #expect(EmojiWidthProbe.newestDrawnVersion(widths: gap) == EmojiWidthProbe.samples[4].version)
        // A terminal that draws even the oldest one cell wide cannot be judged.
        #expect(EmojiWidthProbe.newestDrawnVersion(widths: Array(repeating: 1, count: count)) == nil)
    }

    @Test("reports shifted by a key that reads as a report, or a wrapped sample, are no answer")
    func untrustedReports() {
        let home = CursorPositionReport(row: 1, column: 1)
        let wide = CursorPositionReport(row: 1, column: 3)
        let good = EmojiWidthProbe.samples.flatMap { _ in [home, wide] } + [home, wide]
        #expect(
            EmojiWidthProbe.result(from: good)
                == .answered(
                    EmojiWidthProbe.Drawing(newestVersion: EmojiWidthProbe.samples.last?.version, tonedWidth: 2)))
        // tmux 3.3a draws the toned sample's modifier as an emoji of its own: four cells.
        let apart = Array(good.dropLast()) + [CursorPositionReport(row: 1, column: 5)]
        guard case .answered(let drawing) = EmojiWidthProbe.result(from: apart) else {
            Issue.record("no answer")
            return
        }
        #expect(drawing.tonedWidth == 4 && drawing.drawsTonesApart)
        // Shift+F3 (ESC[1;2R) typed between the first pair's reports shifts every later pair.
        var shifted = good
        shifted.insert(CursorPositionReport(row: 1, column: 2), at: 1)
        #expect(EmojiWidthProbe.result(from: Array(shifted.prefix(good.count))) == .noAnswer)
        // Two columns: the first sample wraps to the next row.
        var wrapped = good
        wrapped[1] = CursorPositionReport(row: 2, column: 3)
        #expect(EmojiWidthProbe.result(from: wrapped) == .noAnswer)
        #expect(EmojiWidthProbe.result(from: Array(good.dropLast())) == .noAnswer)
    }

    @Test("each sample is one RGI code point new in its version, one per version, oldest first")
    func samplesMatchTheCatalog() throws {
        let catalog = EmojiCatalog.shared
        for sample in EmojiWidthProbe.samples {
            #expect(sample.emoji.unicodeScalars.count == 1, "\(sample.emoji) is one code point")
            let emoji = try #require(catalog.emoji(for: sample.emoji), "\(sample.emoji) is in the catalog")
            #expect(emoji.character == sample.emoji, "\(sample.emoji) is fully qualified as it is")
            #expect(emoji.version == sample.version, "\(sample.emoji) is new in \(sample.version)")
        }
        let versions = EmojiWidthProbe.samples.map(\.version)
        #expect(versions == versions.sorted())
        #expect(Set(versions).count == versions.count)
        #expect(versions.last == catalog.emojis.map(\.version).max())
    }

    @Test("an answer is remembered per terminal, and an unreadable file is no answer")
    func cache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = TerminalSupportCache(file: folder.appendingPathComponent("terminal-emoji.json"))
        let tmux = TerminalSupportCache.key(environment: [
            "TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a",
        ])
        let newerTmux = TerminalSupportCache.key(environment: [
            "TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.5",
        ])
        #expect(tmux != newerTmux)
        #expect(cache.answer(for: tmux) == nil)
        cache.remember(EmojiWidthProbe.Drawing(newestVersion: EmojiVersion(14, 0), tonedWidth: 4), for: tmux)
        cache.remember(EmojiWidthProbe.Drawing(newestVersion: nil, tonedWidth: 2), for: newerTmux)
        #expect(cache.answer(for: tmux) == EmojiWidthProbe.Drawing(newestVersion: EmojiVersion(14, 0), tonedWidth: 4))
        #expect(cache.answer(for: newerTmux) == EmojiWidthProbe.Drawing(newestVersion: nil, tonedWidth: 2))
        // An answer remembered before the toned width was measured is asked again.
        try Data(#"{"\#(tmux)": "14.0"}"#.utf8).write(to: cache.file)
        #expect(cache.answer(for: tmux) == nil)
        try Data("{not json".utf8).write(to: cache.file)
        #expect(cache.answer(for: tmux) == nil)
        // GNOME Terminal names only its VTE version; a bare TERM (as over SSH) names no terminal.
        let gnome = ["TERM": "xterm-256color", "VTE_VERSION": "7006"]
        let konsole = ["TERM": "xterm-256color", "KONSOLE_VERSION": "230805"]
        #expect(TerminalSupportCache.key(environment: gnome) != TerminalSupportCache.key(environment: konsole))
        #expect(TerminalSupportCache.isIdentified(environment: gnome))
        #expect(!TerminalSupportCache.isIdentified(environment: ["TERM": "xterm-256color"]))
    }
}
