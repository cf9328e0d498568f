import Foundation
import Moji
import Testing

@testable import MojiDataBuilder

/// What the committed catalog names each group, written by hand from what each source says:
/// CLDR's characterLabels for the seven groups CLDR labels, `data/group-names` for Smileys &
/// Emotion, People & Body and Component, so a change of source or of the table shows here.
@Suite("Group and subgroup names")
struct GroupNameTests {
    let catalog = EmojiCatalog.bundled

    static let groupIdentifiers = [
        "smileys-emotion", "people-body", "component", "animals-nature", "food-drink", "travel-places",
        "activities", "objects", "symbols", "flags",
    ]

    static let expectedGroups: [String: [String]] = [
        "ja": ["スマイリーと感情", "人と体", "構成要素", "動物と自然", "食事と飲み物", "旅行と場所", "アクティビティ", "物", "記号", "旗"],
        "de": [
            "Smileys & Emotionen", "Menschen & Körper", "Komponenten", "Flora und Fauna", "Essen & Trinken",
            "Reisen und Orte", "Aktivitäten", "Objekte", "Zeichen", "Flaggen",
        ],
        "fr": [
            "smileys et émotions", "personnes et corps", "composants", "animaux et nature", "nourriture et boisson",
            "voyage et lieux", "activités", "objets", "symboles", "drapeaux",
        ],
        "es": [
            "Caras y emociones", "Personas y cuerpo", "Componentes", "Animales y naturaleza", "Comida y bebida",
            "Viajes y destinos", "Actividades", "Objetos", "Símbolos", "Banderas",
        ],
        "zh": ["笑脸与情感", "人物与身体", "组件", "动物与自然", "饮食", "出行与地点", "行为", "物体", "符号", "旗帜"],
        "ko": ["스마일리와 감정", "사람과 신체", "구성 요소", "동물 및 자연", "식음료", "여행 및 장소", "활동", "사물", "기호", "깃발"],
        "ru": [
            "смайлики и эмоции", "люди и тело", "компоненты", "животные и природа", "еда и напитки",
            "путешествия и места", "занятия", "объекты", "символы", "флаги",
        ],
        // CLDR's Portuguese labels are a character picker's, singular: "animal ou natureza".
        "pt": [
            "carinhas e emoções", "pessoas e corpo", "componentes", "animal ou natureza", "comidas e bebidas",
            "viagem ou lugar", "atividade", "objeto", "símbolo", "bandeiras",
        ],
    ]

    /// The three subgroups emoji-test.txt spells with spaces, which no locale named before, and
    /// a few more.
    static let expectedSubgroups: [String: [String: String]] = [
        "ja": [
            "sky & weather": "空と天気", "arts & crafts": "芸術と手芸", "light & video": "照明と映像",
            "face-smiling": "笑顔", "animal-bug": "虫", "country-flag": "国旗",
        ],
        "de": [
            "sky & weather": "Himmel & Wetter", "arts & crafts": "Kunst & Handarbeit", "light & video": "Licht & Video",
            "face-smiling": "Lächelnde Gesichter", "food-sweet": "Süßes", "skin-tone": "Hauttöne",
        ],
        "fr": [
            "sky & weather": "ciel et météo", "arts & crafts": "arts et loisirs créatifs",
            "light & video": "lumière et vidéo", "heart": "cœurs", "place-religious": "lieux de culte",
        ],
        "es": [
            "sky & weather": "Cielo y clima", "arts & crafts": "Arte y manualidades", "light & video": "Luz y vídeo",
            "hand-fingers-partial": "Gestos con la mano", "food-asian": "Comida asiática",
        ],
        "zh": [
            "sky & weather": "天空与天气", "arts & crafts": "艺术与手工", "light & video": "灯光与影像",
            "person-role": "职业与角色", "country-flag": "国家和地区旗帜",
        ],
        "ko": [
            "sky & weather": "하늘과 날씨", "arts & crafts": "미술과 공예", "light & video": "조명과 영상",
            "face-smiling": "웃는 얼굴", "musical-instrument": "악기",
        ],
        "ru": [
            "sky & weather": "небо и погода", "arts & crafts": "искусство и рукоделие",
            "light & video": "свет и видео", "animal-mammal": "млекопитающие", "household": "дом и быт",
        ],
        "pt": [
            "sky & weather": "céu e clima", "arts & crafts": "artes e artesanato", "light & video": "luz e vídeo",
            "person-sport": "esportistas", "gender": "gênero",
        ],
    ]

    @Test("group names in ja, de, fr, es, zh, ko, ru and pt match the reference table")
    func referenceGroups() throws {
        #expect(catalog.groups.map(\.identifier) == Self.groupIdentifiers)
        for (locale, names) in Self.expectedGroups.sorted(by: { $0.key < $1.key }) {
            let localized = try catalog.localized(MojiLocale(locale))
            #expect(catalog.groups.map { localized.name(of: $0) } == names, "\(locale)")
        }
    }

