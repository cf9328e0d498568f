import Foundation
import MojiStore
import PostgresNIO

/// API tokens, by their SHA-256 only, as the SQLite main store keeps them.
extension PostgresUserDataStore {
    @discardableResult
    public func addAPIToken(user: String, hash: String, label: String?, at date: Date) async throws(StoreError)
        -> APIToken
    {
        let user = user.lowercased()
        guard APIToken.isValidUser(user) else { throw .invalidUserName(user) }
        let token = APIToken(id: APIToken.newID(), user: user, label: label, createdAt: date)
        try await run { client, logger in
            try await client.query(
                """
                INSERT INTO moji_api_token (id, user_name, hash, label, created_at)
                VALUES (\(token.id), \(user), \(hash), \(label), \(date.timeIntervalSince1970))
                """, logger: logger)
        }
        return token
    }

    public func apiToken(hash: String) async throws(StoreError) -> APIToken? {
        try await tokens("SELECT \(unescaped: Self.tokenColumns) FROM moji_api_token WHERE hash = \(hash)").first
    }

    public func apiTokens() async throws(StoreError) -> [APIToken] {
        try await tokens("SELECT \(unescaped: Self.tokenColumns) FROM moji_api_token ORDER BY created_at, id")
    }

    public func recordAPITokenUse(id: String, at date: Date) async throws(StoreError) {
        try await run { client, logger in
            try await client.query(
                "UPDATE moji_api_token SET last_used_at = \(date.timeIntervalSince1970) WHERE id = \(id)",
                logger: logger)
        }
    }

    public func revokeAPIToken(id: String) async throws(StoreError) {
        let deleted = try await run { client, logger in
            let rows = try await client.query("DELETE FROM moji_api_token WHERE id = \(id) RETURNING 1", logger: logger)
            var deleted = false
            for try await _ in rows { deleted = true }
            return deleted
        }
        if !deleted { throw .unknownAPIToken(id) }
    }

    private static let tokenColumns = "id, user_name, label, created_at, last_used_at"

    /// The tokens a query of `tokenColumns` finds.
    private func tokens(_ query: PostgresQuery) async throws(StoreError) -> [APIToken] {
        try await run { client, logger in
            var tokens: [APIToken] = []
            for try await (id, user, label, createdAt, lastUsedAt) in try await client.query(query, logger: logger)
                .decode((String, String, String?, Double, Double?).self)
            {
                tokens.append(
                    APIToken(
                        id: id, user: user, label: label, createdAt: Date(timeIntervalSince1970: createdAt),
                        lastUsedAt: lastUsedAt.map(Date.init(timeIntervalSince1970:))))
            }
            return tokens
        }
    }
}
