import Foundation
import MojiServer
import MojiStore

/// What the tests of the per-user routes share: tokens made in the server's main store, and
/// requests that carry them.
extension ServerHarness {
    /// The main store's file.
    var mainStoreURL: URL { home.appendingPathComponent(StoreLocation.fileName) }

    /// Creates a token for `user` in the main store (as `moji serve token create` does) and returns it.
    func makeToken(for user: String, label: String? = nil) throws -> (token: String, record: APIToken) {
        let store = try EmojiStore(url: mainStoreURL)
        let token = APITokenSecret.generate()
        let record = try store.addAPIToken(user: user, hash: APITokenSecret.hash(token), label: label)
        return (token, record)
    }

    /// Revokes a token in the main store, as `moji serve token revoke` does from another process.
    func revoke(_ record: APIToken) throws {
        try EmojiStore(url: mainStoreURL).revokeAPIToken(id: record.id)
    }

    /// A request with `Authorization: Bearer <token>`, and `json` as an `application/json` body.
    func call(
        _ target: String, token: String, method: String = "GET", json: String? = nil,
        contentType: String = "application/json"
    ) async throws -> Answer {
        var headers = ["Authorization": "Bearer \(token)"]
        if json != nil { headers["Content-Type"] = contentType }
        return try await request(target, method: method, headers: headers, body: json.map { Data($0.utf8) })
    }
}

extension ServerHarness.Answer {
    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try json() as? [String: Any] else { throw AnswerError.notAnObject(text) }
        return object
    }

    /// The body as a JSON array of objects.
    func objects() throws -> [[String: Any]] {
        guard let array = try json() as? [[String: Any]] else { throw AnswerError.notAnArray(text) }
        return array
    }

    /// The `emoji` of each object of an array body.
    func emoji() throws -> [String] { try objects().compactMap { $0["emoji"] as? String } }

    var text: String { String(decoding: body, as: UTF8.self) }

    enum AnswerError: Error {
        case notAnObject(String)
        case notAnArray(String)
    }
}
