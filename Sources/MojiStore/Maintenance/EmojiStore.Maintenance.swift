import Foundation
import Moji

extension EmojiStore {
    /// Moving and mending the data: export and import, and the rows a hand edit or another
    /// program left out of range. (Checking and repairing a store's file are ``EmojiStore/check(at:)``
    /// and ``EmojiStore/repair(at:configuration:)``, which need no open store.)
    public var maintenance: Maintenance { Maintenance(store: self) }

    /// The maintenance facet of a store. Get it from ``EmojiStore/maintenance``.
    public struct Maintenance: Sendable {
        let store: EmojiStore

        /// The rows holding values out of range, without changing anything (see ``InvalidRow``).
        public func invalidRows() throws(StoreError) -> [InvalidRow] {
            try store.invalidRows()
        }

        /// Fixes every row ``invalidRows()`` reports, in one transaction: values are clamped into
        /// range (counters to the clock, bad scores to 0, names cleaned of control characters) and
        /// rows that hold nothing usable are dropped.
        @discardableResult
        public func repairRows() throws(StoreError) -> RowRepair {
            try store.repairRows()
        }

        /// All user data, read in one consistent snapshot.
        public func export() throws(StoreError) -> StoreExport {
            try store.export()
        }

        /// Replaces all user data with `export`, in one transaction: on any failure nothing changes.
        /// Scores continue exactly where the export left them.
        ///
        /// - Throws: ``StoreError/invalidImportEntry(entry:reason:)`` when an entry is out of range
        ///   or malformed (see ``StoreExport/validate(catalog:)``); nothing is imported then.
        public func importData(_ export: StoreExport) throws(StoreError) {
            try store.importData(export)
        }
    }
}
