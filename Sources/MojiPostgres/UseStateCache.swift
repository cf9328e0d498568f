import Moji

/// What this instance last knew of its users' usage: each user's version and clock and the rows of
/// the items it read or wrote, so that a use can be written straight away, with no read first.
///
/// Knowing is not trusting: the write is still a compare-and-set on the user's version, so state
/// that another instance (or any other change) made stale is found out by the database, and the
/// use is read and written again. With a load balancer that keeps a user on one instance, the
/// state is almost always current and a use costs one statement. A user whose uses come to
/// several instances (round robin) would make every remembered state stale, and every use cost
/// three statements: once a read finds that someone else wrote since this instance did, the
/// user's state is not trusted (uses read first, two statements) until a read finds this
/// instance's own last write still current.
final class UseStateCache: Sendable {
    /// The most users remembered at once; past it the cache starts over.
    static let userCapacity = 10_000
    /// The most items remembered per user; others are read when used.
    static let itemCapacity = 64

    private struct UserState {
        var version: Int
        var clock: Int
        var items: [String: ItemState]
        /// Whether a use may start from this state without reading first.
        var trusted: Bool
    }

    private let users = Locked<[String: UserState]>([:])

    /// The state a use of `key` by `user` starts from, if the cache knows all of it.
    func state(of key: String, for user: String) -> UseState? {
        users.withLock { users in
            guard let known = users[user], known.trusted, let item = known.items[key] else { return nil }
            return UseState(version: known.version, clock: known.clock, item: item)
        }
    }

    /// Keeps what a read found (the user's version and clock, and `key`'s row or its absence). The
    /// user is trusted when the read finds this instance's last write still current (or the user
    /// is new to it), and not when someone else wrote since.
    func read(_ state: UseState, of key: String, for user: String) {
        users.withLock { users in
            if var known = users[user], known.version == state.version {
                if known.items.count < Self.itemCapacity || known.items[key] != nil { known.items[key] = state.item }
                known.trusted = true
                users[user] = known
            } else {
                let isNew = users[user] == nil
                if users.count >= Self.userCapacity { users.removeAll(keepingCapacity: true) }
                users[user] = UserState(
                    version: state.version, clock: state.clock, items: [key: state.item], trusted: isNew)
            }
        }
    }

    /// A use that started from the remembered state found it stale: until a read says otherwise,
    /// uses of `user` read first.
    func distrust(_ user: String) {
        users.withLock { users in users[user]?.trusted = false }
    }

    /// Keeps what a write of `key` made from `state`: the user's new version and clock, and the
    /// item's new row. When the cache moved on meanwhile (another use by this instance), it
    /// forgets the user rather than guess.
    func wrote(_ written: UseState, of key: String, for user: String, from state: UseState) {
        users.withLock { users in
            guard var known = users[user], known.version == state.version else {
                users[user] = nil
                return
            }
            known.version = written.version
            known.clock = written.clock
            if known.items.count < Self.itemCapacity || known.items[key] != nil { known.items[key] = written.item }
            users[user] = known
        }
    }

    /// Forgets `user`: a write found the state stale, or the user's row gone.
    func forget(_ user: String) {
        users.withLock { _ = $0.removeValue(forKey: user) }
    }
}

/// A user's version and clock with one item's row, as a use starts from them.
struct UseState: Sendable, Equatable {
    var version = 0
    var clock = 0
    var item = ItemState()
}

/// One item's row: its score as of clock value `scoredAt`, and its use count (all 0 without a row).
struct ItemState: Sendable, Equatable {
    var score = 0.0
    var scoredAt = 0
    var useCount = 0
}
