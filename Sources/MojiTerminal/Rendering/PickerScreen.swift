import Moji
import MojiPicker

/// Draws an ``/MojiPicker/EmojiPicker`` on a terminal of any size (80×24 up): a search field,
/// a row of group tabs, the grid with section titles, a preview line and a help line, with
/// the skin-tone popover drawn over the grid.
///
/// Every emoji is placed at its own cursor position two cells wide, so columns stay aligned
/// even where a terminal measures an emoji differently. The screen keeps only its scroll
/// position between frames; everything else comes from the picker.
///
/// ```swift
/// var screen = PickerScreen(usesColor: true)
/// PickerScreen.fit(&picker, width: 80, height: 24)
/// var buffer = ScreenBuffer()
/// screen.render(picker, width: 80, height: 24, into: &buffer)   // write buffer.bytes to the tty
/// ```
public struct PickerScreen: Sendable {
    /// Whether to use colors (false under `NO_COLOR`); bold, dim and reverse stay.
    public var usesColor: Bool
    /// A line shown instead of the help line (a warning), or nil.
    public var status: String?
    /// A short note, such as how many emoji are hidden and how to show them. The key help comes
    /// first: the note follows it when the line has room for both, else it takes the preview
    /// line until the first key press (``keyPressed()``), so it is read once and then gives way.
    public var notice: String?
    /// The cells a toned emoji (👍🏽) takes on this terminal (``EmojiWidthProbe/Drawing/tonedWidth``):
    /// 2 where the modifier joins its emoji. Where it is drawn apart (4 cells in tmux 3.3a) a grid
    /// cell cannot hold it: the grid shows the emoji with its tone as a number in the gap (👍³),
    /// the preview shows it whole, and the tone popover spaces its options by this width.
    public var tonedWidth = 2
    /// Whether a notice that does not fit beside the key help still takes the preview line.
    public private(set) var showsNoticeInPreview = true
    /// The first line of the grid on screen (section titles count as lines).
    public private(set) var scrollTop = 0

    /// Terminal cells per grid column: an emoji two cells wide and a gap.
    public static let cellWidth = 3
    /// Rows that are not the grid: search, tabs, preview and help.
    public static let chromeRows = 4

    public init(usesColor: Bool = true, status: String? = nil) {
        self.usesColor = usesColor
        self.status = status
    }

    /// Tells the screen a key was pressed: a notice that took the preview line gives it back.
    public mutating func keyPressed() { showsNoticeInPreview = false }

    /// The grid columns that fit a terminal `width` cells wide.
    public static func columns(forWidth width: Int) -> Int { max(1, (width - 2) / cellWidth) }

    /// The grid lines (titles and rows) that fit a terminal `height` rows high.
    public static func gridHeight(forHeight height: Int) -> Int { max(1, height - chromeRows) }

    /// Lays `picker` out for a terminal size: its columns and its page size.
    public static func fit(_ picker: inout EmojiPicker, width: Int, height: Int) {
        if picker.columns != columns(forWidth: width) { picker.setColumns(columns(forWidth: width)) }
        picker.pageRows = max(1, gridHeight(forHeight: height) - 2)
    }

    /// Draws a whole frame of `picker` on a `width` × `height` terminal into `buffer`.
    public mutating func render(_ picker: EmojiPicker, width: Int, height: Int, into buffer: inout ScreenBuffer) {
        let width = max(width, 20)
        let height = max(height, Self.chromeRows + 1)
        let gridHeight = Self.gridHeight(forHeight: height)
        scroll(picker, gridHeight: gridHeight)
        buffer.writeASCII("\u{1B}[?25l")
        drawSearchField(picker, width: width, into: &buffer)
        drawTabs(picker, width: width, into: &buffer)
        drawGrid(picker, width: width, gridHeight: gridHeight, into: &buffer)
        if picker.popover != nil { drawPopover(picker, width: width, height: height, into: &buffer) }
        // The key help, and whether the notice fits after it, decide both of the last two lines.
        let help = helpText(picker)
        let noticeBesideHelp = notice.map { TerminalWidth.of(help) + 2 + TerminalWidth.of($0) <= width - 3 } ?? false
        drawPreview(picker, row: height - 1, width: width, noticeBesideHelp: noticeBesideHelp, into: &buffer)
        drawHelp(help, row: height, width: width, noticeBesideHelp: noticeBesideHelp, into: &buffer)
        buffer.style([])
    }

    // MARK: Lines of the grid

    /// The grid line of a section's title; its rows follow.
    private func titleLine(of section: Int, in layout: PickerLayout) -> Int { layout.firstRows[section] + section }

    private func lineCount(of picker: EmojiPicker) -> Int { picker.sections.count + picker.layout.rowCount }

