import Foundation
import Moji

/// The pickers' own words (section titles CLDR does not name, hints, labels, messages), in the
/// 32 languages people most use; other locales read English.
///
/// One table, `picker-strings.json`, serves the terminal picker and the web picker, which gets
/// its locale's words in `GET /v1/picker-data`. Group names and skin-tone names are not here:
/// they come from CLDR, in every locale.
///
/// ```swift
/// let words = PickerStrings(for: try catalog.locale(for: "ja_JP"))
/// words[.searchResults]                                  // "検索結果"
/// words.text(.resultCount, ["count": "3"])               // "結果: 3件" (the table's wording)
/// ```
public struct PickerStrings: Sendable {
    /// One string of the table. Values with `{placeholders}` are filled by ``text(_:_:)``.
    public enum Key: String, CaseIterable, Sendable {
        case frequent, pinned, recent, searchResults
        case searchPlaceholder, searchLabel, searchHint, idleHint, resultCount, noResults
        case groups, emoji, moreGroups
        case loading, loadFailed, searchFailed, hiddenInBrowser, hiddenInTerminal
        case tokenRefused, usageUnreachable
        case skinTones, skinTonesOf, person, tone, pick, noToneForm, defaultSkinTone, noSkinTone
        case keyPick, keySkinTone, keyGroup, keyBack, keyQuit, keyTone, keyPerson, keyClose
    }

    /// The table's locale these words come from: `"ja"` for `ja-JP`, `"en"` for a language the
    /// table does not have.
    public let tableLocale: String

    /// Every string of ``tableLocale``, by key.
    public let words: [String: String]

    /// The words for `locale`: its own entry, else the nearest one with fewer subtags
    /// (`zh-Hant-HK` → `zh-Hant`, `de-CH` → `de`), else English.
    public init(for locale: MojiLocale) {
        self.init(identifier: locale.identifier)
    }

    /// The words for a locale identifier, as ``init(for:)``.
    public init(identifier: String) {
        var subtags = identifier.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        while !subtags.isEmpty {
            let candidate = subtags.joined(separator: "-")
            if let words = Self.table[candidate] {
                tableLocale = candidate
                self.words = words
                return
            }
            subtags.removeLast()
        }
        tableLocale = "en"
        words = Self.table["en"] ?? [:]
    }

    /// The string for `key`; English when the table lacks it (a test checks it never does).
    public subscript(key: Key) -> String {
        words[key.rawValue] ?? Self.table["en"]?[key.rawValue] ?? key.rawValue
    }

    /// The string for `key` with each `{name}` replaced by `values[name]`.
    public func text(_ key: Key, _ values: [String: String]) -> String {
        var result = self[key]
        for (name, value) in values {
            result = result.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return result
    }

    /// The locales the table has, English first.
    public static var locales: [String] {
        ["en"] + table.keys.filter { $0 != "en" }.sorted()
    }

    /// The whole table, read once from the package's bundle. Empty only when the installation
    /// lost the file, and then every string reads its key's name rather than stopping the process.
    static let table: [String: [String: String]] = {
        guard let url = Bundle.module.url(forResource: "picker-strings", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let table = try? JSONDecoder().decode([String: [String: String]].self, from: data)
        else { return [:] }
        return table
    }()

    /// The title of one of the picker's own sections (not a group or custom set).
    func title(of id: PickerSectionID) -> String? {
        switch id {
        case .frequent: self[.frequent]
        case .pinned: self[.pinned]
        case .recent: self[.recent]
        case .searchResults: self[.searchResults]
        case .group, .customSet: nil
        }
    }
}
