extension CustomEmoji {
    /// The emoji as an HTML image, for forum and chat servers that render posts:
    /// `<img class="emoji" alt=":code:" title="name" src="…" width="W" height="H">`, every value
    /// escaped. `width` and `height` come from ``cachedImage`` and are left out without one.
    ///
    /// ```swift
    /// var emojifier = Emojifier()
    /// emojifier.escapesHTML = true
    /// emojifier.register(parrot.code, as: parrot.htmlImage(source: "/images/parrot.gif"))
    /// emojifier.emojify("<b>:partyparrot:</b>")   // "&lt;b&gt;<img class=\"emoji\" alt=\":partyparrot:\" …>&lt;/b&gt;"
    /// ```
    ///
    /// - Parameter source: The `src`: the image's URL as the source gave it, or where a server
    ///   serves its cached copy.
    public func htmlImage(source: String) -> String {
        var tag = "<img class=\"emoji\" alt=\"\(HTMLText.escaped(":\(code):"))\""
        if !name.isEmpty { tag += " title=\"\(HTMLText.escaped(name))\"" }
        tag += " src=\"\(HTMLText.escaped(source))\""
        if let image = cachedImage, image.width > 0, image.height > 0 {
            tag += " width=\"\(image.width)\" height=\"\(image.height)\""
        }
        return tag + ">"
    }
}
