import Moji

extension EmojiPicker {
    /// Applies a key press; returns what the front end must do, if anything (see
    /// ``PickerCommand`` for what each does in the grid and in the popover).
    ///
    /// ```swift
    /// picker.handle(.insert("people holding"))   // 🧑‍🤝‍🧑 selected
    /// picker.handle(.altEnter)                    // popover: a row of tones per person
    /// picker.handle(.right); picker.handle(.down); picker.handle(.end)
    /// picker.handle(.enter)                       // .picked: 🧑🏼‍🤝‍🧑🏿, and the tones to remember
    /// ```
    @discardableResult
    public mutating func handle(_ command: PickerCommand) -> PickerEvent? {
        if popover != nil { return handleInPopover(command) }
        switch command {
        case .up: moveVertically(by: -1)
        case .down: moveVertically(by: 1)
        case .left: moveHorizontally(by: -1)
        case .right: moveHorizontally(by: 1)
        case .home: moveSelection(to: layout.first)
        case .end: moveSelection(to: layout.last)
        case .pageUp: moveVertically(by: -max(1, pageRows))
        case .pageDown: moveVertically(by: max(1, pageRows))
        case .tab: moveToSection(by: 1)
        case .backTab: moveToSection(by: -1)
        case .enter: return pickSelection()
        case .altEnter: openPopover()
        case .space: setQuery(query + " ")
        case .insert(let text): setQuery(query + text)
        case .deleteBackward: if !query.isEmpty { setQuery(String(query.dropLast())) }
        case .escape: return escape()
        case .toggleSelection: toggleSelection()
        }
        return nil
    }

    // MARK: The popover

    private mutating func handleInPopover(_ command: PickerCommand) -> PickerEvent? {
        switch command {
        case .left: popover?.move(columns: -1)
        case .right: popover?.move(columns: 1)
        case .up: popover?.move(rows: -1)
        case .down: popover?.move(rows: 1)
        case .home: popover?.moveToEdge(last: false)
        case .end: popover?.moveToEdge(last: true)
        case .tab: popover?.advance(1)
        case .backTab: popover?.advance(-1)
        case .enter, .space, .altEnter: return pickFromPopover()
        case .escape: popover = nil
        case .insert, .deleteBackward:
            popover = nil
            return handle(command)
        case .pageUp, .pageDown, .toggleSelection: break
        }
        return nil
    }

    private mutating func openPopover() {
        guard let selection, case .emoji(let emoji)? = item(at: selection), emoji.supportsSkinTones,
            SkinTonePopover.hasOptions(emoji, maximumVersion: configuration.maximumVersion)
        else { return }
        let preferred =
            emoji.hasSkinTones
            ? emoji.skinTones
            : snapshot.skinTones[emoji.neutral] ?? snapshot.defaultSkinTone.map { [$0] } ?? []
        popover = SkinTonePopover(
            emoji: emoji, anchor: selection, preferred: preferred, maximumVersion: configuration.maximumVersion)
    }

    private mutating func pickFromPopover() -> PickerEvent? {
        guard let popover, let toned = popover.result else { return nil }
        let tones = SkinTone.normalized(popover.tones)
        self.popover = nil
        snapshot.skinTones[popover.emoji] = tones
        return commitPick([.emoji(toned)], preferring: (popover.emoji, tones))
    }

    // MARK: Picking

    private mutating func pickSelection() -> PickerEvent? {
        guard configuration.selectionMode != .none else { return nil }
        var items = configuration.selectionMode == .multiple ? selectedItems : []
        if items.isEmpty, let item = selectedItem { items = [item] }
        guard !items.isEmpty else { return nil }
        return commitPick(items)
    }

    /// Hands the pick to the host, which records it: the picker writes nothing. Tones chosen
    /// in the popover show at once, from the picker's own snapshot.
    mutating func commitPick(_ items: [SearchItem], preferring tones: (Emoji, [SkinTone])? = nil) -> PickerEvent {
        selectedItems = []
        var pick = EmojiPick(items: items, query: isSearching ? query : nil)
        if let (emoji, tones) = tones {
            pick.skinTones[emoji] = tones
            setSnapshot(snapshot)
        }
        return .picked(pick)
    }

    // MARK: Escape and selection

    /// Closes the popover (done by the caller), then clears the query, then the selection,
    /// then dismisses.
    private mutating func escape() -> PickerEvent? {
        if !query.isEmpty {
            setQuery("")
            return nil
        }
        if selection != nil || !selectedItems.isEmpty {
            selection = nil
            selectedItems = []
            selectionIsAutomatic = false
            return nil
        }
        return .dismissed
    }

    private mutating func toggleSelection() {
        guard configuration.selectionMode == .multiple, let item = selectedItem else { return }
        if let index = selectedItems.firstIndex(where: { Self.isSame($0, item) }) {
            selectedItems.remove(at: index)
        } else {
            selectedItems.append(item)
        }
    }
}
