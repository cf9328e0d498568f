import ArgumentParser
import Foundation
import Moji
import MojiPicker
import MojiStore
import MojiStorePicker
import MojiSync
import MojiTerminal

struct Pick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Pick an emoji in a full-screen picker; it is printed to standard output.",
        discussion: """
            Type to search; arrows, Home/End and PageUp/PageDown move; Tab jumps to the next group; \
            Enter picks; Alt+Enter opens the skin tones (a row per person for 🧑‍🤝‍🧑); Esc closes the \
            tones, then clears the search, then the selection, then quits; Ctrl+C quits; Ctrl+Z suspends \
            (`fg` brings the picker back). \
            The picker draws on the terminal (/dev/tty), so `emoji=$(moji pick)` and `moji pick | pbcopy` \
            work. Picks are recorded in your store, as `moji use` does. \
            Custom sets older than their interval are synced in the background while the picker is \
            open (silently; `moji custom sets` shows errors); the next start shows what changed. \
            MOJI_NO_REFRESH=1 turns this off. \
            Emoji the terminal cannot draw are hidden: the first time on a terminal (by TERM, \
            TERM_PROGRAM and TERM_PROGRAM_VERSION) the picker prints one emoji of each Emoji version and \
            asks the terminal where its cursor went, and remembers the answer in \
            $MOJI_HOME/terminal-emoji.json (else $XDG_CACHE_HOME/moji, else ~/.cache/moji); the footer \
            says how many are hidden. --max-version overrides it; --max-version all shows everything. \
            Exits 0 after a pick, 130 when dismissed, 4 when there is no terminal or TERM is dumb.
            """
    )

    @Option(help: ArgumentHelp(UserLocale.help))
    var locale: String?

    @Option(
        name: .customLong("max-version"),
        help: ArgumentHelp(
            "Only emoji up to this Emoji version (e.g. 15.1), or an Apple OS (e.g. iOS:17.4); all for every emoji. "
                + "By default, what this terminal can draw.",
            valueName: "version"))
    var maxVersion: String?

    @Flag(help: "Also copy the pick to the clipboard (OSC 52 through the terminal, and wl-copy or xclip when present).")
    var copy = false

    @Flag(name: .customLong("keep-open"), help: "Stay open to pick several; each pick is printed on its own line.")
    var keepOpen = false

    @Option(
        help: ArgumentHelp(
            "Print what the picker shows for this query, one emoji per line, without drawing.", valueName: "query"))
    var filter: String?

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try reportingFailures {
            let catalog = EmojiCatalog.shared
            let resolved = try UserLocale.resolve(locale, in: catalog)
            // nil: not given; .some(nil): all.
            let chosenVersion: EmojiVersion?? = try maxVersion.map { text in
                text.lowercased() == "all" ? nil : try EmojiVersionArgument.parse(text)
            }
            let store = try storeOptions.openStore()
            let configuration = PickerConfiguration(
                locale: resolved, maximumVersion: chosenVersion ?? nil,
                customEmojiSets: try storeCall { () throws(StoreError) in try store.customEmojiSets() })
            var picker = try EmojiPicker(catalog: catalog, configuration: configuration, history: store)
            if let filter { return try printFiltered(&picker, query: filter) }

            let terminal: TerminalSession
            do { terminal = try TerminalSession() } catch {
                throw CommandFailure(
                    message:
                        "the picker needs a terminal, and \(error). To find emoji in a script or pipe, use `moji search QUERY` (or `moji pick --filter QUERY`).",
                    code: .noTerminal)
            }
            // The picker is built before the terminal is asked, so a terminal that never answers
            // costs only the probe's 100 ms; an answer then narrows what it shows.
            // With --max-version the terminal is not asked: a remembered answer still says how it
            // draws toned emoji.
            let support = TerminalEmojiSupport.drawing(
                on: terminal, environment: ProcessInfo.processInfo.environment, mayAsk: chosenVersion == nil)
            if chosenVersion == nil { picker.setMaximumVersion(support.drawing?.newestVersion) }
            let typedAhead = support.typedAhead
            let notice = TerminalEmojiSupport.notice(
                hidden: picker.hiddenCount, byOption: chosenVersion == nil ? nil : picker.configuration.maximumVersion,
                strings: picker.strings)
            Self.refreshDueSetsInBackground(store)
            let printsAtOnce = keepOpen && isatty(STDOUT_FILENO) == 0
            var picks: [String] = []
            var writeFailure: CommandFailure?
            var session = PickSession(
                picker: picker, terminal: terminal,
                usesColor: (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty, notice: notice,
                tonedWidth: support.drawing?.tonedWidth ?? 2, typedAhead: typedAhead)
            // The picker hands each pick over; recording it in the store is this command's job.
            let outcome = session.run(keepOpen: keepOpen) { pick throws in
                let text = pick.text
                if copy { Clipboard.copy(text, through: terminal) }
                picks.append(text)
                if printsAtOnce, writeFailure == nil {
                    do throws(CommandFailure) { try printFlushed(text) } catch { writeFailure = error }
                }
                try store.record(pick)
            }
            terminal.restore()
            if let error = session.recordingError {
                printError("the pick was not recorded in the store: \(error)")
            } else if let error = session.picker.historyError {
                printError("the store could not be read: \(error)")
            }
            if let writeFailure { throw writeFailure }
            if !printsAtOnce { for text in picks { try printFlushed(text) } }
            if outcome != .picked && picks.isEmpty { throw ExitCode.dismissed }
        }
    }

    /// Starts syncing the custom sets that are due, on the concurrency pool, without waiting:
    /// the picker opens at once and the sync goes on while it is open. Nothing is printed (the
    /// terminal is the picker's); the engine records failures in the store. A sync cut short
    /// when the picker exits leaves its set as it was (it is replaced in one transaction).
    static func refreshDueSetsInBackground(
        _ store: EmojiStore, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        guard environment["MOJI_NO_REFRESH"] != "1" else { return }
        let now = Date()
        guard let sets = try? store.custom.sets(), sets.contains(where: { $0.isDue(at: now) }) else { return }
        let sync = CustomSetSync(
            store: store, cache: ImageCache(directory: ImageCache.defaultDirectory(environment: environment)))
        Task.detached(priority: .background) { _ = await sync.refreshDueSets(at: now) }
    }

    /// `--filter`: the sections the picker shows for a query, as lines or JSON.
    private func printFiltered(_ picker: inout EmojiPicker, query: String) throws {
        picker.setQuery(query)
        let items = picker.sections.flatMap(\.items)
        if items.isEmpty { throw CommandFailure(message: "no emoji matches '\(query)'.", code: .notFound) }
        if storeOptions.json {
            struct Line: Encodable {
                var emoji: String
                var name: String
            }
            return try printJSON(items.map { Line(emoji: $0.text, name: picker.accessibilityLabel(of: $0)) })
        }
        for item in items { print("\(item.text)\t\(picker.accessibilityLabel(of: item))") }
    }
}
