/// Waiting on a stream with a deadline, so a test whose element never comes fails instead of
/// hanging the whole run.
extension AsyncStream where Element: Sendable {
    /// The first `count` elements, or none when they have not all come within `timeout`.
    func prefix(_ count: Int, within timeout: Duration) async -> [Element] {
        await withTaskGroup(of: [Element]?.self) { group in
            group.addTask {
                var received: [Element] = []
                for await element in self {
                    received.append(element)
                    if received.count == count { break }
                }
                return received.count == count ? received : nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            // The first child to finish decides; cancelling ends the other (the sleep, or the
            // stream's iteration).
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }
}
