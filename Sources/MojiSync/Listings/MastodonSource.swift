import Foundation
import MojiStore

/// The custom emoji of a Mastodon-compatible server: the JSON of `GET /api/v1/custom_emojis`
/// (Mastodon's CustomEmoji entity, which Pleroma, Akkoma, GoToSocial and Misskey's compatible
/// endpoint also serve).
///
/// ```swift
/// let listing = try MastodonSource.listing(from: data, source: "https://mastodon.social/api/v1/custom_emojis")
/// listing.emoji.first?.code   // "blobcat"
/// ```
///
/// Each entry needs a `shortcode` and an `http`/`https` `url`; without them it is skipped with
/// the reason. The optional fields are read when they are there and well-formed, and ignored
/// otherwise, as are fields Mastodon does not document: `static_url` (an `http`/`https` URL)
/// becomes ``SourceEmoji/staticImage``, `visible_in_picker: false` a hidden emoji (still
/// converted in text), `category` the group (groups in first-seen order). The server gives no
/// names, so each name is its code.
public enum MastodonSource {
    /// The largest answer read by default: 8 MB, far above the largest servers' lists.
    public static let defaultMaximumSize = 8 << 20

    /// The listing in `data`; `source` names the server or file in errors. Throws a
    /// ``SourceError`` when `data` is larger than `maximumSize`, not JSON, a Mastodon error
    /// object (`{"error": "…"}`, whose message it repeats), or not a list.
    public static func listing(
        from data: Data, source: String, maximumSize: Int = defaultMaximumSize
    ) throws(SourceError) -> SourceListing {
        let json = try JSONValue.decode(data, source: source, maximumSize: maximumSize)
        guard case .array(let entries) = json else {
            if let message = json["error"]?.string {
                throw SourceError(
                    source: source, reason: "the server answered with an error: \(ListingBuilder.shown(message))")
            }
            throw SourceError(
                source: source, reason: "is \(json.kind), not the list of custom emoji a Mastodon server sends")
        }
        var builder = ListingBuilder()
        for (label, entry) in builder.objects(in: entries) {
            guard let shortcode = entry["shortcode"]?.string else {
                builder.skip(label, because: "has no shortcode")
                continue
            }
            guard let code = builder.acceptedCode(shortcode, entry: shortcode) else { continue }
            guard let url = entry["url"]?.string else {
                builder.skip(shortcode, because: "has no image URL")
                continue
            }
            if let problem = ListingBuilder.problem(inImageURL: url) {
                builder.skip(shortcode, because: problem)
                continue
            }
            let staticURL = entry["static_url"]?.string.flatMap {
                ListingBuilder.problem(inImageURL: $0) == nil ? $0 : nil
            }
            builder.add(
                SourceEmoji(
                    code: code, group: entry["category"]?.string, image: url, staticImage: staticURL,
                    isVisibleInPicker: entry["visible_in_picker"]?.bool ?? true))
        }
        return builder.listing
    }
}
