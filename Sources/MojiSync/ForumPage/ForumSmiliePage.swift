import Foundation
import Moji
import MojiStore

/// A forum's smilie list page, in the Something Awful (vBulletin) format, read into a
/// ``SourceListing``.
///
/// The page lists `<h3>` section titles, each followed by a `<ul class="smilie_group">` of
/// `<li class="smilie">` items holding the code and the image:
///
/// ```html
/// <h3>Basic Smilies</h3>
/// <ul class="smilie_group">
///   <li class="smilie"><div class="text">:smith:</div>
///     <img src="http://i.somethingawful.com/forumsystem/emoticons/emot-smith.gif" title="everyman smith"></li>
/// </ul>
/// ```
///
/// ```swift
/// let listing = try ForumSmiliePage.listing(
///     html: data, pageURL: URL(string: "https://forums.somethingawful.com/misc.php?action=showsmilies"),
///     source: "forums.somethingawful.com")
/// ```
///
/// Sections become groups and the image's `title` becomes the name. A code written between
/// colons is the code without them (`:smith:` → `smith`). A smilie typed as it is, without
/// colons (the forum's emoticons `:)`, `:(`, `:D`, `;)`, `;-*`), keeps what is typed as a keyword
/// and is imported under a code: the text itself when it is a word (`20bux`), else the letters
/// and digits of its name, lowercased (`:D`, "big grin" → `biggrin`). A made-up code never takes
/// a code the page gives another smilie: it gets the first free number instead (`;)`, named
/// "wink" like `:wink:`, becomes `wink-2`), so every smilie on the page imports. Image addresses are resolved
/// against the page's URL and must be `http` or `https`.
///
/// The page is parsed by libxml2's HTML parser, which builds a tree from broken HTML (unclosed
/// tags, unquoted attributes) as browsers do, and never touches the network.
public enum ForumSmiliePage {
    /// The largest page read by default: the real page is about 140 KB.
    public static let defaultMaximumSize = 8 * 1024 * 1024

    /// The smilies `html` lists.
    ///
    /// - Parameters:
    ///   - html: The page's bytes.
    ///   - pageURL: Where the page came from, to resolve relative image addresses; nil for a
    ///     file, when only absolute `http`/`https` images can be used.
    ///   - source: The file or URL read, for errors.
    ///   - encoding: The page's character set (from HTTP's `Content-Type`); it wins over the
    ///     page's own `<meta>` charset, which forum pages often get wrong.
    ///   - maximumSize: The most bytes read; a bigger page is refused.
    /// - Returns: At least one smilie; the groups are the sections with a smilie imported, in
    ///   page order; every item left out is in `skipped` with why.
    /// - Throws: ``SourceError`` when the page is too big, or lists no usable smilie (a login or
    ///   error page served instead of the smilie list).
    public static func listing(
        html: Data, pageURL: URL? = nil, source: String, encoding: String = "UTF-8",
        maximumSize: Int = defaultMaximumSize
    ) throws(SourceError) -> SourceListing {
        // libxml2 takes an Int32 length; no limit may pass that.
        let limit = min(maximumSize, Int(Int32.max))
        guard html.count <= limit else {
            throw SourceError(
                source: source,
                reason: "the page is \(html.count) bytes, more than the limit of \(limit) bytes for a smilie page")
        }
        let items = try parsedItems(html: html, source: source, encoding: encoding)
        let listing = SmilieListingBuilder(pageURL: pageURL).listing(of: items)
        guard !listing.emoji.isEmpty else {
            if let first = listing.skipped.first {
                throw SourceError(
                    source: source,
                    reason: "the page lists \(listing.skipped.count) smilies but none is usable (first: \(first))")
            }
            throw SourceError(
                source: source,
                reason: "the page has no smilies: it may be a login or error page instead of the smilie list")
        }
        return listing
    }

    /// The smilie items of the page, in order, with their sections.
    private static func parsedItems(html: Data, source: String, encoding: String) throws(SourceError)
        -> [SmilieItem]
    {
        // Refused before parsing: libxml2 is quadratic in the attributes of one element.
        if let problem = html.withUnsafeBytes({ HTMLShape(of: $0).problem }) {
            throw SourceError(source: source, reason: problem + ". It is not a smilie list; check the address")
        }
        let items = html.withUnsafeBytes { bytes in SmilieTreeWalker().items(inHTML: bytes, encoding: encoding) }
        guard let items else {
            throw SourceError(source: source, reason: "the page is empty or not HTML: it has no smilies")
        }
        return items
    }
}
