import Foundation
import Moji
import Testing

@Suite("Apple platforms' Emoji versions")
struct ApplePlatformTests {
    let catalog = EmojiCatalog.shared

    /// The first release of `platform` that renders `version`, among the listed releases.
    func firstRelease(of platform: ApplePlatform, rendering version: EmojiVersion) -> OSVersion? {
        platform.releases.filter { $0.value >= version }.keys.min()
    }

    @Test("Apple shipped Emoji 12.0 and 12.1 together: iOS 13.2, macOS 10.15.1, watchOS 6.1, tvOS 13.2")
    func emoji12Together() {
        #expect(ApplePlatform.iOS.emojiVersion(for: "13.2") == "12.1")
        #expect(ApplePlatform.iOS.emojiVersion(for: "13.1.3") == "11.0")
        #expect(ApplePlatform.macOS.emojiVersion(for: "10.15.1") == "12.1")
        #expect(ApplePlatform.watchOS.emojiVersion(for: "6.1") == "12.1")
        #expect(ApplePlatform.tvOS.emojiVersion(for: "13.2") == "12.1")
        for platform in ApplePlatform.all {
            #expect(
                firstRelease(of: platform, rendering: "12.0") == firstRelease(of: platform, rendering: "12.1"),
                "\(platform.name)")
        }
    }

    /// EmojiKit's table agrees from Emoji 13.0 on, except that it can say only macOS 11.1 (its
    /// versions are one decimal); Big Sur's first release, 11.0.1, shipped with iOS 14.2's emoji.
    @Test("each platform's first release of each Emoji version from 13.0 on")
    func firstReleases() {
        let expected: [(EmojiVersion, iOS: OSVersion, macOS: OSVersion, watchOS: OSVersion, tvOS: OSVersion)] = [
            ("13.0", "14.2", "11.0.1", "7.1", "14.2"), ("13.1", "14.5", "11.3", "7.4", "14.5"),
            ("14.0", "15.4", "12.3", "8.5", "15.4"), ("15.0", "16.4", "13.3", "9.4", "16.4"),
            ("15.1", "17.4", "14.4", "10.4", "17.4"),
        ]
        for (version, iOS, macOS, watchOS, tvOS) in expected {
            #expect(firstRelease(of: .iOS, rendering: version) == iOS, "\(version)")
            #expect(firstRelease(of: .macOS, rendering: version) == macOS, "\(version)")
            #expect(firstRelease(of: .watchOS, rendering: version) == watchOS, "\(version)")
            #expect(firstRelease(of: .tvOS, rendering: version) == tvOS, "\(version)")
        }
    }

    /// gemoji dates each emoji to an iOS release. Its dates before Emoji 11.0 are loose (it dates
    /// Emoji 5.0 to iOS 12.1), and it dates Emoji 12.0 to iOS 13.0 and Emoji 13.0 and 13.1 to
    /// iOS 14.0, releases that shipped no new emoji (Apple shipped them in 13.2, 14.2 and 14.5);
    /// every other date must be Moji's.
    @Test(
        "gemoji's iOS release of each emoji from Emoji 11.0 on is the first that renders it",
        .enabled(if: SharedData.isAvailable, "needs ../shared/data"))
    func gemojiDates() throws {
        struct Entry: Decodable {
            var emoji: String
            var iosVersion: String

            enum CodingKeys: String, CodingKey {
                case emoji
                case iosVersion = "ios_version"
            }
        }
        let data = try Data(contentsOf: SharedData.url("gemoji/emoji.json"))
        let entries = try JSONDecoder().decode([Entry].self, from: data)
        var checked = 0
        for entry in entries {
            guard let date = OSVersion(entry.iosVersion), let emoji = catalog.emoji(for: entry.emoji),
                emoji.version >= "11.0"
            else { continue }
            if (date == "13.0" && emoji.version == "12.0") || (date == "14.0" && emoji.version >= "13.0") { continue }
            checked += 1
            #expect(firstRelease(of: .iOS, rendering: emoji.version) == date, "\(entry.emoji) E\(emoji.version)")
        }
        #expect(checked > 90)
    }
}
