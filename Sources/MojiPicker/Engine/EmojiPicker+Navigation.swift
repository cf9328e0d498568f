extension EmojiPicker {
    /// Moves to a cell chosen by the person (not the automatic first result).
    mutating func moveSelection(to position: PickerPosition?, keepingColumn: Bool = false) {
        guard configuration.selectionMode != .none, let position else { return }
        selection = position
        selectionIsAutomatic = false
        if !keepingColumn { stickyColumn = position.column }
    }

    /// Left and right: the previous or next item, on to the neighbouring section at either end.
    /// With nothing selected, selects the first cell.
    mutating func moveHorizontally(by offset: Int) {
        guard let current = selection, let index = layout.itemIndex(at: current) else {
            return moveSelection(to: layout.first)
        }
        let target = index + offset
        if target >= 0, target < layout.itemCounts[current.section] {
            return moveSelection(to: layout.position(ofItem: target, inSection: current.section))
        }
        if target < 0, current.section > 0 {
            let section = current.section - 1
            moveSelection(to: layout.position(ofItem: layout.itemCounts[section] - 1, inSection: section))
        } else if target >= layout.itemCounts[current.section], current.section + 1 < layout.itemCounts.count {
            moveSelection(to: layout.position(ofItem: 0, inSection: current.section + 1))
        }
    }

    /// Up, down, PageUp and PageDown: rows of the whole grid, so the move crosses section
    /// boundaries; the column is kept where the row is long enough.
    mutating func moveVertically(by rows: Int) {
        guard let current = selection else { return moveSelection(to: rows < 0 ? layout.first : layout.first) }
        let target = min(max(layout.gridRow(of: current) + rows, 0), layout.rowCount - 1)
        moveSelection(to: layout.position(gridRow: target, column: stickyColumn), keepingColumn: true)
    }

    /// Tab and Shift-Tab: the first cell of the next or previous section (the group tabs).
    mutating func moveToSection(by offset: Int) {
        guard !sections.isEmpty else { return }
        let current = selection?.section ?? (offset > 0 ? -1 : 0)
        let target = min(max(current + offset, 0), sections.count - 1)
        moveSelection(to: PickerPosition(section: target, row: 0, column: 0))
    }
}
