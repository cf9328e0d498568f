import Foundation
import Moji
import MojiSync

/// Opens a catalog folder the way its users will, and reads everything a user could read later:
/// every locale's names and keywords, every search segment and the emoji properties. A catalog
/// that passes cannot fail at run time on a damaged file.
enum CatalogValidation {
    static func validate(_ folder: URL, manifest: CatalogManifest) throws(CatalogUpdateError) {
        do {
            let catalog = try EmojiCatalog(directory: folder)
            guard catalog.unicodeVersion.description == manifest.emojiVersion else {
                throw CatalogUpdateError.catalogDoesNotLoad(
                    reason: "the core says Emoji \(catalog.unicodeVersion), the manifest \(manifest.emojiVersion)")
            }
            _ = try EmojiScanner(catalog: catalog)
            for locale in catalog.availableLocales {
                _ = try catalog.localized(locale)
                _ = try catalog.search(in: locale)
            }
            if let error = catalog.loadErrors.first { throw error }
        } catch let error as CatalogUpdateError {
            throw error
        } catch {
            throw .catalogDoesNotLoad(reason: "\(error)")
        }
    }
}
