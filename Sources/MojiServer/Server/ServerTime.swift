/// Monotonic time on the server's clock (``ServerConfiguration/clock``): how long since the server
/// started. What expires or refills by time (the token cache, rate limits) reads it, so a wall
/// clock stepped back changes nothing, and a test on a manual clock moves it without waiting.
struct ServerTime: Sendable {
    private let elapsed: @Sendable () -> Duration

    /// Time on `clock`, from now.
    init(clock: any Clock<Duration>) {
        elapsed = Self.elapsed(on: clock)
    }

    private static func elapsed<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// How long since the server started.
    var now: Duration { elapsed() }
}