    @Test("subgroup names in ja, de, fr, es, zh, ko, ru and pt match the reference table")
    func referenceSubgroups() throws {
        for (locale, names) in Self.expectedSubgroups.sorted(by: { $0.key < $1.key }) {
            let localized = try catalog.localized(MojiLocale(locale))
            for (identifier, name) in names {
                let subgroup = try #require(catalog.subgroup(identifier), "\(identifier)")
                #expect(localized.name(of: subgroup) == name, "\(locale) \(identifier)")
            }
        }
    }

    @Test("Japanese says アクティビティ, 旗 and 動物と自然, not emojibase's machine translations")
    func japaneseFromCLDR() throws {
        let ja = try catalog.localized("ja")
        let names = catalog.groups.map { ja.name(of: $0) }
        #expect(names.contains("アクティビティ") && names.contains("旗") && names.contains("動物と自然"))
        for machine in ["有効化", "フラグ", "動物自然", "人体"] { #expect(!names.contains(machine)) }
    }

    @Test("a sublocale takes its parent's table where CLDR has no label of its own")
    func inheritance() throws {
        let weather = try #require(catalog.subgroup("sky & weather"))
        #expect(try catalog.localized("zh-Hant-HK").name(of: weather) == "天空與天氣")
        #expect(try catalog.localized("pt-PT").name(of: weather) == "céu e clima")
        #expect(try catalog.localized("es-MX").name(of: weather) == "Cielo y clima")
        let smileys = try #require(catalog.group("smileys-emotion"))
        #expect(try catalog.localized("zh-Hant-HK").name(of: smileys) == "笑臉與情緒")
        // pt-PT's own CLDR label wins over pt's.
        #expect(try catalog.localized("pt-PT").name(of: try #require(catalog.group("food-drink"))) == "comida e bebida")
    }

    @Test("emojibase names the subgroups whose identifiers have spaces in the locales it covers")
    func emojibaseSubgroups() throws {
        let danish = try catalog.localized("da")
        #expect(danish.name(of: try #require(catalog.subgroup("sky & weather"))) == "vejr")
        #expect(danish.name(of: try #require(catalog.subgroup("light & video"))) == "lys, film & video")
        #expect(
            try catalog.localized("en").name(of: try #require(catalog.subgroup("arts & crafts"))) == "arts & crafts")
    }

    @Test("root's English placeholders in CLDR are not taken for a translation")
    func rootLabels() throws {
        // ceb's characterLabels repeat root's "animal or nature": English's own name serves.
        let animals = try #require(catalog.group("animals-nature"))
        #expect(try catalog.localized("ceb").name(of: animals) == "Animals & Nature")
        #expect(try catalog.localized("en-CA").name(of: try #require(catalog.group("food-drink"))) == "Food & Drink")
        // CLDR's nearest label names People & Body where nothing else does.
        #expect(try catalog.localized("af").name(of: try #require(catalog.group("people-body"))) == "persoon")
    }
}

/// The committed tables themselves: complete, translated, and read strictly.
@Suite("Group-name tables")
struct GroupNameTableTests {
    static let folder = Paths.groupNames

    /// The 20 locales of `data/group-names/README.md`; English needs no file.
    static let locales = [
        "zh", "zh-Hant", "es", "hi", "ar", "pt", "bn", "ru", "ja", "de", "fr", "ko", "it", "tr", "vi", "id", "pl",
        "nl", "th",
    ]

    /// Names that are the English word, and rightly so.
    static let sameAsEnglish: [String: Set<String>] = [
        "de": ["computer", "hotel", "religion", "sport"],
        "es": ["hotel", "reptiles"],
        "fr": ["religion", "reptiles", "sports"],
        "it": ["hotel", "sport"],
        "nl": ["computer", "fruit", "hotel", "sport"],
        "pl": ["hotel", "sport"],
        "pt": ["hotel"],
        "id": ["hotel"],
    ]

    let catalog = EmojiCatalog.bundled

    func table(_ locale: String) throws -> [(identifier: String, name: String)] {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("\(locale).tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(fields[0]), fields.count > 1 ? String(fields[1]) : "")
        }
    }

    @Test("the folder holds one table for each of the 20 locales but English")
    func files() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".tsv")
        }
        #expect(Set(files) == Set(Self.locales.map { "\($0).tsv" }))
        #expect(Self.locales.count + 1 == 20)
    }

    @Test("each table names every group and subgroup once, in catalog order", arguments: locales)
    func complete(locale: String) throws {
        let identifiers = catalog.groups.flatMap { [$0.identifier] + catalog.subgroups(in: $0).map(\.identifier) }
        #expect(try table(locale).map(\.identifier) == identifiers)
    }

    @Test("no name is left in English, except words the language shares", arguments: locales)
    func translated(locale: String) throws {
        let english = try catalog.localized("en")
        var englishNames: [String: String] = [:]
        for group in catalog.groups { englishNames[group.identifier] = english.name(of: group).lowercased() }
        for subgroup in catalog.subgroups {
            englishNames[subgroup.identifier] = english.name(of: subgroup).lowercased()
        }
        let allowed = Self.sameAsEnglish[locale] ?? []
        for (identifier, name) in try table(locale) {
            #expect(!name.isEmpty, "\(locale) \(identifier)")
            let lowered = name.lowercased()
            if lowered == englishNames[identifier] || lowered == identifier {
                #expect(allowed.contains(lowered), "\(locale) \(identifier) is English: \(name)")
            }
        }
    }

    @Test("the built catalog shows each table's names where CLDR has no label", arguments: locales)
    func built(locale: String) throws {
        let localized = try catalog.localized(MojiLocale(locale))
        for (identifier, name) in try table(locale) {
            if let subgroup = catalog.subgroup(identifier) {
                #expect(localized.name(of: subgroup) == name, "\(locale) \(identifier)")
            } else if let group = catalog.group(identifier), CLDRCharacterLabelsFile.groupLabelKeys[identifier] == nil {
                #expect(localized.name(of: group) == name, "\(locale) \(identifier)")
            }
        }
    }
}

