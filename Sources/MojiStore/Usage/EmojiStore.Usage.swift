import Foundation
import Moji

extension EmojiStore {
    /// What the user used: every use, the scores it moves, the frequent, recent and most-used
    /// lists, and the emoji picked after a query (search that learns from picks).
    public var usage: Usage { Usage(store: self) }

    /// The usage facet of a store: uses and the lists they make. Get it from ``EmojiStore/usage``;
    /// it is a view of the store's one database, as cheap to make as to keep.
    public struct Usage: Sendable {
        let store: EmojiStore

        /// Records one use of an emoji: every score decays, this emoji's neutral base gains 1, and
        /// the tones it carries are remembered. O(1): one row changes.
        @discardableResult
        public func recordUse(of emoji: Emoji) throws(StoreError) -> UsageEntry {
            try store.recordUse(of: emoji)
        }

        /// Records one use of an item; a toned Unicode emoji counts for its neutral base.
        @discardableResult
        public func recordUse(of item: StoreItem) throws(StoreError) -> UsageEntry {
            try store.recordUse(of: item)
        }

        /// The current score of an item (a toned emoji reads its neutral base); 0 when unused.
        public func score(for item: StoreItem) throws(StoreError) -> Double {
            try store.score(for: item)
        }

        /// The frequent list: the items by usage score, best first, tones as last used through
        /// ``UsageEntry/displayItem``. It feeds a picker's "Frequently Used" section. At most
        /// ``StoreConfiguration/frequentLimit`` entries; entries under
        /// ``StoreConfiguration/minimumFrequentScore`` are left out once
        /// ``StoreConfiguration/minimumFrequentCount`` are kept. A new user sees
        /// ``StoreConfiguration/defaultFrequentEmoji``.
        public func frequent() throws(StoreError) -> [UsageEntry] {
            try store.frequent()
        }

        /// The recent list: the most recently used items, most recent first, each once, at most
        /// `limit` (default ``StoreConfiguration/recentLimit``).
        public func recent(limit: Int? = nil) throws(StoreError) -> [UsageEntry] {
            try store.recent(limit: limit)
        }

        /// The items by how many times they were used, ever (no decay, unlike ``frequent()``), the
        /// more recently used first among equal counts; at most `limit` (default
        /// ``StoreConfiguration/mostUsedLimit``).
        public func mostUsed(limit: Int? = nil) throws(StoreError) -> [UsageEntry] {
            try store.mostUsed(limit: limit)
        }

        /// What the store knows about one item's use, or nil.
        public func entry(for item: StoreItem) throws(StoreError) -> UsageEntry? {
            try store.usage(of: item)
        }

        /// How many uses were recorded in this database, ever (the clock).
        public func totalUses() throws(StoreError) -> Int {
            try store.totalUses()
        }

        /// A snapshot of every score, keyed by ``StoreItem/key`` (neutral emoji or `:code:`), for
        /// ranking many emoji at once: pass it as ``/Moji/SearchOptions/usage``.
        ///
        /// ```swift
        /// let options = SearchOptions(ranking: .usage, usage: try store.usage.scores())
        /// search.results(for: "heart", options: options)    // the hearts you use first
        /// ```
        public func scores() throws(StoreError) -> UsageScores {
            try store.usageScores()
        }

        /// Forgets all usage (scores, counts, recents, and the picks learned after queries) and seeds
        /// the default frequent emoji again, as for a new user. Pins, collections, tones and custom
        /// emoji stay.
        public func clearAll() throws(StoreError) {
            try store.clearAll()
        }

        /// Drops one item's score so it leaves the frequent list; its count and recency stay.
        public func clearScore(for item: StoreItem) throws(StoreError) {
            try store.clearScore(for: item)
        }

        /// Records one use of an emoji, and when `query` holds a word or symbol, that it was picked
        /// after that query: search then shows it first for the query and its prefixes.
        ///
        /// ```swift
        /// try store.usage.recordUse(of: wave, query: "hola")
        /// try store.usage.learnedPicks(for: "hol").keys         // ["👋"]
        /// ```
        ///
        /// - Throws: ``StoreError/invalidQuery(_:reason:)`` for a query longer than
        ///   ``/Moji/LearnedPicks/maximumQueryLength`` characters or holding a control character;
        ///   nothing is recorded then.
        @discardableResult
        public func recordUse(of emoji: Emoji, query: String?) throws(StoreError) -> UsageEntry {
            try store.recordUse(of: emoji, query: query)
        }

        /// Records one use of an item, and the query it was picked after (see
        /// ``recordUse(of:query:)-(Emoji,_)``).
        @discardableResult
        public func recordUse(of item: StoreItem, query: String?) throws(StoreError) -> UsageEntry {
            try store.recordUse(of: item, query: query)
        }

        /// What this user picked after `query` or after a longer query that starts with it, best
        /// first, at most `limit`: pass it as ``/Moji/SearchOptions/learnedPicks``. Empty for a blank
        /// query. Reads only the pairs whose query starts with the typed one (a range of the index).
        ///
        /// ```swift
        /// var options = SearchOptions(limit: 20)
        /// options.learnedPicks = try store.usage.learnedPicks(for: "hol")
        /// search.results(for: "hol", options: options).first?.item.text   // "👋"
        /// ```
        public func learnedPicks(for query: String, limit: Int = LearnedPickHistory.defaultLimit) throws(StoreError)
            -> LearnedPicks
        {
            try store.learnedPicks(for: query, limit: limit)
        }

        /// Every pair learned, with current scores, for a picker to look up as the person types
        /// without reading the store again (at most ``StoreConfiguration/learnedPickLimit`` records).
        public func learnedPickHistory() throws(StoreError) -> LearnedPickHistory {
            try store.learnedPickHistory()
        }

        /// Forgets every pick learned after a query (usage, counts and recents stay); returns how
        /// many (query, item) pairs were forgotten.
        @discardableResult
        public func forgetQueries() throws(StoreError) -> Int {
            try store.forgetQueries()
        }
    }
}
