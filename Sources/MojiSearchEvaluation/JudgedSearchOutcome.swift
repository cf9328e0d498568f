import Moji

/// How search did on one prefix of a judged query.
public struct PrefixOutcome: Sendable, Hashable {
    /// The prefix as typed.
    public var prefix: String
    /// Its length in characters.
    public var length: Int
    /// The 1-based rank of the first right result, nil when none is among the results.
    public var rank: Int?
    /// The first result, nil when there is none (or it is not a catalog emoji).
    public var top: Emoji?
}

/// How search did on every prefix of one judged query.
public struct JudgedSearchOutcome: Sendable, Hashable {
    public var judgement: SearchJudgement
    /// One per prefix, shortest first.
    public var prefixes: [PrefixOutcome]

    /// Evaluates `judgement`, asking `results` for the ranked emoji of each prefix (nil for a
    /// result that is not a catalog emoji, such as a custom emoji).
    public init(_ judgement: SearchJudgement, results: (String) -> [Emoji?]) {
        self.judgement = judgement
        prefixes = judgement.prefixes.map { prefix in
            let ranked = results(prefix)
            let position = ranked.firstIndex { $0.map(judgement.accepts) ?? false }
            return PrefixOutcome(
                prefix: prefix, length: prefix.count, rank: position.map { $0 + 1 }, top: ranked.first ?? nil)
        }
    }

    /// The characters typed until a right emoji is first and stays first for every longer
    /// prefix; nil when the whole query does not put a right emoji first.
    public var lettersUntilFirst: Int? {
        guard prefixes.last?.rank == 1 else { return nil }
        let lastMiss = prefixes.lastIndex { $0.rank != 1 }
        return lastMiss.map { prefixes[$0].length + 1 } ?? 1
    }

    /// ``lettersUntilFirst``, or the query's length plus one when it never gets there (the
    /// person types it all and still has to look further down the list).
    public var lettersTyped: Int { lettersUntilFirst ?? (judgement.query.count + 1) }

    /// The prefixes whose first result is not right.
    public var misses: [PrefixOutcome] { prefixes.filter { $0.rank != 1 } }
}

/// success@1, success@5 and mean reciprocal rank over a set of prefixes.
public struct PrefixScore: Sendable, Hashable {
    public var prefixes = 0
    public var firstHits = 0
    public var topFiveHits = 0
    public var reciprocalRankSum = 0.0

    public init() {}

    /// Adds one prefix.
    public mutating func add(_ outcome: PrefixOutcome) {
        prefixes += 1
        guard let rank = outcome.rank else { return }
        if rank == 1 { firstHits += 1 }
        if rank <= 5 { topFiveHits += 1 }
        reciprocalRankSum += 1 / Double(rank)
    }

    public var successAt1: Double { prefixes == 0 ? 0 : Double(firstHits) / Double(prefixes) }
    public var successAt5: Double { prefixes == 0 ? 0 : Double(topFiveHits) / Double(prefixes) }
    public var meanReciprocalRank: Double { prefixes == 0 ? 0 : reciprocalRankSum / Double(prefixes) }
}

/// The figures of a judged set: over all prefixes, over prefixes of 3+ characters, letters
/// typed and words never first.
public struct JudgedSearchScore: Sendable, Hashable {
    public var words = 0
    public var all = PrefixScore()
    public var threeOrMore = PrefixScore()
    /// ``JudgedSearchOutcome/lettersTyped`` summed over words.
    public var lettersTyped = 0
    /// The characters of every query, summed: the most a word can need before counting as never first.
    public var lettersInQueries = 0
    public var neverFirst = 0

    public init() {}

    public init(_ outcomes: [JudgedSearchOutcome]) {
        for outcome in outcomes { add(outcome) }
    }

    /// Adds one word's outcome.
    public mutating func add(_ outcome: JudgedSearchOutcome) {
        words += 1
        for prefix in outcome.prefixes {
            all.add(prefix)
            if prefix.length >= 3 { threeOrMore.add(prefix) }
        }
        lettersTyped += outcome.lettersTyped
        lettersInQueries += outcome.judgement.query.count
        if outcome.lettersUntilFirst == nil { neverFirst += 1 }
    }
}
