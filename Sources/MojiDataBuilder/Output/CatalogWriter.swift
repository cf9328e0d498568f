import Foundation
import Moji

/// Writes the catalog files in the format ``Moji/CatalogFormat`` describes.
enum CatalogWriter {
    static let propertiesFile = "properties.txt"
    static let propertiesKind = "moji-properties"

    static func core(model: CatalogModel, locales: [BuiltLocale]) -> String {
        var lines = ["\(CatalogFormat.coreKind)\t\(CatalogFormat.version)\t\(model.version)"]
        for locale in locales { lines.append("l\t\(locale.identifier)\t\(locale.parent ?? "-")") }
        for group in model.groups { lines.append("g\t\(group.identifier)\t\(group.name)") }
        for subgroup in model.subgroups { lines.append("s\t\(subgroup.identifier)\t\(subgroup.group)") }
        for entry in model.entries {
            var fields = [entry.isComponent ? "c" : "e", hex(entry.test.scalars), String(entry.subgroupIndex),
                          entry.test.version.description]
            if let base = entry.baseIndex {
                fields.append(String(base))
                fields.append(entry.tones.map { String($0.rawValue) }.joined())
            }
            lines.append(fields.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func locale(_ locale: BuiltLocale) -> String {
        let file = locale.file
        var lines = ["\(CatalogFormat.localeKind)\t\(CatalogFormat.version)\t\(locale.identifier)\t\(locale.parent ?? "-")"]
        if let separators = file.separators { lines.append("p\t\(separators.baseToTones)\t\(separators.betweenTones)") }
        for index in file.groupNames.keys.sorted() { lines.append("g\t\(index)\t\(file.groupNames[index]!)") }
        for index in file.subgroupNames.keys.sorted() { lines.append("s\t\(index)\t\(file.subgroupNames[index]!)") }
        for index in Set(file.names.keys).union(file.keywords.keys).sorted() {
            var fields = ["n", String(index), file.names[index] ?? ""]
            if let keywords = file.keywords[index] {
                fields.append(keywords.joined(separator: String(CatalogFormat.keywordSeparator)))
            }
            lines.append(fields.joined(separator: "\t"))
        }
        for index in file.shortcodes.keys.sorted() {
            lines.append((["k", String(index)] + file.shortcodes[index]!).joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Code point ranges of the emoji properties, for recognizing emoji that are not RGI.
    static func properties(_ data: EmojiDataFile) -> String {
        var lines = ["\(propertiesKind)\t\(CatalogFormat.version)"]
        for name in EmojiDataFile.names {
            for range in data.properties[name]! {
                let bounds = range.lowerBound == range.upperBound
                    ? hex(range.lowerBound) : "\(hex(range.lowerBound))-\(hex(range.upperBound))"
                lines.append("r\t\(name)\t\(bounds)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func hex(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map { hex($0.value) }.joined(separator: "-")
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }
}
