import MojiPicker
import MojiStore

extension EmojiStore {
    /// The store's custom emoji as picker sections: first the emoji added by hand, one section
    /// per group (by group, then code; those without a group make a section `custom`, titled
    /// with a capital first letter), then one section per imported set, titled with its name, in
    /// the source's order. Emoji a set hides from pickers (Mastodon's `visible_in_picker: false`)
    /// are left out; they still convert in text.
    ///
    /// ```swift
    /// let configuration = PickerConfiguration(customEmojiSets: try store.customEmojiSets())
    /// ```
    public func customEmojiSets() throws(StoreError) -> [CustomEmojiSet] {
        var sections: [CustomEmojiSet] = []
        for emoji in try custom.allEmoji() where emoji.set == nil && emoji.isVisibleInPicker {
            let group = emoji.group ?? "custom"
            if let index = sections.firstIndex(where: { $0.id == group }) {
                sections[index].emoji.append(emoji)
            } else {
                let title = group.prefix(1).uppercased() + group.dropFirst()
                sections.append(CustomEmojiSet(id: group, title: title, emoji: [emoji]))
            }
        }
        for set in try custom.sets() {
            let emoji = try custom.emoji(inSet: set.name).filter(\.isVisibleInPicker)
            guard !emoji.isEmpty else { continue }
            // A set named like a hand-made group still gets a section of its own.
            var id = set.name
            while sections.contains(where: { $0.id == id }) { id += "+" }
            sections.append(CustomEmojiSet(id: id, title: set.name, emoji: emoji))
        }
        return sections
    }
}