    /// Keeps the selection (and the title of its section, when on its first row) on screen.
    private mutating func scroll(_ picker: EmojiPicker, gridHeight: Int) {
        if let selection = picker.popover?.anchor ?? picker.selection, selection.section < picker.sections.count {
            let line = titleLine(of: selection.section, in: picker.layout) + 1 + selection.row
            let top = selection.row == 0 ? line - 1 : line
            if top < scrollTop { scrollTop = top }
            if line >= scrollTop + gridHeight { scrollTop = line - gridHeight + 1 }
        }
        scrollTop = max(0, min(scrollTop, lineCount(of: picker) - gridHeight))
    }

    /// The section shown at the top of the grid, or the selected one.
    private func currentSection(_ picker: EmojiPicker) -> Int? {
        if let selection = picker.selection { return selection.section }
        guard !picker.sections.isEmpty else { return nil }
        var section = 0
        while section + 1 < picker.sections.count, titleLine(of: section + 1, in: picker.layout) <= scrollTop {
            section += 1
        }
        return section
    }

    // MARK: Parts

    private func style(_ style: TerminalStyle) -> TerminalStyle { usesColor ? style : style.withoutColor }

    private func drawSearchField(_ picker: EmojiPicker, width: Int, into buffer: inout ScreenBuffer) {
        buffer.clearRow(1)
        buffer.style(style([.bold, .accent]))
        let label = " \(picker.strings[.searchPlaceholder]): "
        buffer.write(label)
        buffer.style([])
        let count: String
        if picker.isSearching {
            let results = picker.sections.first?.items.count ?? 0
            count =
                results == 0
                ? picker.strings[.noResults] : picker.strings.text(.resultCount, ["count": "\(results)"])
        } else {
            count = ""
        }
        let room = width - TerminalWidth.of(label) - 1 - TerminalWidth.of(count) - 2
        if picker.query.isEmpty {
            buffer.style(.reverse)
            buffer.writeSpaces(1)
            buffer.style(style(.dim))
            buffer.write(TerminalWidth.truncated(" " + picker.strings[.searchHint], to: room))
        } else {
            let query = picker.query
            let shown = TerminalWidth.of(query) <= room ? query : "…" + String(query.suffix(max(1, room - 2)))
            buffer.write(shown)
            buffer.style(.reverse)
            buffer.writeSpaces(1)
        }
        buffer.style(style(.dim))
        if !count.isEmpty {
            buffer.move(row: 1, column: max(1, width - count.count))
            buffer.write(count)
        }
        buffer.style([])
    }

    private func drawTabs(_ picker: EmojiPicker, width: Int, into buffer: inout ScreenBuffer) {
        buffer.clearRow(2)
        let current = currentSection(picker)
        var column = 2
        for (index, section) in picker.sections.enumerated() {
            guard column + 3 < width - 10 else { break }
            let selected = index == current
            if selected {
                buffer.move(row: 2, column: column - 1)
                buffer.style(.reverse)
                buffer.writeSpaces(1)
            } else {
                buffer.move(row: 2, column: column)
            }
            buffer.write(Self.icon(of: section))
            if selected {
                buffer.writeSpaces(1)
                buffer.style([])
            }
            column += 3
        }
        if let current {
            let section = picker.sections[current]
            buffer.move(row: 2, column: column + 1)
            buffer.style(style([.bold, .accent]))
            buffer.write(TerminalWidth.truncated(section.title, to: width - column - 1))
            buffer.style([])
        }
    }

    /// A tab's icon: ``/MojiPicker/PickerSectionIcons`` (shared with the web picker), the first
    /// letters of a custom set, the first emoji of a group without one.
    static func icon(of section: PickerSection) -> String {
        if let icon = PickerSectionIcons.icon(of: section.id) { return icon }
        if case .customSet(let identifier) = section.id { return String((identifier + "  ").prefix(2)) }
        if case .emoji(let emoji)? = section.items.first { return emoji.character }
        return "··"
    }

    private func drawGrid(_ picker: EmojiPicker, width: Int, gridHeight: Int, into buffer: inout ScreenBuffer) {
        let layout = picker.layout
        let sections = picker.sections
        var section = 0
        while section + 1 < sections.count, titleLine(of: section + 1, in: layout) <= scrollTop { section += 1 }
        for offset in 0..<gridHeight {
            let screenRow = 3 + offset
            buffer.clearRow(screenRow)
            let line = scrollTop + offset
            guard section < sections.count else {
                if offset == 0 && sections.isEmpty { drawEmpty(picker, row: screenRow, width: width, into: &buffer) }
                continue
            }
            if section + 1 < sections.count, line >= titleLine(of: section + 1, in: layout) { section += 1 }
            let title = titleLine(of: section, in: layout)
            if line == title {
                buffer.move(row: screenRow, column: 2)
                buffer.style(style([.bold, .accent]))
                buffer.write(TerminalWidth.truncated(sections[section].title, to: width - 3))
                buffer.style([])
                continue
            }
            let row = line - title - 1
            guard row < layout.rowCount(ofSection: section) else {
                section += 1
                continue
            }
            drawRow(row, of: section, picker: picker, screenRow: screenRow, into: &buffer)
        }
    }

