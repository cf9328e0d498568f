import Foundation
import Moji
import MojiPicker
import Testing

/// The pickers' shared words (`picker-strings.json`): complete in every locale, placeholders
/// intact, and found for the locales users have.
@Suite("picker strings")
struct PickerStringsTests {
    /// The `{name}` placeholders of a string, in order.
    static func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                found.append(String(rest[open...]))
                break
            }
            found.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    @Test("at least 30 locales, each a catalog locale, each with every string")
    func complete() throws {
        let locales = PickerStrings.locales
        #expect(locales.count >= 30, "\(locales)")
        #expect(locales.first == "en")
        let keys = Set(PickerStrings.Key.allCases.map(\.rawValue))
        for identifier in locales {
            let strings = PickerStrings(identifier: identifier)
            #expect(strings.tableLocale == identifier)
            #expect(
                Set(strings.words.keys) == keys,
                "\(identifier): missing \(keys.subtracting(strings.words.keys)), extra \(Set(strings.words.keys).subtracting(keys))"
            )
            for key in PickerStrings.Key.allCases {
                #expect(
                    !strings[key].trimmingCharacters(in: .whitespaces).isEmpty, "\(identifier).\(key.rawValue) is empty"
                )
            }
            // The table is keyed by the catalog's own identifiers, so a user's locale finds it.
            let locale = try EmojiCatalog.shared.locale(for: identifier)
            #expect(
                PickerStrings(for: locale).tableLocale == identifier, "\(identifier) resolves to \(locale.identifier)")
        }
    }

    @Test("every translation keeps the English placeholders, once each, and adds none")
    func placeholdersKept() {
        let english = PickerStrings(identifier: "en")
        for identifier in PickerStrings.locales {
            let strings = PickerStrings(identifier: identifier)
            for key in PickerStrings.Key.allCases {
                let expected = Self.placeholders(in: english[key]).sorted()
                #expect(
                    Self.placeholders(in: strings[key]).sorted() == expected,
                    "\(identifier).\(key.rawValue): \(strings[key])")
            }
        }
    }

    @Test("the terminal's key help stays short in every language")
    func keyHelpIsShort() {
        let keys: [PickerStrings.Key] = [
            .keyPick, .keySkinTone, .keyGroup, .keyBack, .keyQuit, .keyTone, .keyPerson, .keyClose,
        ]
        for identifier in PickerStrings.locales {
            let strings = PickerStrings(identifier: identifier)
            for key in keys {
                #expect(strings[key].count <= 16, "\(identifier).\(key.rawValue): \(strings[key])")
            }
        }
    }

    @Test("a regional or scripted locale finds its language; one the table lacks reads English")
    func lookup() throws {
        let catalog = EmojiCatalog.shared
        #expect(PickerStrings(for: try catalog.locale(for: "zh-Hant-HK")).tableLocale == "zh-Hant")
        #expect(PickerStrings(for: try catalog.locale(for: "zh_TW")).tableLocale == "zh-Hant")
        #expect(PickerStrings(for: try catalog.locale(for: "de_CH")).tableLocale == "de")
        #expect(PickerStrings(for: try catalog.locale(for: "pt-PT")).tableLocale == "pt")
        #expect(PickerStrings(for: try catalog.locale(for: "yo")).tableLocale == "en")
        #expect(PickerStrings(identifier: "ja")[.searchResults] == "検索結果")
        #expect(PickerStrings(identifier: "en").text(.resultCount, ["count": "3"]) == "Results: 3")
    }

    @Test("the picker titles its own sections in its locale")
    func sectionTitles() throws {
        var picker = try EmojiPicker(configuration: PickerConfiguration(locale: "fr"))
        picker.setQuery("chat")
        #expect(picker.sections.first?.title == "Résultats de la recherche")
        #expect(picker.strings.tableLocale == "fr")
    }
}
