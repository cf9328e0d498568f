import Foundation

/// One CLDR annotation: a text-to-speech name and keywords; either may be missing in a sublocale.
struct CLDRAnnotation: Decodable {
    var `default`: [String]?
    var tts: [String]?
}

/// A CLDR `annotations` or `annotationsDerived` JSON file: character → annotation.
struct CLDRAnnotationsFile {
    var annotations: [String: CLDRAnnotation]

    private struct Section: Decodable { var annotations: [String: CLDRAnnotation]? }

    init(url: URL) throws(BuildError) {
        let top = try InputFile.decode([String: Section].self, from: url)
        guard let section = top["annotations"] ?? top["annotationsDerived"] else {
            throw .malformedInput(path: url.path, line: 0, reason: "no 'annotations' or 'annotationsDerived' object")
        }
        annotations = section.annotations ?? [:]
    }
}

/// A CLDR `characterLabels` JSON file: label key → localized label.
struct CLDRCharacterLabelsFile {
    var labels: [String: String]

    private struct Main: Decodable { var main: [String: Locale] }
    private struct Locale: Decodable { var characterLabels: [String: String]? }

    init(url: URL) throws(BuildError) {
        let main = try InputFile.decode(Main.self, from: url)
        guard let locale = main.main.values.first else {
            throw .malformedInput(path: url.path, line: 0, reason: "no locale under 'main'")
        }
        labels = locale.characterLabels ?? [:]
    }

    /// The characterLabels key that names each emoji group, where CLDR has one: CLDR labels the
    /// emoji categories of a character picker, which are Unicode's groups except that CLDR keeps
    /// Smileys & People as one (`smileys_people`, "smiley or person"), which Unicode has since
    /// split into Smileys & Emotion and People & Body, so that label names neither.
    static let groupLabelKeys: [String: String] = [
        "animals-nature": "animals_nature", "food-drink": "food_drink", "travel-places": "travel_places",
        "activities": "activities", "objects": "objects", "symbols": "symbols", "flags": "flags",
    ]

    /// The label of the part of a group that CLDR has no label for: `smiley` names the faces of
    /// Smileys & Emotion, `person` one person (German "Person", Japanese 人) rather than People &
    /// Body, so they serve only when neither our table nor emojibase names the group.
    static let nearestGroupLabelKeys: [String: String] = ["smileys-emotion": "smiley", "people-body": "person"]
}
