import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing the standard streams and files so that an I/O error is a message and
/// exit code 74, never a crash, and never lost output with exit 0.
///
/// Foundation's non-throwing `FileHandle.write(_:)` and `readData(ofLength:)` trap on an error
/// (a full disk, a closed descriptor, a directory given as a file); the throwing forms are used
/// here. A closed pipe (`moji list | head -1`) still ends the process quietly through SIGPIPE.
enum StandardStreams {
    /// Writes `data` to standard output.
    static func write(_ data: Data) throws(CommandFailure) {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw CommandFailure(message: "cannot write standard output: \(reason(error))", code: .ioFailure)
        }
    }

    /// Writes `text` to standard error. When even that fails (a full disk under `2> file`, a
    /// closed descriptor) there is nowhere left to say so: the exit code still tells.
    static func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    /// Reads up to `count` bytes from `handle`; empty at the end of the input. `name` is what the
    /// error message calls it ("standard input" or the file's path).
    static func read(_ handle: FileHandle, named name: String, upTo count: Int) throws(CommandFailure) -> Data {
        do {
            return try handle.read(upToCount: count) ?? Data()
        } catch {
            throw CommandFailure(message: "cannot read \(name): \(reason(error))", code: .ioFailure)
        }
    }

    /// Reads all of `handle`.
    static func readToEnd(_ handle: FileHandle, named name: String) throws(CommandFailure) -> Data {
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw CommandFailure(message: "cannot read \(name): \(reason(error))", code: .ioFailure)
        }
    }

    /// The system's reason for a Foundation I/O error ("No space left on device").
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