    private func drawRow(
        _ row: Int, of section: Int, picker: EmojiPicker, screenRow: Int, into buffer: inout ScreenBuffer
    ) {
        let layout = picker.layout
        let items = picker.sections[section].items
        let start = row * layout.columns
        let selection = picker.selection
        let marked = picker.selectedItems
        for column in 0..<layout.length(ofRow: row, inSection: section) {
            let item = items[start + column]
            let x = 2 + column * Self.cellWidth
            let isSelected = selection == PickerPosition(section: section, row: row, column: column)
            let isMarked = !marked.isEmpty && marked.contains(item)
            let mark = toneMark(of: item)
            if isSelected || isMarked {
                buffer.move(row: screenRow, column: x - 1)
                buffer.style(isSelected ? .reverse : style([.underline, .accent]))
                buffer.writeSpaces(1)
                drawItem(item, into: &buffer)
                buffer.move(row: screenRow, column: x + 2)
                if let mark { buffer.write(mark) } else { buffer.writeSpaces(1) }
                buffer.style([])
            } else {
                buffer.move(row: screenRow, column: x)
                drawItem(item, into: &buffer)
                if let mark {
                    buffer.move(row: screenRow, column: x + 2)
                    buffer.write(mark)
                }
            }
        }
    }

    /// Where the terminal draws toned emoji wider than a cell, the tone of a toned item as a
    /// superscript number in the gap after it (¹ light … ⁵ dark; the first person's); else nil.
    private func toneMark(of item: SearchItem) -> String? {
        guard tonedWidth > 2, case .emoji(let emoji) = item, let tone = emoji.skinTones.first else { return nil }
        return Self.toneMarks[tone.rawValue - 1]
    }

    private static let toneMarks = ["¹", "²", "³", "⁴", "⁵"]

    private func drawItem(_ item: SearchItem, into buffer: inout ScreenBuffer) {
        switch item {
        case .emoji(let emoji) where tonedWidth > 2 && emoji.hasSkinTones: buffer.write(emoji.neutral.character)
        case .emoji(let emoji): buffer.write(emoji.character)
        case .custom(let custom): buffer.write(String((custom.code + "  ").prefix(2)))
        }
    }

    private func drawEmpty(_ picker: EmojiPicker, row: Int, width: Int, into buffer: inout ScreenBuffer) {
        buffer.move(row: row, column: 2)
        buffer.style(style(.dim))
        let text =
            picker.isSearching ? "No emoji matches “\(picker.query)”. Backspace or Esc to edit." : "No emoji to show."
        buffer.write(TerminalWidth.truncated(text, to: width - 3))
        buffer.style([])
    }

