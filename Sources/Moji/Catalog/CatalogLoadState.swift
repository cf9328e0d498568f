import Foundation

/// What the files a catalog reads on first use came to: its emoji properties, the locales whose
/// files are damaged, English without strings when English's are, and every failure in the
/// order found (``EmojiCatalog/loadErrors``).
///
/// One plain state under one lock rather than a `Locked` per cache: each distinct
/// `Locked<Value>` instantiates its generic metadata when a catalog opens, and four of them
/// (with the URL standardizing since dropped) cost a fifth of opening the bundled catalog,
/// 0.5 M instructions, for failures it never has.
final class CatalogLoadState: Sendable {
    private struct State {
        var localeFailures: [String: CatalogError] = [:]
        var properties: EmojiProperties?
        var propertiesFailure: CatalogError?
        var emptyEnglish: LocalizedCatalog?
        var failures: [CatalogError] = []

        mutating func record(_ error: CatalogError) {
            if !failures.contains(error) { failures.append(error) }
        }
    }

    private let state = Locked(State())

    /// Every failure, once each, in the order found.
    var errors: [CatalogError] { state.withLock { $0.failures } }

    /// Notes `error` once.
    func record(_ error: CatalogError) { state.withLock { $0.record(error) } }

    /// The error the files of locale `identifier` gave, if they were read and are damaged.
    func failure(ofLocale identifier: String) -> CatalogError? {
        state.withLock { $0.localeFailures[identifier] }
    }

    /// Remembers that the files of locale `identifier` are damaged.
    func recordFailure(_ error: CatalogError, ofLocale identifier: String) {
        state.withLock { state in
            state.localeFailures[identifier] = error
            state.record(error)
        }
    }

    /// The emoji properties, read by `load` once (under the lock, so `load` must not record);
    /// a failure is thrown again without reading.
    func properties(_ load: () throws(CatalogError) -> EmojiProperties) throws(CatalogError) -> EmojiProperties {
        try state.withLock { state throws(CatalogError) in
            if let properties = state.properties { return properties }
            if let failure = state.propertiesFailure { throw failure }
            do throws(CatalogError) {
                let loaded = try load()
                state.properties = loaded
                return loaded
            } catch {
                state.propertiesFailure = error
                state.record(error)
                throw error
            }
        }
    }

    /// English without strings, made by `make` once (under the lock).
    func emptyEnglish(_ make: () -> LocalizedCatalog) -> LocalizedCatalog {
        state.withLock { state in
            if let emptyEnglish = state.emptyEnglish { return emptyEnglish }
            let made = make()
            state.emptyEnglish = made
            return made
        }
    }
}
