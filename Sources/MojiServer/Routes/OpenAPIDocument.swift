import Foundation
import Moji

/// The API's OpenAPI 3.1 document as a server serves it at `/v1/openapi.json`: the bundled
/// document with the lists of the catalog in use filled in, so that a catalog installed at run
/// time (`moji data update`) is described as it is.
///
/// The bundled document names locales, groups and subgroups by string schemas
/// (`LocaleIdentifier`, `GroupIdentifier`, `SubgroupIdentifier`); the served one gives each the
/// `enum` of the catalog's values, which clients and contract tests (schemathesis) can rely on.
enum OpenAPIDocument {
    /// The schemas that list a catalog's values, and the values of `catalog` for each.
    static func catalogLists(of catalog: EmojiCatalog) -> [String: [String]] {
        [
            "LocaleIdentifier": catalog.availableLocales.map(\.identifier),
            "GroupIdentifier": catalog.groups.map(\.identifier),
            "SubgroupIdentifier": catalog.groups.flatMap { catalog.subgroups(in: $0) }.map(\.identifier),
        ]
    }

    /// The document for `catalog`, from the bundled `document`.
    ///
    /// - Throws: ``ProblemDetails`` (500) when the bundled document is missing or not the JSON
    ///   object it should be, which a build that passed its tests never has.
    static func served(for catalog: EmojiCatalog, document: Data?) throws(ProblemDetails) -> Data {
        let broken = ProblemDetails(
            type: "internal", title: "Internal error", status: 500,
            detail: "this build's OpenAPI document is missing or damaged.")
        guard let document, var object = try? JSONSerialization.jsonObject(with: document) as? [String: Any],
            var components = object["components"] as? [String: Any],
            var schemas = components["schemas"] as? [String: Any]
        else { throw broken }
        for (name, values) in catalogLists(of: catalog) {
            guard var schema = schemas[name] as? [String: Any] else { throw broken }
            schema["enum"] = values
            schemas[name] = schema
        }
        components["schemas"] = schemas
        object["components"] = components
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { throw broken }
        return data
    }
}
