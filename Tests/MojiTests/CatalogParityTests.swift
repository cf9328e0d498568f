import Foundation
import Moji
import Testing

@Suite("Parity with Unicode's emoji-test.txt", .enabled(if: SharedData.isAvailable, "needs ../shared/data"))
struct CatalogParityTests {
    let catalog = EmojiCatalog.shared
    let lines: [EmojiTestLine]

    init() throws { lines = try EmojiTestLine.read() }

    @Test("every fully-qualified sequence and component is present, in the same order")
    func sameSequencesInOrder() {
        let expected = lines.filter { $0.status == "fully-qualified" || $0.status == "component" }
        #expect(expected.count == 3944 + 9)
        #expect(catalog.allEntries.map(\.character) == expected.map(\.string))
        #expect(catalog.emojis.count == 3944)
        #expect(catalog.components.count == 9)
    }

    @Test("groups, subgroups and versions match each line")
    func sameGroupsAndVersions() {
        let expected = lines.filter { $0.status == "fully-qualified" || $0.status == "component" }
        for (emoji, line) in zip(catalog.allEntries, expected) {
            #expect(emoji.group.unicodeName == line.group, "\(line.name)")
            #expect(emoji.subgroup.identifier == line.subgroup, "\(line.name)")
            #expect(emoji.version.description == line.version, "\(line.name)")
            #expect(emoji.isComponent == (line.status == "component"))
        }
        #expect(
            catalog.groups.map(\.identifier) == [
                "smileys-emotion", "people-body", "component", "animals-nature", "food-drink", "travel-places",
                "activities", "objects", "symbols", "flags",
            ])
    }

    @Test("every unqualified and minimally-qualified line resolves to its fully-qualified emoji")
    func otherFormsResolve() {
        var fullyQualified: String?
        var checked = 0
        for line in lines {
            if line.status == "fully-qualified" {
                fullyQualified = line.string
                continue
            }
            guard line.status != "component" else { continue }
            // Other forms follow their fully-qualified line and share its name.
            #expect(catalog.emoji(for: line.string)?.character == fullyQualified, "\(line.name)")
            #expect(catalog.emoji(for: line.string)?.name() == catalog.emoji(for: fullyQualified!)?.name())
            checked += 1
        }
        #expect(checked == 1029 + 243)
    }
}
