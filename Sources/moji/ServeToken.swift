import ArgumentParser
import Foundation
import MojiServer
import MojiStore

/// `moji serve token create|list|revoke`: the bearer tokens of the per-user routes.
struct ServeToken: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, list or revoke the API tokens of `moji serve`.",
        discussion: """
            A token gives its holder one user's data under /v1/me (`Authorization: Bearer <token>`). \
            The store keeps only its SHA-256, so `create` prints it once; keep it then. A running \
            server stops accepting a revoked token within about a second. Tokens are not part of \
            `moji store export`. With --database postgres://USER[:PASSWORD]@HOST[:PORT]/DB (or \
            MOJI_DATABASE_URL), the tokens are those of a `moji serve` that keeps its users' data in \
            PostgreSQL.
            """,
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a token for USER and print it (once: only its hash is stored).")

        @Argument(help: "The user: 1 to 64 of a-z, 0-9, '.', '_', '-', starting with a letter or a digit.")
        var user: String

        @Option(help: "A note to tell the token apart in `moji serve token list`, e.g. the device.")
        var label: String?

        @OptionGroup var options: StoreOptions

        func validate() throws {
            guard APIToken.isValidUser(user.lowercased()) else {
                throw ValidationError(StoreError.invalidUserName(user).description)
            }
        }

        func run() async throws {
            try await reportingFailuresAsync {
                let token = APITokenSecret.generate()
                let (user, label) = (user, label)
                let record = try await options.withTokenStore { store throws(StoreError) in
                    try await store.addAPIToken(user: user, hash: APITokenSecret.hash(token), label: label, at: Date())
                }
                if options.json {
                    try printJSON(CreatedToken(id: record.id, user: record.user, label: record.label, token: token))
                } else {
                    print(token)
                    printError(
                        "created token \(record.id) for \(record.user); it is shown only this once, so keep it now.")
                }
            }
        }

        private struct CreatedToken: Encodable {
            var id: String
            var user: String
            var label: String?
            var token: String
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the tokens: id, user, label, created, last used (never the token).")

        @OptionGroup var options: StoreOptions

        func run() async throws {
            try await reportingFailuresAsync {
                let tokens = try await options.withTokenStore { store throws(StoreError) in try await store.apiTokens()
                }
                if options.json { return try printJSON(tokens.map(TokenSummary.init)) }
                for token in tokens.map(TokenSummary.init) {
                    print(
                        [token.id, token.user, token.label ?? "-", token.createdAt, token.lastUsedAt ?? "never"]
                            .joined(separator: "\t"))
                }
            }
        }

        private struct TokenSummary: Encodable {
            var id: String
            var user: String
            var label: String?
            var createdAt: String
            var lastUsedAt: String?

            init(_ token: APIToken) {
                id = token.id
                user = token.user
                label = token.label
                createdAt = token.createdAt.formatted(.iso8601)
                lastUsedAt = token.lastUsedAt?.formatted(.iso8601)
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Revoke a token by its id (from `moji serve token list`).")

        @Argument(help: "The token's id.")
        var id: String

        @OptionGroup var options: StoreOptions

        func run() async throws {
            try await reportingFailuresAsync {
                let id = id
                try await options.withTokenStore { store throws(StoreError) in try await store.revokeAPIToken(id: id) }
                if options.json { try printJSON(["revoked": id]) } else { print("revoked \(id)") }
            }
        }
    }
}

extension StoreOptions {
    /// Runs `body` with the tokens' store that `--database` (or `MOJI_DATABASE_URL`) names: PostgreSQL
    /// for a `postgres://` URL, else the SQLite store; closes it after.
    func withTokenStore<T: Sendable>(
        _ body: @Sendable (any UserDataStore) async throws(StoreError) -> T
    ) async throws -> T {
        let store: any UserDataStore
        var sqlite: EmojiStore?
        switch ServeDatabase(option: database) {
        case .postgres(let url):
            store = try await ServeDatabase.openPostgres(url: url)
        case .sqlite(let path):
            var options = self
            options.database = path
            let opened = try options.openStore()
            sqlite = opened
            store = SQLiteUserDataStore(mainStore: .success(opened), mainStoreURL: opened.url)
        }
        defer { try? sqlite?.close() }
        let outcome: Result<T, StoreError>
        do throws(StoreError) { outcome = .success(try await body(store)) } catch { outcome = .failure(error) }
        await store.close()
        return try storeCall { () throws(StoreError) in try outcome.get() }
    }
}
