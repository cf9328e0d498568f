/// A cell of the grid: a section, a row within it and a column, all from 0.
public struct PickerPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The index of the section in ``EmojiPicker/sections``.
    public var section: Int
    /// The row within the section.
    public var row: Int
    /// The column, from 0 to ``PickerLayout/columns`` − 1.
    public var column: Int

    public init(section: Int, row: Int, column: Int) {
        self.section = section
        self.row = row
        self.column = column
    }

    public static func < (lhs: PickerPosition, rhs: PickerPosition) -> Bool {
        (lhs.section, lhs.row, lhs.column) < (rhs.section, rhs.row, rhs.column)
    }

    public var description: String { "(\(section), \(row), \(column))" }
}
