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
        return lines.joined(separator: "\n") + "\n"
    }

    /// The emoji table in the layout ``Moji/EmojiTableFormat`` describes; `tagged` holds the
    /// indices of the emoji gemoji gives search tags to.
    static func emojiTable(model: CatalogModel, tagged: Set<Int> = []) throws(BuildError) -> Data {
        var rows: [UInt8] = []
        var blob: [UInt8] = []
        func append32(_ value: UInt32, to bytes: inout [UInt8]) {
            bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        for (index, entry) in model.entries.enumerated() {
            let utf8 = Array(entry.test.string.utf8)
            let tones = entry.tones.reduce(0) { $0 * 10 + UInt32($1.rawValue) }
            guard utf8.count <= 255, entry.subgroupIndex <= 0xFFFF, index < Int(EmojiTableFormat.noBase),
                entry.test.version.major <= 255, entry.test.version.minor <= 255, entry.tones.count <= 9
            else {
                throw .inconsistentData("'\(entry.test.name)' does not fit the emoji table's row")
            }
            rows.append(UInt8(utf8.count))
            rows.append(
                (entry.isComponent ? EmojiTableFormat.componentFlag : 0)
                    | (tagged.contains(index) ? EmojiTableFormat.taggedFlag : 0))
            rows += [UInt8(entry.subgroupIndex & 0xFF), UInt8(entry.subgroupIndex >> 8)]
            rows += [UInt8(entry.test.version.major), UInt8(entry.test.version.minor)]
            let base = entry.baseIndex.map(UInt16.init) ?? EmojiTableFormat.noBase
            rows += [UInt8(base & 0xFF), UInt8(base >> 8)]
            append32(tones, to: &rows)
            blob += utf8
        }
        var file = EmojiTableFormat.magic
        append32(UInt32(CatalogFormat.version), to: &file)
        append32(UInt32(model.entries.count), to: &file)
        append32(UInt32(blob.count), to: &file)
        return Data(file + rows + blob)
    }

    /// The names file and the keywords file of one locale.
    static func locale(_ locale: BuiltLocale) -> (names: String, keywords: String) {
        let file = locale.file
        let header =
            "\(CatalogFormat.localeKind)\t\(CatalogFormat.version)\t\(locale.identifier)\t\(locale.parent ?? "-")"
        var names = [header]
        if let separators = file.separators { names.append("p\t\(separators.baseToTones)\t\(separators.betweenTones)") }
        for index in file.groupNames.keys.sorted() { names.append("g\t\(index)\t\(file.groupNames[index]!)") }
        for index in file.subgroupNames.keys.sorted() { names.append("s\t\(index)\t\(file.subgroupNames[index]!)") }
        for index in file.names.keys.sorted() { names.append("n\t\(index)\t\(file.names[index]!)") }
        var keywords = [header]
        for index in file.keywords.keys.sorted() {
            keywords.append(
                "w\t\(index)\t" + file.keywords[index]!.joined(separator: String(CatalogFormat.keywordSeparator)))
        }
        for index in file.shortcodes.keys.sorted() {
            keywords.append((["k", String(index)] + file.shortcodes[index]!).joined(separator: "\t"))
        }
        return (names.joined(separator: "\n") + "\n", keywords.joined(separator: "\n") + "\n")
    }

    /// Code point ranges of the emoji properties, for recognizing emoji that are not RGI.
    static func properties(_ data: EmojiDataFile) -> String {
        var lines = ["\(propertiesKind)\t\(CatalogFormat.version)"]
        for name in EmojiDataFile.names {
            for range in data.properties[name]! {
                let bounds =
                    range.lowerBound == range.upperBound
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