@Suite("Group-name tables are read strictly")
struct GroupNameTableErrorTests {
    /// A data folder just big enough for the builder to reach the group-name tables.
    func dataFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moji-names-\(UUID().uuidString)")
        let unicode = folder.appendingPathComponent("unicode/17.0")
        let manager = FileManager.default
        try manager.createDirectory(at: unicode, withIntermediateDirectories: true)
        try manager.createDirectory(
            at: folder.appendingPathComponent("cldr-48/annotationsDerived"), withIntermediateDirectories: true)
        try manager.createDirectory(
            at: folder.appendingPathComponent("cldr-48/annotations"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("names"), withIntermediateDirectories: true)
        try Data(
            "# Version: 17.0\n# group: Smileys & Emotion\n# subgroup: face-smiling\n1F600 ; fully-qualified # 😀 E1.0 grinning face\n"
                .utf8
        ).write(to: unicode.appendingPathComponent("emoji-test.txt"))
        let properties = EmojiDataFile.names.map { "1F600 ; \($0)" }.joined(separator: "\n")
        try Data(properties.utf8).write(to: unicode.appendingPathComponent("emoji-data.txt"))
        try Data(#"{"annotations":{"annotations":{"😀":{"tts":["grinning face"]}}}}"#.utf8).write(
            to: folder.appendingPathComponent("cldr-48/annotations/en.json"))
        try Data(#"{"annotations":{"annotations":{}}}"#.utf8).write(
            to: folder.appendingPathComponent("cldr-48/annotations/ja.json"))
        return folder
    }

    static let cases: [(file: String, text: String, line: Int, reason: String)] = [
        (
            "ja.tsv", "# Japanese\nsmileys-emotion スマイリー\n", 2,
            "expected 'identifier<TAB>name', found 'smileys-emotion スマイリー'"
        ),
        (
            "ja.tsv", "smileys\tスマイリー\n", 1,
            "'smileys' is neither a group nor a subgroup of emoji-test.txt (`moji list --groups` lists them)"
        ),
        ("ja.tsv", "face-smiling\t笑顔\n\nface-smiling\t笑い\n", 3, "'face-smiling' is named twice (first on line 1)"),
        ("ja.tsv", "face-smiling\t\n", 1, "the name of 'face-smiling' is empty or starts or ends with a space"),
        ("ja.tsv", "face-smiling\t笑\u{7}顔\n", 1, "the name of 'face-smiling' holds a control character"),
        (
            "jp.tsv", "face-smiling\t笑顔\n", 0,
            "'jp' is not a locale of the catalog: name the file after one (ja.tsv, zh-Hant.tsv)"
        ),
    ]

    @Test("a malformed line stops the build, naming the file and line", arguments: cases)
    func malformed(file: String, text: String, line: Int, reason: String) throws {
        let folder = try dataFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("names/\(file)")
        try Data(text.utf8).write(to: table)
        let builder = CatalogBuilder(source: folder, groupNamesFolder: folder.appendingPathComponent("names"))
        #expect(throws: BuildError.malformedInput(path: table.path, line: line, reason: reason)) {
            try builder.build()
        }
    }

    @Test("a missing folder of tables is a missing input")
    func missingFolder() throws {
        let folder = try dataFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = folder.appendingPathComponent("no-such-folder")
        #expect(throws: BuildError.missingInput(path: names.path)) {
            try CatalogBuilder(source: folder, groupNamesFolder: names).build()
        }
    }
}
