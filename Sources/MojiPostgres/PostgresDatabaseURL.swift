import Foundation
import MojiStore
import PostgresNIO

extension PostgresUserDataStore {
    /// The client configuration a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` URL names
    /// (`postgresql://` too). `?sslmode=require` asks for TLS; without it TLS is used only when
    /// the server offers it.
    ///
    /// - Throws: ``/MojiStore/StoreError/invalidDatabaseURL(_:reason:)`` for another scheme, or no user or host.
    public static func clientConfiguration(url text: String) throws(StoreError) -> PostgresClient.Configuration {
        // The password never appears in an error: the URL is shown without it.
        let shown = text.replacingOccurrences(of: #":[^:@/]*@"#, with: ":…@", options: .regularExpression)
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else { throw .invalidDatabaseURL(shown, reason: "it must start with postgres://") }
        guard let host = url.host, !host.isEmpty else { throw .invalidDatabaseURL(shown, reason: "it names no host") }
        guard let user = url.user, !user.isEmpty else { throw .invalidDatabaseURL(shown, reason: "it names no user") }
        let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        let mode = url.queryItems?.first { $0.name == "sslmode" }?.value
        let tls: PostgresClient.Configuration.TLS =
            switch mode {
            case "require", "verify-full": .require(.makeClientConfiguration())
            case "disable": .disable
            default: .prefer(.makeClientConfiguration())
            }
        return PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: user, password: url.password,
            database: database.isEmpty ? nil : database, tls: tls)
    }
}
