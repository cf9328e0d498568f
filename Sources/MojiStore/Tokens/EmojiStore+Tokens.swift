import Foundation
import GRDB

// The API tokens of `moji serve`, kept in the main store: the server's and `moji serve token`'s
// (package access), reached by others through ``UserDataStore``; an app that links MojiStore for
// its history never sees them.
extension EmojiStore {
    /// Saves a new API token for `user` (lowercased) by its `hash` (the SHA-256 of the token in
    /// lowercase hex; the store never sees the token) and returns its record with a new random id.
    ///
    /// Tokens are not part of ``export()`` (and so not of `moji store export`, nor of what
    /// ``repair(at:configuration:)`` salvages): a copy of someone's data must not carry their
    /// access, so tokens are created again on another store.
    ///
    /// - Throws: ``StoreError/invalidUserName(_:)`` for a user name that breaks
    ///   ``APIToken/isValidUser(_:)``.
    @discardableResult
    package func addAPIToken(user: String, hash: String, label: String? = nil, at date: Date = Date())
        throws(StoreError) -> APIToken
    {
        let user = user.lowercased()
        guard APIToken.isValidUser(user) else { throw .invalidUserName(user) }
        let id = APIToken.newID()
        let token = APIToken(id: id, user: user, label: label, createdAt: date)
        try write([]) { db in
            try db.execute(
                sql: "INSERT INTO apiToken (id, user, hash, label, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, user, hash, label, date.timeIntervalSince1970])
        }
        return token
    }

    /// Every API token, oldest first; never the tokens themselves.
    package func apiTokens() throws(StoreError) -> [APIToken] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.apiTokenColumns) FROM apiToken ORDER BY createdAt, id")
                .map(Self.apiToken)
        }
    }

    /// The token whose SHA-256 (lowercase hex) is `hash`, or nil: one indexed read.
    package func apiToken(hash: String) throws(StoreError) -> APIToken? {
        try read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.apiTokenColumns) FROM apiToken WHERE hash = ?"),
                arguments: [hash]
            ).map(Self.apiToken)
        }
    }

    /// Whether any API token exists (`moji serve` warns when serving to the network without one).
    package func hasAPITokens() throws(StoreError) -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM apiToken)") ?? false }
    }

    /// Revokes (deletes) the token with this id; a server stops accepting it within its cache time.
    ///
    /// - Throws: ``StoreError/unknownAPIToken(_:)`` when no token has this id.
    package func revokeAPIToken(id: String) throws(StoreError) {
        let deleted = try write([]) { db in
            try db.execute(sql: "DELETE FROM apiToken WHERE id = ?", arguments: [id])
            return db.changesCount
        }
        if deleted == 0 { throw .unknownAPIToken(id) }
    }

    /// Records that a request used the token with this id at `date` (a revoked one is ignored).
    package func recordAPITokenUse(id: String, at date: Date = Date()) throws(StoreError) {
        try write([]) { db in
            try db.execute(
                sql: "UPDATE apiToken SET lastUsedAt = ? WHERE id = ?", arguments: [date.timeIntervalSince1970, id])
        }
    }

    private static let apiTokenColumns = "id, user, label, createdAt, lastUsedAt"

    private static func apiToken(_ row: Row) -> APIToken {
        APIToken(
            id: row["id"], user: row["user"], label: row["label"],
            createdAt: Date(timeIntervalSince1970: row["createdAt"] ?? 0),
            lastUsedAt: (row["lastUsedAt"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
