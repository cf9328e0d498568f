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

    /// The characterLabels key that names each emoji group, where CLDR has one.
    static let groupLabelKeys: [String: String] = [
        "smileys-emotion": "smiley", "people-body": "person", "animals-nature": "animals_nature",
        "food-drink": "food_drink", "travel-places": "travel_places", "activities": "activities",
        "objects": "objects", "symbols": "symbols", "flags": "flags",
    ]
}
