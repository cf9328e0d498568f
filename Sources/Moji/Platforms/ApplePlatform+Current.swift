// Only on Apple platforms: elsewhere there is no Apple OS to read, and Linux front ends ask the
// terminal or the emoji font instead.
#if os(iOS) || os(macOS) || os(tvOS) || os(watchOS) || os(visionOS)
    import Foundation

    extension ApplePlatform {
        /// The platform this code runs on (a Mac Catalyst app runs on macOS).
        ///
        /// ```swift
        /// configuration.maximumVersion = ApplePlatform.currentEmojiVersion
        /// ```
        public static var current: ApplePlatform {
            #if os(macOS) || targetEnvironment(macCatalyst)
                .macOS
            #elseif os(visionOS)
                .visionOS
            #elseif os(watchOS)
                .watchOS
            #elseif os(tvOS)
                .tvOS
            #else
                .iOS
            #endif
        }

        /// The newest Emoji version the running OS renders, from ``current``'s table; nil when the
        /// OS is older than every listed release.
        public static var currentEmojiVersion: EmojiVersion? {
            current.emojiVersion(for: .current)
        }
    }

    extension OSVersion {
        /// The version of the running OS.
        public static var current: OSVersion {
            let version = ProcessInfo.processInfo.operatingSystemVersion
            let text = "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
            // Three non-negative numbers always parse; "0" only keeps this free of a force-unwrap.
            return OSVersion(text) ?? "0"
        }
    }
#endif
