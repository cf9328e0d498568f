import Foundation
import Moji
import MojiStore

/// The custom emoji of a Slack workspace: the JSON of Slack's `emoji.list`
/// (`{"ok": true, "emoji": {"partyparrot": "https://…", "parrot": "alias:partyparrot"}}`).
///
/// ```swift
/// let listing = try SlackSource.listing(from: data, source: "emoji.list.json")
/// listing.emoji.map(\.code)   // ["parrot", "partyparrot"], both with the parrot's image
/// ```
///
/// JSON objects have no order, so the entries come sorted by code and every read of the same
/// answer gives the same listing. Slack has no names, keywords or groups: each name is its code.
///
/// ## Aliases
/// An alias (`"alias:other"`) gets its target's image; an alias of an alias is followed up to
/// ``maximumAliasDepth`` steps. An alias to a name the workspace does not have, an alias in a
/// cycle, or a chain longer than that is skipped with the reason. Slack also lets an alias name a
/// standard emoji (`"thumbsup_all": "alias:thumbsup"`); such an alias has no image to import,
/// and Moji already converts Slack's standard shortcodes, so it is skipped too, with a reason
/// that names the emoji it stands for.
public enum SlackSource {
    /// The largest answer read by default: 8 MB, far above the largest workspaces' lists.
    public static let defaultMaximumSize = 8 << 20
    /// How many aliases a chain may pass through before the image: Slack itself makes an alias
    /// of an image, so longer chains come only from hand-edited files.
    public static let maximumAliasDepth = 4

    /// The listing in `data`; `source` names the workspace or file in errors. Throws a
    /// ``SourceError`` when `data` is larger than `maximumSize`, not JSON, Slack's answer with
    /// `"ok": false` (whose `error`, such as `invalid_auth`, it repeats), or without an `emoji` object.
    public static func listing(
        from data: Data, source: String, maximumSize: Int = defaultMaximumSize
    ) throws(SourceError) -> SourceListing {
        let json = try JSONValue.decode(data, source: source, maximumSize: maximumSize)
        guard case .object = json else {
            throw SourceError(source: source, reason: "is \(json.kind), not the object Slack's emoji.list answers")
        }
        if json["ok"]?.bool == false {
            let error = json["error"]?.string.map { ListingBuilder.shown($0) } ?? "no error named"
            throw SourceError(source: source, reason: "Slack refused the request: \(error)")
        }
        guard case .object(let names) = json["emoji"] else {
            throw SourceError(source: source, reason: "has no \"emoji\" object, so it is not Slack's emoji.list answer")
        }
        var builder = ListingBuilder()
        for name in names.keys.sorted() {
            guard let code = builder.acceptedCode(name, entry: name) else { continue }
            switch image(of: name, in: names) {
            case .success(let url):
                builder.add(SourceEmoji(code: code, image: url))
            case .failure(let problem):
                builder.skip(name, because: problem.reason)
            }
        }
        return builder.listing
    }

    /// Why an entry has no image.
    private struct Problem: Error {
        var reason: String
    }

    /// The image URL `name` stands for, following aliases.
    private static func image(of name: String, in names: [String: JSONValue]) -> Result<String, Problem> {
        var current = name
        var visited: [String] = [name]
        while true {
            guard let value = names[current]?.string else {
                guard let other = names[current] else { return .failure(Problem(reason: missingTarget(current))) }
                let what = current == name ? "is" : "its target :\(ListingBuilder.shown(current)): is"
                return .failure(Problem(reason: "\(what) \(other.kind), not a URL or an alias"))
            }
            guard value.hasPrefix("alias:") else {
                if let problem = ListingBuilder.problem(inImageURL: value) {
                    let reason =
                        current == name
                        ? problem : "its target :\(ListingBuilder.shown(current)): has no usable image: \(problem)"
                    return .failure(Problem(reason: reason))
                }
                return .success(value)
            }
            let target = String(value.dropFirst("alias:".count))
            if visited.contains(target) {
                let cycle = (visited + [target]).map { ":\(ListingBuilder.shown($0)):" }.joined(separator: " → ")
                return .failure(Problem(reason: "is an alias in a cycle (\(cycle)), so it has no image"))
            }
            guard visited.count <= maximumAliasDepth else {
                return .failure(
                    Problem(reason: "is an alias chain longer than \(maximumAliasDepth) steps"))
            }
            visited.append(target)
            current = target
        }
    }

    /// Why an alias to `target`, a name the workspace does not list, is left out.
    private static func missingTarget(_ target: String) -> String {
        if let emoji = EmojiCatalog.shared.emoji(forShortcode: target, presets: [.slack]) {
            return
                "is an alias of the standard emoji :\(target): (\(emoji.character)), which Moji already converts, so there is no image to import"
        }
        return "is an alias of :\(ListingBuilder.shown(target)):, which the workspace does not have"
    }
}
