import MojiStore

/// Waiting on a store's changes with a deadline, as for `AsyncStream`: a change or an error that
/// never comes fails the test instead of hanging the run.
extension StoreChanges {
    /// The first `count` changes, or none when they have not all come within `timeout` or an
    /// error came first.
    func prefix(_ count: Int, within timeout: Duration) async -> [StoreChange] {
        await withDeadline(timeout) {
            var received: [StoreChange] = []
            do {
                for try await change in self {
                    received.append(change)
                    if received.count == count { break }
                }
            } catch {
                return nil
            }
            return received.count == count ? received : nil
        } ?? []
    }

    /// The error that ends the sequence within `timeout`, with the changes before it; nil when
    /// the sequence ends without one or the time runs out.
    func failure(within timeout: Duration) async -> (changes: [StoreChange], error: StoreError)? {
        await withDeadline(timeout) {
            var received: [StoreChange] = []
            do throws(StoreError) {
                for try await change in self { received.append(change) }
            } catch {
                return (received, error)
            }
            return nil
        }
    }

    /// What `body` gives, or nil when it has not finished within `timeout` (it is then cancelled).
    private func withDeadline<Value: Sendable>(
        _ timeout: Duration,
        _ body: @escaping @Sendable () async -> Value?
    ) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask(operation: body)
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
