// No Foundation here: its re-export of the C library would hide the @preconcurrency import
// that lets Swift 6 read the C `stdout` variable.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// What `print` wrote: Swift's `print` goes through the C library's buffered `stdout`.
enum PrintedOutput {
    /// Pushes out what `print` buffered; returns the system's reason when any write to standard
    /// output failed, nil when all of it arrived.
    static func flush() -> String? {
        guard fflush(stdout) != 0 || ferror(stdout) != 0 else { return nil }
        let reason = String(cString: strerror(errno))
        clearerr(stdout)
        return reason
    }
}
