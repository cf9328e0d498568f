import Moji
import MojiPicker
import Testing

@Suite("grid and keyboard")
struct PickerNavigationTests {
    /// Three frequent emoji, then the groups, in 8 columns.
    func picker(_ mode: PickerSelectionMode = .single) throws -> (EmojiPicker, MemoryHistory) {
        let history = MemoryHistory(PickerHistorySnapshot(frequent: [item("🎉"), item("👍"), item("❤️")]))
        let picker = try EmojiPicker(
            configuration: PickerConfiguration(selectionMode: mode), history: history, columns: 8)
        return (picker, history)
    }

    @Test("the layout maps items to section, row and column, each section on new rows")
    func layout() {
        let layout = PickerLayout(itemCounts: [3, 20], columns: 8)
        #expect(layout.rowCount == 1 + 3)
        #expect(layout.position(ofItem: 9, inSection: 1) == PickerPosition(section: 1, row: 1, column: 1))
        #expect(layout.itemIndex(at: PickerPosition(section: 0, row: 0, column: 5)) == nil)
        #expect(layout.position(gridRow: 3, column: 7) == PickerPosition(section: 1, row: 2, column: 3))
        #expect(layout.last == PickerPosition(section: 1, row: 2, column: 3))
    }

    @Test("nothing is selected at first; an arrow selects the first cell")
    func firstArrow() throws {
        var (picker, _) = try picker()
        #expect(picker.selection == nil)
        picker.send(.down)
        #expect(picker.selectedText == "🎉")
    }

    @Test("right and left arrows cross section boundaries")
    func horizontalCrossing() throws {
        var (picker, _) = try picker()
        picker.send(.right, .right, .right)
        #expect(picker.selectedText == "❤️")
        picker.send(.right)
        #expect(picker.selection == PickerPosition(section: 1, row: 0, column: 0))
        #expect(picker.selectedText == "😀")
        picker.send(.left)
        #expect(picker.selectedText == "❤️")
    }

    @Test("up and down arrows cross section boundaries and keep the column where they can")
    func verticalCrossing() throws {
        var (picker, _) = try picker()
        picker.send(.right, .right, .right)  // ❤️, column 2
        picker.send(.down)
        #expect(picker.selection == PickerPosition(section: 1, row: 0, column: 2))
        picker.send(.right, .right, .right, .right)  // column 6
        picker.send(.up)
        #expect(picker.selectedText == "❤️")  // the short row's last cell
        picker.send(.down)
        #expect(picker.selection == PickerPosition(section: 1, row: 0, column: 6))
    }

    @Test("Home and End go to the first and last cells; PageUp and PageDown move by pages")
    func homeEndPages() throws {
        var (picker, _) = try picker()
        picker.pageRows = 4
        picker.send(.end)
        #expect(picker.selectedText == catalog.emojis(in: catalog.group("flags")!).last?.character)
        picker.send(.home)
        #expect(picker.selectedText == "🎉")
        picker.send(.pageDown)
        #expect(picker.layout.gridRow(of: picker.selection!) == 4)
        picker.send(.pageUp, .pageUp)
        #expect(picker.selection == PickerPosition(section: 0, row: 0, column: 0))
    }

    @Test("Tab and Shift-Tab jump between sections")
    func tabs() throws {
        var (picker, _) = try picker()
        picker.send(.tab, .tab)
        #expect(picker.selectedText == "😀")
        picker.send(.tab)
        #expect(picker.selectedText == "👋")
        picker.send(.backTab)
        #expect(picker.selectedText == "😀")
    }

    @Test("the selection stays on its emoji when the columns change")
    func columnsChange() throws {
        var (picker, _) = try picker()
        picker.send(.tab, .tab)
        picker.send(.right, .right, .right, .right, .right, .right, .right, .right, .right)
        let selected = picker.selectedText
        picker.setColumns(5)
        #expect(picker.selectedText == selected)
        #expect(picker.selection == PickerPosition(section: 1, row: 1, column: 4))
    }

