import Foundation
import Moji
import Testing

/// Every locale's names and keywords against CLDR 48's own files, resolved here independently of
/// the builder: a locale's entry, else its parents' (CLDR 48 `parentLocales`, else truncation).
@Suite("Every locale agrees with CLDR 48", .enabled(if: SharedData.isAvailable, "needs ../shared/data"))
struct CLDRConformanceTests {
    let catalog = EmojiCatalog.shared

    /// CLDR 48's `parentLocales` entries for the locales that have annotations. Every other one
    /// inherits by truncation: en-CA → en, de-CH → de, sr-Cyrl-BA → sr-Cyrl.
    static let cldrParents = [
        "en-AU": "en-001", "en-GB": "en-001", "en-IN": "en-001", "es-MX": "es-419", "es-US": "es-419",
        "hi-Latn": "en-IN", "nn": "no", "ff-Adlm": "root", "kk-Arab": "root", "pa-Arab": "root", "sr-Latn": "root",
        "yue-Hans": "root", "zh-Hant": "root",
    ]

    /// `locale` and its CLDR ancestors up to (not including) root.
    static func cldrChain(_ locale: String) -> [String] {
        var chain: [String] = []
        var current = locale
        while current != "root" {
            chain.append(current)
            if let parent = cldrParents[current] {
                current = parent
            } else if let dash = current.lastIndex(of: "-") {
                current = String(current[..<dash])
            } else {
                current = "root"
            }
        }
        return chain
    }

    /// One locale's own CLDR entries (annotations and annotationsDerived) by emoji.
    typealias Entries = [Emoji: (name: String?, keywords: [String]?)]

    /// Every annotated locale's own entries, read once for the suite.
    static let locales: [String: Entries] = {
        let catalog = EmojiCatalog.shared
        let folder = SharedData.url("cldr-48/annotations").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var locales: [String: Entries] = [:]
        for name in names where name.hasSuffix(".json") && name != "und.json" {
            let locale = String(name.dropLast(5))
            var entries: Entries = [:]
            for kind in ["annotations", "annotationsDerived"] {
                guard let file = try? SharedData.cldr(kind, locale) else { continue }
                for (key, entry) in file {
                    if let emoji = catalog.emoji(for: key) { entries[emoji] = entry }
                }
            }
            locales[locale] = entries
        }
        return locales
    }()

    /// The name CLDR gives `emoji` in `locale` through its chain, if any locale of the chain names it.
    static func cldrName(of emoji: Emoji, in locale: String) -> String? {
        for ancestor in cldrChain(locale) {
            if let name = locales[ancestor]?[emoji]?.name { return name }
        }
        return nil
    }

    @Test("every locale's parent is CLDR 48's: en-CA inherits from en, not en-001")
    func parents() throws {
        #expect(Self.locales.count == 169)
        for locale in Self.locales.keys {
            #expect(LocaleInheritance.chain(from: locale) == Self.cldrChain(locale), "\(locale)")
        }
        #expect(LocaleInheritance.parent(of: "en-CA") == "en")
        #expect(LocaleInheritance.parent(of: "en-BE") == "en-150")
        #expect(LocaleInheritance.parent(of: "en-NZ") == "en-001")
        let canadian = try catalog.localized("en-CA")
        #expect(canadian.name(of: try #require(catalog.emoji(for: "🤶"))) == "Mrs. Claus")
        #expect(canadian.name(of: try #require(catalog.emoji(for: "🧑‍🎄"))) == "Mx. Claus")
        #expect(try catalog.localized("en-GB").name(of: try #require(catalog.emoji(for: "🤶"))) == "Mrs Claus")
        // en-CA's own CLDR entries still win over en's.
        let ownEntries = try #require(Self.locales["en-CA"])
        for (emoji, entry) in ownEntries.prefix(20) where entry.name != nil {
            #expect(canadian.name(of: emoji) == entry.name, "\(emoji)")
        }
    }

    @Test("every name CLDR gives, in every locale, is the catalog's")
    func names() throws {
        var mismatches: [String] = []
        var compared = 0
        for locale in Self.locales.keys.sorted() {
            let localized = try catalog.localized(MojiLocale(locale))
            #expect(localized.locale.identifier == locale)
            for emoji in catalog.allEntries {
                guard let expected = Self.cldrName(of: emoji, in: locale) else { continue }
                compared += 1
                let name = localized.name(of: emoji)
                if name != expected { mismatches.append("\(locale) \(emoji): \(name) ≠ \(expected)") }
            }
        }
        #expect(compared > 500_000)
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(10))")
    }

    @Test("every CLDR keyword set round-trips, in every locale")
    func keywords() throws {
        var mismatches: [String] = []
        var compared = 0
        for (locale, entries) in Self.locales.sorted(by: { $0.key < $1.key }) {
            let localized = try catalog.localized(MojiLocale(locale))
            for (emoji, entry) in entries {
                guard let cldr = entry.keywords?.filter({ !$0.isEmpty }) else { continue }
                compared += 1
                let keywords = localized.keywords(of: emoji)
                if keywords.count != cldr.count || Set(keywords) != Set(cldr) {
                    mismatches.append("\(locale) \(emoji): \(keywords) ≠ \(cldr)")
                }
            }
        }
        #expect(compared > 450_000)
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
    }

    @Test("a toned emoji whose base a locale does not name is named as in English")
    func tonedNamesFollowEnglish() throws {
        let english = try catalog.localized("en")
        var mismatches: [String] = []
        var compared = 0
        let toned = catalog.allEntries.filter(\.hasSkinTones)
        for locale in Self.locales.keys.sorted() where !Self.cldrChain(locale).contains("en") {
            let localized = try catalog.localized(MojiLocale(locale))
            for emoji in toned where Self.cldrName(of: emoji.neutral, in: locale) == nil {
                guard Self.cldrName(of: emoji, in: locale) == nil else { continue }
                compared += 1
                let name = localized.name(of: emoji)
                if name != english.name(of: emoji) { mismatches.append("\(locale) \(emoji): \(name)") }
            }
        }
        #expect(compared > 100)
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(10))")
        let blond = try #require(catalog.emoji(for: "👱🏻"))
        #expect(try catalog.localized("ceb").name(of: blond) == "person: light skin tone, blond hair")
    }
}
