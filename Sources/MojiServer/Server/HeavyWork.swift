import Foundation
import Hummingbird
import Moji
import MojiStore

/// Where answers that cost real work are made (a catalog listing of 2.4 MB, text of 64 KB of
/// keycaps): with `BlockingIO`, at most ``capacity`` at once, so they never hold the few
/// threads of Swift's cooperative pool that cheap routes and health need. Past the capacity a
/// request gets 503 with `Retry-After` at once, rather than a place in a queue that only grows.
final class HeavyWork: Sendable {
    /// Heavy answers made at once; one more is refused.
    let capacity: Int
    private let running = Locked(0)
    /// Seconds a refused client is asked to wait.
    static let retrySeconds = 1

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Runs `body` on a Dispatch thread once a place is free, or throws a 503 problem when all are taken.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let admitted = running.withLock { count -> Bool in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard admitted else { throw HeavyWorkBusy() }
        defer { running.withLock { $0 -= 1 } }
        return try await BlockingIO.run(body)
    }
}

/// 503 `busy` with `Retry-After`: every place for heavy answers is taken.
struct HeavyWorkBusy: Error {
    var response: Response {
        var response = APIResponse.problem(
            ProblemDetails(
                type: "busy", title: "Busy", status: 503,
                detail: "the server is making as many large answers as it can at once; retry after "
                    + "\(HeavyWork.retrySeconds) s."))
        response.headers[.retryAfter] = "\(HeavyWork.retrySeconds)"
        return response
    }
}
