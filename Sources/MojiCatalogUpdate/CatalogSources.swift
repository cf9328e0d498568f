import Foundation
import Moji
import MojiSync

/// The URLs `moji data update` tries, in order, when it is given none: `sources.txt` beside the
/// installed catalogs, one URL a line.
///
/// ```swift
/// let sources = CatalogSources(catalogs: .default())
/// try sources.add(URL(string: "https://example.com/moji/catalog/")!)
/// ```
public struct CatalogSources: Sendable {
    /// The catalogs whose sources these are.
    public var catalogs: InstalledCatalogs

    /// The sources of `catalogs`.
    public init(catalogs: InstalledCatalogs = .default()) {
        self.catalogs = catalogs
    }

    /// The file holding the list.
    public var file: URL { catalogs.directory.appendingPathComponent("sources.txt") }

    /// Every source, in the order added.
    public func list() -> [URL] {
        guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .compactMap { URL(string: String($0).trimmingCharacters(in: .whitespaces)) }
    }

    /// Adds a source at the end; one already listed is not added twice.
    ///
    /// - Returns: Whether it was added.
    @discardableResult
    public func add(_ url: URL) throws(CatalogUpdateError) -> Bool {
        var urls = list()
        guard !urls.contains(url) else { return false }
        urls.append(url)
        try write(urls)
        return true
    }

    /// Removes a source.
    ///
    /// - Returns: Whether it was listed.
    @discardableResult
    public func remove(_ url: URL) throws(CatalogUpdateError) -> Bool {
        var urls = list()
        guard let index = urls.firstIndex(of: url) else { return false }
        urls.remove(at: index)
        try write(urls)
        return true
    }

    private func write(_ urls: [URL]) throws(CatalogUpdateError) {
        do {
            try FileManager.default.createDirectory(at: catalogs.directory, withIntermediateDirectories: true)
            try Data(urls.map { $0.absoluteString + "\n" }.joined().utf8).write(to: file, options: .atomic)
        } catch {
            throw .cannotWrite(path: file.path, reason: CatalogUpdater.reason(error))
        }
    }
}