    private func drawPopover(_ picker: EmojiPicker, width: Int, height: Int, into buffer: inout ScreenBuffer) {
        guard let popover = picker.popover, popover.anchor.section < picker.sections.count else { return }
        let perPerson = popover.rowCount > 1
        let label = perPerson ? 3 : 0
        // Each option's width as the terminal draws it, a cell for the focus or bracket before it
        // and one after: "✋🏽" is four cells in tmux 3.3a, and the options must not cover each
        // other (a focus mark written over a modifier's cell erases it). Rows per person show the
        // modifier alone, two cells everywhere.
        let pitch = (perPerson ? 2 : tonedWidth) + 2
        let inner = label + SkinTonePopover.options.count * pitch + 1
        let boxHeight = popover.rowCount + 2
        let cellRow = 3 + titleLine(of: popover.anchor.section, in: picker.layout) + 1 + popover.anchor.row - scrollTop
        let cellColumn = 2 + popover.anchor.column * Self.cellWidth
        let lastGridRow = height - 2
        let top = cellRow + boxHeight <= lastGridRow ? cellRow + 1 : max(3, cellRow - boxHeight)
        let left = max(1, min(cellColumn - 1, width - inner - 1))
        let border = String(repeating: "─", count: inner)
        buffer.style([])
        buffer.move(row: top, column: left)
        buffer.write("┌" + border + "┐")
        for row in 0..<popover.rowCount {
            let screenRow = top + 1 + row
            buffer.move(row: screenRow, column: left)
            buffer.write("│")
            buffer.writeSpaces(inner)
            if perPerson {
                buffer.move(row: screenRow, column: left + 2)
                buffer.style(style(.dim))
                buffer.write("\(row + 1)")
                buffer.style([])
            }
            for (index, tone) in SkinTonePopover.options.enumerated() {
                let x = left + 2 + label + index * pitch
                let chosen = popover.tones[row] == tone
                let focused = chosen && popover.focusedRow == row
                let text = perPerson ? String(Character(tone.modifier)) : popover.option(tone, inRow: row)?.character
                if focused {
                    buffer.move(row: screenRow, column: x - 1)
                    buffer.style(.reverse)
                    buffer.writeSpaces(1)
                } else if chosen {
                    buffer.move(row: screenRow, column: x - 1)
                    buffer.style(style([.bold, .accent]))
                    buffer.write("[")
                    buffer.style([])
                } else {
                    buffer.move(row: screenRow, column: x)
                }
                // The closing mark follows the option wherever the terminal ended it.
                buffer.write(text ?? "··")
                if focused {
                    buffer.writeSpaces(1)
                    buffer.style([])
                } else if chosen {
                    buffer.style(style([.bold, .accent]))
                    buffer.write("]")
                    buffer.style([])
                }
            }
            buffer.move(row: screenRow, column: left + inner + 1)
            buffer.write("│")
        }
        buffer.move(row: top + boxHeight - 1, column: left)
        buffer.write("└" + border + "┘")
    }

    private func drawPreview(
        _ picker: EmojiPicker, row: Int, width: Int, noticeBesideHelp: Bool, into buffer: inout ScreenBuffer
    ) {
        buffer.clearRow(row)
        if let notice, showsNoticeInPreview, !noticeBesideHelp {
            buffer.move(row: row, column: 2)
            buffer.style(style(.warning))
            buffer.write(TerminalWidth.truncated(notice, to: width - 3))
            buffer.style([])
            return
        }
        guard let preview = picker.preview else {
            buffer.move(row: row, column: 2)
            buffer.style(style(.dim))
            buffer.write(TerminalWidth.truncated(picker.strings[.idleHint], to: width - 3))
            buffer.style([])
            return
        }
        buffer.move(row: row, column: 2)
        // Written on from the emoji rather than at a fixed column: a terminal that draws a
        // sequence wider than two cells pushes the name along instead of covering it.
        switch preview.item {
        case .emoji(let emoji): buffer.write(emoji.character + "  ")
        case .custom(let custom): buffer.write(":\(custom.code):  ")
        }
        let slack = 3
        var room = width - 2 - TerminalWidth.of(preview.item.text) - 2 - slack
        guard room > 0 else { return }
        buffer.style(.bold)
        let name = TerminalWidth.truncated(preview.name, to: room)
        buffer.write(name)
        buffer.style([])
        room -= TerminalWidth.of(name)
        var details = preview.shortcodes.prefix(3).map { ":\($0):" }.joined(separator: " ")
        if !preview.keywords.isEmpty {
            details += (details.isEmpty ? "" : "  ") + preview.keywords.joined(separator: ", ")
        }
        if room > 4, !details.isEmpty {
            buffer.style(style(.dim))
            buffer.write("  " + TerminalWidth.truncated(details, to: room - 2))
            buffer.style([])
        }
    }

    private func drawHelp(
        _ help: String, row: Int, width: Int, noticeBesideHelp: Bool, into buffer: inout ScreenBuffer
    ) {
        buffer.clearRow(row)
        buffer.move(row: row, column: 2)
        if let status {
            buffer.style(style(.warning))
            buffer.write(TerminalWidth.truncated(status, to: width - 3))
            buffer.style([])
            return
        }
        buffer.style(style(.dim))
        buffer.write(TerminalWidth.truncated(help, to: width - 3))
        buffer.style([])
        if let notice, noticeBesideHelp {
            buffer.write("  ")
            buffer.style(style(.warning))
            buffer.write(notice)
            buffer.style([])
        }
    }

    /// The key help, in the picker's language: the popover's keys while it is open.
    private func helpText(_ picker: EmojiPicker) -> String {
        let words = picker.strings
        return picker.popover != nil
            ? "←→ \(words[.keyTone])  ↑↓ \(words[.keyPerson])  Enter \(words[.keyPick])  Esc \(words[.keyClose])"
            : "Enter \(words[.keyPick])  Alt+Enter \(words[.keySkinTone])  Tab \(words[.keyGroup])  "
                + "Esc \(words[.keyBack])  Ctrl+C \(words[.keyQuit])"
    }
}