    @Test("with a query the first result is selected and Enter picks it, with the query for the history to learn")
    func queryPicksFirst() throws {
        var (picker, _) = try picker()
        picker.send(.insert("part"), .insert("y"))
        let first = try #require(picker.sections.first?.items.first)
        #expect(picker.selectedItem == first)
        #expect(picker.send(.enter) == .picked(EmojiPick(items: [first], query: "party")))
    }

    @Test("a pick is handed to the host: the picker writes nothing to its history")
    func pickWritesNothing() throws {
        var (picker, history) = try picker()
        picker.send(.right)
        #expect(picker.send(.enter) == picked(item("🎉")))
        #expect(picker.pick(at: PickerPosition(section: 0, row: 0, column: 1)) == picked(item("👍")))
        #expect(history.picks.isEmpty)
        #expect(history.storedTones.isEmpty)
        #expect(picker.snapshot.recent.isEmpty)
    }

    @Test("a chosen result stays selected as the query changes, and when it is cleared")
    func selectionSurvivesQuery() throws {
        var (picker, _) = try picker()
        picker.setQuery("party")
        while picker.selectedText != "🥳" { picker.send(.right) }
        picker.send(.insert(" f"))
        #expect(picker.selectedText == "🥳")
        picker.send(.escape)
        #expect(picker.query.isEmpty)
        #expect(picker.selectedText == "🥳")
        #expect(picker.sections[picker.selection!.section].id == .group("smileys-emotion"))
    }

    @Test("Escape clears the query, then the selection, then dismisses")
    func escapeOrder() throws {
        var (picker, _) = try picker()
        picker.setQuery("cat")
        #expect(picker.send(.escape) == nil)
        #expect(picker.query.isEmpty)
        #expect(picker.selection != nil)
        #expect(picker.send(.escape) == nil)
        #expect(picker.selection == nil)
        #expect(picker.send(.escape) == .dismissed)
    }

    @Test("Backspace edits the query; a space is typed into it")
    func editing() throws {
        var (picker, _) = try picker()
        picker.send(.insert("thu"), .space, .insert("u"))
        #expect(picker.query == "thu u")
        #expect(picker.selectedText == "👍")
        picker.send(.deleteBackward, .deleteBackward)
        #expect(picker.query == "thu")
    }

    @Test("in multiple selection Enter picks every selected item, in order")
    func multipleSelection() throws {
        var (picker, _) = try picker(.multiple)
        picker.send(.right, .toggleSelection, .right, .right, .toggleSelection)
        #expect(picker.selectedItems == [item("🎉"), item("❤️")])
        #expect(picker.send(.enter) == picked(item("🎉"), item("❤️")))
        #expect(picker.selectedItems.isEmpty)
    }

    @Test("without selection the arrows do nothing and a tap picks")
    func noSelection() throws {
        var (picker, _) = try picker(.none)
        picker.send(.down, .right)
        #expect(picker.selection == nil)
        #expect(picker.send(.enter) == nil)
        #expect(picker.pick(at: PickerPosition(section: 0, row: 0, column: 1)) == picked(item("👍")))
    }

    @Test("a pick the host recorded shows in recent on reload, and the selection stays on its emoji")
    func reloadShowsPick() throws {
        var (picker, history) = try picker()
        picker.send(.tab, .tab, .right)  // 😃
        guard case .picked(let pick) = picker.send(.enter) else {
            Issue.record("Enter did not pick")
            return
        }
        #expect(!picker.sections.contains { $0.id == .recent })
        try history.record(pick)
        picker.reloadHistory()
        #expect(picker.sections.first { $0.id == .recent }?.items == [item("😃")])
        #expect(picker.selectedText == "😃")
        #expect(picker.sections[picker.selection!.section].id == .group("smileys-emotion"))
    }

    @Test("a snapshot the host read itself replaces the lists, keeping the selection")
    func hostSnapshot() throws {
        var (picker, _) = try picker()
        picker.send(.tab, .tab, .right)  // 😃
        picker.setSnapshot(PickerHistorySnapshot(pinned: [item("🚀")], recent: [item("🐶")]))
        #expect(picker.sections.prefix(3).map(\.id) == [.pinned, .recent, .group("smileys-emotion")])
        #expect(picker.selectedText == "😃")
    }
}
