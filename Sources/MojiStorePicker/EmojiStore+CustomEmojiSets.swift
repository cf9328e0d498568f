import MojiPicker
import MojiStore

extension EmojiStore {
    /// The store's custom emoji as picker sections, one per group in the store's order (by
    /// group, then code); emoji without a group make a set `custom`. A set's title is its
    /// group with a capital first letter.
    ///
    /// ```swift
    /// let configuration = PickerConfiguration(customEmojiSets: try store.customEmojiSets())
    /// ```
    public func customEmojiSets() throws(StoreError) -> [CustomEmojiSet] {
        var sets: [CustomEmojiSet] = []
        for emoji in try customEmojis() {
            let group = emoji.group ?? "custom"
            if let index = sets.firstIndex(where: { $0.id == group }) {
                sets[index].emoji.append(emoji)
            } else {
                let title = group.prefix(1).uppercased() + group.dropFirst()
                sets.append(CustomEmojiSet(id: group, title: title, emoji: [emoji]))
            }
        }
        return sets
    }
}
