import Logging
import Moji

/// A log handler for the connection pool that keeps the reason of its last failed connection
/// attempt (a refused port, an unknown role or database, a bad password), which the pool reports
/// only in an info-level log line, and passes every message at or above the caller's level on.
///
/// Without it a call that times out while no connection can be made says only "no answer within
/// 5 s": a misconfigured server looks like one that is down.
struct ConnectionFailureRecorder: LogHandler {
    /// The handler of the logger the store was given.
    var inner: any LogHandler
    /// The last connection failure, as the pool described it, and when.
    let lastFailure: Locked<(reason: String, at: ContinuousClock.Instant)?>

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    /// Info at least, to see the pool's failure lines; messages below the caller's own level are
    /// not passed on.
    var logLevel: Logger.Level {
        get { min(inner.logLevel, .info) }
        set { inner.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        // PostgresNIO's wording and metadata key ("psql_error"): a change there only loses the detail.
        if let error = event.metadata?["psql_error"], event.message.description == "Connection creation failed" {
            let failure = (reason: String("\(error)".prefix(400)), at: ContinuousClock.now)
            lastFailure.withLock { $0 = failure }
        }
        if event.level >= inner.logLevel { inner.log(event: event) }
    }
}
