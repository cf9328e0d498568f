import Foundation
import Moji

/// What the store remembers of one image URL: the validators its last answer had and the image
/// its bytes were, so the next sync asks for it conditionally and a `304` needs no download.
///
/// Kept per URL and shared by all sets: two sets with the same image URL fetch it once.
public struct ImageValidator: Sendable, Hashable, Codable {
    /// The image's URL, as requested.
    public var url: String
    /// The `ETag` and `Last-Modified` of the answer that gave ``image``.
    public var validators: HTTPValidators
    /// The image those bytes were, in the image cache.
    public var image: CustomEmojiImage
    /// When the server last confirmed these bytes (a `200` or a `304`); nil when not stored yet.
    public var checkedAt: Date?

    public init(url: String, validators: HTTPValidators, image: CustomEmojiImage, checkedAt: Date? = nil) {
        self.url = url
        self.validators = validators
        self.image = image
        self.checkedAt = checkedAt
    }
}
