import Foundation

/// An API token of `moji serve` as the store keeps it: who it belongs to and its label, never the
/// token itself (only the SHA-256 of it, which the server compares).
///
/// ```swift
/// let token = try store.addAPIToken(user: "ada", hash: sha256Hex, label: "laptop")
/// try store.apiTokens()               // [APIToken(id: "3f9c…", user: "ada", label: "laptop", …)]
/// try store.revokeAPIToken(id: token.id)
/// ```
public struct APIToken: Sendable, Hashable, Codable {
    /// A short random id that names the token in `moji serve token list` and `revoke`; not secret.
    public var id: String
    /// The user whose data the token reads and writes, e.g. `ada` (see ``isValidUser(_:)``).
    public var user: String
    /// What the person who created it called it, e.g. `laptop`.
    public var label: String?
    /// When it was created.
    public var createdAt: Date
    /// When a request last used it (to about a minute: the server records it that often), or nil.
    public var lastUsedAt: Date?

    /// A token record; ``UserDataStore/addAPIToken(user:hash:label:at:)`` makes the id.
    public init(id: String, user: String, label: String? = nil, createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.user = user
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    /// Whether `user` is a valid user name: `[a-z0-9][a-z0-9._-]{0,63}`. User names name files
    /// (`users/<user>.sqlite`) and path segments, so nothing else is allowed.
    public static func isValidUser(_ user: String) -> Bool {
        let bytes = Array(user.utf8)
        guard (1...64).contains(bytes.count) else { return false }
        func isAlphanumeric(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }
        guard isAlphanumeric(bytes[0]) else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }
    }

    /// A new random id: 12 hex digits. (`package`: every store makes ids the same way.)
    package static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<6).map { _ in UInt8.random(in: 0...255, using: &generator) }.lowercaseHex
    }
}
