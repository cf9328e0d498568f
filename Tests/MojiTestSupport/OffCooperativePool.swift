import Foundation

/// Runs blocking work (building or copying a catalog, hashing many files) on a Dispatch thread.
///
/// Swift's cooperative pool has as many threads as cores, two on the CI machine, and the loopback
/// servers, PostgreSQL clients and HTTP clients of every suite run on it: a test that blocked it for
/// seconds would make theirs time out.
public func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
