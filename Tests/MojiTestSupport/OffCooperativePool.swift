import Foundation

/// Runs blocking work (building or copying a catalog, hashing many files) on a thread of its own.
///
/// Swift's cooperative pool has as many threads as cores, two on the CI machine, and the loopback
/// servers, PostgreSQL clients and HTTP clients of every suite run on it: a test that blocked it for
/// seconds would make theirs time out. Dispatch's shared pool is no better a place: it too has a
/// thread per core, and URLSession's callbacks wait there. A serial queue made for the call gets
/// a thread whatever the pools are doing.
public func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue(label: "offCooperativePool").async { continuation.resume(with: Result { try work() }) }
    }
}
