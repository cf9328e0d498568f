extension EmojiStore {
    /// Folds the write-ahead log into the database file and closes every connection, as a server
    /// does when it shuts down: the file alone is then the whole database. Nothing may use the
    /// store afterwards. A read-only store just closes.
    public func close() throws(StoreError) {
        do {
            if isReadOnly { try pool.close() } else { try checkpointAndClose() }
        } catch {
            throw StoreError.wrapping(error, path: url.path)
        }
    }
}
