/// The sections laid out in a grid of `columns` columns: each section starts a new row.
///
/// Rows are counted two ways: within a section (``PickerPosition/row``) and across the whole
/// grid ("grid rows", for scrolling and paging).
///
/// ```swift
/// let layout = PickerLayout(itemCounts: [12, 170], columns: 8)
/// layout.rowCount                                          // 2 + 22
/// layout.position(ofItem: 9, inSection: 1)                 // (1, 1, 1)
/// layout.position(gridRow: 2, column: 7)                   // (1, 0, 7)
/// ```
public struct PickerLayout: Sendable, Hashable {
    /// The number of columns, at least 1.
    public let columns: Int
    /// The number of items of each section.
    public let itemCounts: [Int]
    /// The grid row where each section starts.
    public let firstRows: [Int]
    /// The number of rows of the whole grid.
    public let rowCount: Int

    public init(itemCounts: [Int], columns: Int) {
        self.columns = max(1, columns)
        self.itemCounts = itemCounts
        var firstRows: [Int] = []
        firstRows.reserveCapacity(itemCounts.count)
        var row = 0
        for count in itemCounts {
            firstRows.append(row)
            row += (count + self.columns - 1) / self.columns
        }
        self.firstRows = firstRows
        rowCount = row
    }

    /// The number of rows of a section.
    public func rowCount(ofSection section: Int) -> Int { (itemCounts[section] + columns - 1) / columns }

    /// The number of cells in a row of a section (the last row may be short).
    public func length(ofRow row: Int, inSection section: Int) -> Int {
        min(columns, itemCounts[section] - row * columns)
    }

    /// Where the `index`th item of a section is.
    public func position(ofItem index: Int, inSection section: Int) -> PickerPosition {
        PickerPosition(section: section, row: index / columns, column: index % columns)
    }

    /// The index of the item at a position within its section, or nil past the items.
    public func itemIndex(at position: PickerPosition) -> Int? {
        guard position.section >= 0, position.section < itemCounts.count, position.column >= 0,
            position.column < columns, position.row >= 0
        else { return nil }
        let index = position.row * columns + position.column
        return index < itemCounts[position.section] ? index : nil
    }

    /// The grid row of a position.
    public func gridRow(of position: PickerPosition) -> Int { firstRows[position.section] + position.row }

    /// The section and row within it of a grid row, or nil outside the grid.
    public func sectionRow(ofGridRow gridRow: Int) -> (section: Int, row: Int)? {
        guard gridRow >= 0, gridRow < rowCount else { return nil }
        // Binary search for the last section starting at or before the row, skipping empty ones.
        var low = 0
        var high = firstRows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstRows[middle] <= gridRow { low = middle } else { high = middle - 1 }
        }
        while low > 0, itemCounts[low] == 0 { low -= 1 }
        return (low, gridRow - firstRows[low])
    }

    /// The cell of a grid row nearest to `column` (the last cell of a short row).
    public func position(gridRow: Int, column: Int) -> PickerPosition? {
        guard let (section, row) = sectionRow(ofGridRow: gridRow) else { return nil }
        let length = length(ofRow: row, inSection: section)
        return PickerPosition(section: section, row: row, column: min(max(column, 0), length - 1))
    }

    /// The first cell of the grid, or nil when it is empty.
    public var first: PickerPosition? { position(gridRow: 0, column: 0) }

    /// The last cell of the grid, or nil when it is empty.
    public var last: PickerPosition? { position(gridRow: rowCount - 1, column: columns) }
}
