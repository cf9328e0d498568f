import Foundation
import MojiStore
import PostgresNIO

extension PostgresUserDataStore {
    /// The client configuration a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` URL names
    /// (`postgresql://` too), with libpq's `sslmode`: `disable` (no TLS), `allow` or `prefer`
    /// (the default: TLS when the server offers it), `require` (TLS, any certificate), `verify-ca`
    /// (TLS, a certificate the system trusts, any host name) and `verify-full` (and the host
    /// name). Any other `sslmode` is refused rather than read as a weaker one.
    ///
    /// - Throws: ``/MojiStore/StoreError/invalidDatabaseURL(_:reason:)`` for a text that is not a
    ///   URL, another scheme, no user or host, or an unknown `sslmode`.
    public static func clientConfiguration(url text: String) throws(StoreError) -> PostgresClient.Configuration {
        // The password never appears in an error: the URL is shown without it.
        let shown = redacted(text)
        guard let url = URLComponents(string: text) else {
            throw .invalidDatabaseURL(
                shown, reason: "it is not a URL (a password with / : @ or % in it must be percent-encoded)")
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
            throw .invalidDatabaseURL(shown, reason: "it must start with postgres://")
        }
        // Foundation reads a bad escape literally ("%ZZ" stays "%ZZ"), so the text itself is checked.
        let bytes = Array(text.utf8)
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            let digits = bytes.dropFirst(offset + 1).prefix(2)
            guard digits.count == 2, digits.allSatisfy({ Character(UnicodeScalar($0)).isHexDigit }) else {
                throw .invalidDatabaseURL(
                    shown, reason: "it has a % that is not followed by two hexadecimal digits (write % as %25)")
            }
        }
        guard let host = url.host, !host.isEmpty else { throw .invalidDatabaseURL(shown, reason: "it names no host") }
        guard let user = url.user, !user.isEmpty else { throw .invalidDatabaseURL(shown, reason: "it names no user") }
        // Checked here rather than found out by a connection attempt that times out seconds later.
        if let port = url.port, !(1...65_535).contains(port) {
            throw .invalidDatabaseURL(shown, reason: "port \(port) is not a port (1 to 65535)")
        }
        let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        let mode = url.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
        var verified = TLSConfiguration.makeClientConfiguration()
        let tls: PostgresClient.Configuration.TLS
        switch mode {
        case "disable": tls = .disable
        case "allow", "prefer": tls = .prefer(verified)
        case "require":
            verified.certificateVerification = .none
            tls = .require(verified)
        case "verify-ca":
            verified.certificateVerification = .noHostnameVerification
            tls = .require(verified)
        case "verify-full": tls = .require(verified)
        default:
            throw .invalidDatabaseURL(
                shown,
                reason:
                    "sslmode '\(mode.prefix(32))' is not one of disable, allow, prefer, require, verify-ca, verify-full"
            )
        }
        return PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: user,
            // As libpq: PGPASSWORD when the URL has none, so a password need not be on a command line.
            password: url.password ?? ProcessInfo.processInfo.environment["PGPASSWORD"],
            database: database.isEmpty ? nil : database, tls: tls)
    }

    /// `text` with the password of its user information replaced by `…`: everything between the
    /// first `:` after the scheme and the last `@`, since an unencoded password may hold `/`, `:`
    /// or `@` itself.
    public static func redacted(_ text: String) -> String {
        let start = text.range(of: "://")?.upperBound ?? text.startIndex
        guard let at = text.range(of: "@", options: .backwards, range: start..<text.endIndex)?.lowerBound,
            let colon = text[start..<at].firstIndex(of: ":")
        else { return text }
        return String(text[..<colon]) + ":…" + String(text[at...])
    }
}
