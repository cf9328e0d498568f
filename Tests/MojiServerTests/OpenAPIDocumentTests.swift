import Foundation
import Moji
import Testing

@testable import MojiServer

/// The OpenAPI document is a contract: these tests keep it naming exactly the server's routes and
/// the catalog's locales and groups; `.ci/contract` checks the live server against it.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// The document in the repository, as the server bundles it.
    static func document() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/MojiServer/OpenAPI/openapi.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// `/v1/emoji/{id}` and `/v1/emoji/{emoji | hexcode | :shortcode:}` both become `/v1/emoji/{}`.
    static func shape(_ path: String) -> String {
        path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
    }

    @Test("GET /v1/openapi.json serves the repository's document, with an ETag")
    func served() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/v1/openapi.json")
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
            let served = try #require(try answer.json() as? [String: Any])
            #expect(served["openapi"] as? String == "3.1.0")
            let paths = try #require(served["paths"] as? [String: Any])
            #expect(Set(paths.keys) == Set(try #require(try Self.document()["paths"] as? [String: Any]).keys))
            let tag = try #require(answer.header("ETag"))
            #expect(try await harness.request("/v1/openapi.json", headers: ["If-None-Match": tag]).status == 304)
        }
    }

    @Test("the document has exactly the routes of the server's router, with their methods")
    func routesMatch() async throws {
        let document = try #require(try Self.document()["paths"] as? [String: Any])
        var documented = Set<String>()
        for (path, item) in document {
            for method in (item as? [String: Any] ?? [:]).keys where Self.methods.contains(method) {
                documented.insert("\(method.uppercased()) \(Self.shape(path))")
            }
        }
        var served = Set<String>()
        try await ServerHarness.with { harness in
            // `/v1/me/…` and `/v1/users/{user}/…` are documented once, under `/v1/me`.
            served = Set(
                harness.server.routes.all.filter { $0.path.description.hasPrefix("/v1/") && $0.method != .head }
                    .filter { !$0.path.description.hasPrefix("/v1/users/") }
                    .map { "\($0.method.rawValue) \(Self.shape($0.path.description))" })
        }
        #expect(documented.subtracting(served).isEmpty, "documented but not served: \(documented.subtracting(served))")
        #expect(served.subtracting(documented).isEmpty, "served but not documented: \(served.subtracting(documented))")
    }

    /// The operations of a path item that are HTTP methods.
    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "options", "head"]

    @Test(
        "the served document lists the locales, groups and subgroups of the catalog in use, and is otherwise the bundled one"
    )
    func catalogListsMatch() async throws {
        let bundled = try Self.document()
        let bundledSchemas = try #require((bundled["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let catalog = EmojiCatalog.shared
        let lists = OpenAPIDocument.catalogLists(of: catalog)
        #expect(lists["LocaleIdentifier"]?.count == catalog.availableLocales.count)
        #expect(lists["SubgroupIdentifier"]?.contains("face-smiling") == true)
        for name in lists.keys {
            // Nothing in the repository to keep in step with the catalog.
            #expect((bundledSchemas[name] as? [String: Any])?["enum"] == nil, "\(name)")
        }
        try await ServerHarness.with { harness in
            let answer = try await harness.request("/v1/openapi.json")
            var served = try #require(try answer.json() as? [String: Any])
            var components = try #require(served["components"] as? [String: Any])
            var schemas = try #require(components["schemas"] as? [String: Any])
            for (name, values) in lists {
                var schema = try #require(schemas[name] as? [String: Any])
                #expect(schema["enum"] as? [String] == values, "\(name)")
                schema["enum"] = nil
                schemas[name] = schema
            }
            components["schemas"] = schemas
            served["components"] = components
            let options: JSONSerialization.WritingOptions = [.sortedKeys]
            #expect(
                try JSONSerialization.data(withJSONObject: served, options: options)
                    == JSONSerialization.data(withJSONObject: bundled, options: options))
        }
    }

    @Test("every $ref in the document names a schema it defines")
    func referencesResolve() throws {
        let document = try Self.document()
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        var missing: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String,
                    schemas[String(reference.split(separator: "/").last ?? "")] == nil
                {
                    missing.append(reference)
                }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(document)
        #expect(missing.isEmpty, "\(missing)")
    }
}
