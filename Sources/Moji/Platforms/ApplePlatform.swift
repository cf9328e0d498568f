/// Which Emoji version each Apple OS release renders, so apps can hide emoji a device would
/// show as a blank box.
///
/// ```swift
/// ApplePlatform.iOS.emojiVersion(for: "17.4")   // 15.1
/// catalog.emojis(upTo: ApplePlatform.iOS.emojiVersion(for: "17.4")!)
/// ```
///
/// The table lists the first release of each OS that shipped a new Emoji version. Replace or
/// extend it with ``init(name:releases:)`` when Apple ships releases newer than this package.
/// Where one release shipped two Emoji versions, it lists the newer: iOS 13.2, macOS 10.15.1,
/// watchOS 6.1 and tvOS 13.2 brought Emoji 12.0 and 12.1 together.
public struct ApplePlatform: Sendable, Hashable {
    /// The OS name, e.g. `iOS`.
    public let name: String
    /// OS version → the newest Emoji version it renders, from that release on.
    public let releases: [OSVersion: EmojiVersion]

    /// A platform with the caller's own table.
    public init(name: String, releases: [OSVersion: EmojiVersion]) {
        self.name = name
        self.releases = releases
    }

    /// A copy whose table also holds (or overrides) these releases.
    public func adding(_ releases: [OSVersion: EmojiVersion]) -> ApplePlatform {
        ApplePlatform(name: name, releases: self.releases.merging(releases) { $1 })
    }

    /// The newest Emoji version that `osVersion` renders; nil when older than every listed release.
    public func emojiVersion(for osVersion: OSVersion) -> EmojiVersion? {
        releases.filter { $0.key <= osVersion }.max { $0.key < $1.key }?.value
    }

    /// iOS and iPadOS.
    public static let iOS = ApplePlatform(
        name: "iOS",
        releases: [
            "9.1": "1.0", "10.2": "4.0", "11.1": "5.0", "12.1": "11.0", "13.2": "12.1", "14.2": "13.0",
            "14.5": "13.1", "15.4": "14.0", "16.4": "15.0", "17.4": "15.1", "18.4": "16.0", "26.4": "17.0",
        ])
    /// macOS.
    public static let macOS = ApplePlatform(
        name: "macOS",
        releases: [
            "10.11.1": "1.0", "10.12.2": "4.0", "10.13.1": "5.0", "10.14.1": "11.0", "10.15.1": "12.1",
            "11.0.1": "13.0",
            "11.3": "13.1", "12.3": "14.0", "13.3": "15.0", "14.4": "15.1", "15.4": "16.0", "26.4": "17.0",
        ])
    /// watchOS.
    public static let watchOS = ApplePlatform(
        name: "watchOS",
        releases: [
            "2.1": "1.0", "3.1.1": "4.0", "4.1": "5.0", "5.1.1": "11.0", "6.1": "12.1", "7.1": "13.0", "7.4": "13.1",
            "8.5": "14.0", "9.4": "15.0", "10.4": "15.1", "11.4": "16.0", "26.4": "17.0",
        ])
    /// tvOS.
    public static let tvOS = ApplePlatform(
        name: "tvOS",
        releases: [
            "9.1": "1.0", "10.1": "4.0", "11.1": "5.0", "12.1": "11.0", "13.2": "12.1", "14.2": "13.0", "14.5": "13.1",
            "15.4": "14.0", "16.4": "15.0", "17.4": "15.1", "18.4": "16.0", "26.4": "17.0",
        ])
    /// visionOS.
    public static let visionOS = ApplePlatform(
        name: "visionOS",
        releases: [
            "1.0": "15.1", "2.4": "16.0", "26.4": "17.0",
        ])

    /// Every built-in platform.
    public static let all: [ApplePlatform] = [.iOS, .macOS, .watchOS, .tvOS, .visionOS]

    /// The built-in platform with this name, ignoring case (`ios`, `iPadOS`, `macos`, …).
    public static func named(_ name: String) -> ApplePlatform? {
        let name = name.lowercased()
        if name == "ipados" { return .iOS }
        return all.first { $0.name.lowercased() == name }
    }
}

/// An OS version such as `17.4` or `10.15.1`, ordered as numbers.
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The numbers, e.g. `[17, 4]`.
    public let components: [Int]

    /// Parses `17`, `17.4` or `17.4.1`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        var numbers = parts.map { $0! }
        while numbers.count > 1 && numbers.last == 0 { numbers.removeLast() }
        components = numbers
    }

    public init(stringLiteral value: String) {
        guard let version = OSVersion(value) else {
            preconditionFailure("'\(value)' is not an OS version such as 17.4")
        }
        self = version
    }

    public var description: String { components.map(String.init).joined(separator: ".") }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        for position in 0..<max(lhs.components.count, rhs.components.count) {
            let left = position < lhs.components.count ? lhs.components[position] : 0
            let right = position < rhs.components.count ? rhs.components[position] : 0
            if left != right { return left < right }
        }
        return false
    }
}
