/// The committed changes of some areas of a store, from ``EmojiStore/changes(in:pollingInterval:)``:
/// an `AsyncSequence` that ends by throwing a ``StoreError`` when the store cannot be read.
///
/// ```swift
/// for try await change in store.changes(in: [.pinned]) { reloadPinned() }
/// ```
public struct StoreChanges: AsyncSequence, Sendable {
    public typealias Element = StoreChange
    public typealias Failure = StoreError

    /// Each change, or the error that ends the sequence (always the last element).
    let results: AsyncStream<Result<StoreChange, StoreError>>

    public func makeAsyncIterator() -> Iterator { Iterator(results: results.makeAsyncIterator()) }

    /// Gives the changes in order, then throws the error that ended them, if any, once.
    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = StoreChange
        public typealias Failure = StoreError

        var results: AsyncStream<Result<StoreChange, StoreError>>.Iterator

        public mutating func next() async throws(StoreError) -> StoreChange? {
            guard let result = await results.next() else { return nil }
            return try result.get()
        }
    }
}
