import ArgumentParser

/// The checks of positions and counts given on the command line: positions count from 1 and
/// `--limit` from 1 in every command, and anything less is a usage error (exit 64), never
/// silently clamped.
enum Position {
    /// Fails unless `position` (when given) is 1 or more.
    static func validate(_ position: Int?, named name: String) throws {
        guard let position, position < 1 else { return }
        throw ValidationError(
            "\(name) counts from 1 (the first place), not \(position); a position past the end "
                + "means the end.")
    }

    /// Fails unless `limit` (when given) is 1 or more.
    static func validateLimit(_ limit: Int?) throws {
        guard let limit, limit < 1 else { return }
        throw ValidationError("--limit must be 1 or more, not \(limit).")
    }
}
