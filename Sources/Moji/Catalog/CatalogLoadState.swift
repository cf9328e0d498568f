import Foundation

/// What the files a catalog reads on first use came to: its emoji properties, the locales whose
/// files are damaged, English without strings when English's are, and every failure in the
/// order found (``EmojiCatalog/loadErrors``).
///
/// One plain class under one lock rather than a `Locked` per cache: each distinct
/// `Locked<Value>` instantiates its generic metadata when a catalog opens, and four of them
/// (with the URL standardizing since dropped) cost a fifth of opening the bundled catalog,
/// 0.5 M instructions, for failures it never has.
final class CatalogLoadState: @unchecked Sendable {
    // Recursive, as `Locked`'s: a loader may record a failure while it holds the lock.
    private let lock = NSRecursiveLock()
    private var localeFailures: [String: CatalogError] = [:]
    private var properties: EmojiProperties?
    private var propertiesFailure: CatalogError?
    private var emptyEnglish: LocalizedCatalog?
    private var failures: [CatalogError] = []

    /// Every failure, once each, in the order found.
    var errors: [CatalogError] {
        lock.lock()
        defer { lock.unlock() }
        return failures
    }

    /// Notes `error` once.
    func record(_ error: CatalogError) {
        lock.lock()
        defer { lock.unlock() }
        if !failures.contains(error) { failures.append(error) }
    }

    /// The error the files of locale `identifier` gave, if they were read and are damaged.
    func failure(ofLocale identifier: String) -> CatalogError? {
        lock.lock()
        defer { lock.unlock() }
        return localeFailures[identifier]
    }

    /// Remembers that the files of locale `identifier` are damaged.
    func recordFailure(_ error: CatalogError, ofLocale identifier: String) {
        lock.lock()
        defer { lock.unlock() }
        localeFailures[identifier] = error
        if !failures.contains(error) { failures.append(error) }
    }

    /// The emoji properties, read by `load` once; a failure is thrown again without reading.
    func properties(_ load: () throws(CatalogError) -> EmojiProperties) throws(CatalogError) -> EmojiProperties {
        lock.lock()
        defer { lock.unlock() }
        if let properties { return properties }
        if let propertiesFailure { throw propertiesFailure }
        do {
            let loaded = try load()
            properties = loaded
            return loaded
        } catch {
            propertiesFailure = error
            if !failures.contains(error) { failures.append(error) }
            throw error
        }
    }

    /// English without strings, made by `make` once.
    func emptyEnglish(_ make: () -> LocalizedCatalog) -> LocalizedCatalog {
        lock.lock()
        defer { lock.unlock() }
        if let emptyEnglish { return emptyEnglish }
        let made = make()
        emptyEnglish = made
        return made
    }
}
