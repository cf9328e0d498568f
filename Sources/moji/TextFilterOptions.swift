import ArgumentParser
import Foundation
import Moji

/// Options of the commands that read text: `find`, `count`, `strip`, `emojify`, `demojify`.
struct TextFilterOptions: ParsableArguments {
    @Argument(help: "Files to read (default: standard input; - also means standard input).")
    var files: [String] = []

    @Option(name: .long, help: "Text to read instead of files or standard input, e.g. --text ':tada: done'.")
    var text: String?

    @Option(
        name: .customLong("invalid-utf8"),
        help: "What to do with bytes that are not UTF-8: replace (with U+FFFD) or report (exit 3).")
    var invalidUTF8: InvalidUTF8Handling = .replace

    @Flag(
        name: .long, help: "Also count a lone text-default character without U+FE0F (©, ❤, ☺) as an unqualified emoji.")
    var includeUnqualified = false

    /// The scanner these options ask for.
    var scanner: EmojiScanner {
        EmojiScanner.shared.withTextPresentation(includeUnqualified ? .includeUnqualified : .requireEmojiPresentation)
    }

    /// Runs `filter` over each input in turn, writing its output to standard output as it goes.
    /// `filter` is made afresh for each input, so offsets count from the start of each file.
    func run<Filter: UTF8StreamFilter>(_ makeFilter: (_ file: String?) -> Filter) throws {
        if text != nil, !files.isEmpty {
            throw CommandFailure(message: "give --text or files, not both.", code: .usage)
        }
        let output = StandardOutput()
        if let text {
            var filter = makeFilter(nil)
            try Self.pump(Self.reading(text), named: "--text", through: &filter, to: output)
            return try output.flush()
        }
        for file in files.isEmpty ? ["-"] : files {
            var filter = makeFilter(file == "-" ? nil : file)
            let handle: FileHandle
            if file == "-" {
                handle = FileHandle.standardInput
            } else {
                do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file)) } catch {
                    throw Self.unreadable(file, error)
                }
            }
            defer { if file != "-" { try? handle.close() } }
            try Self.pump(handle, named: file == "-" ? "standard input" : file, through: &filter, to: output)
        }
        try output.flush()
    }

    /// One input through `filter` to `output`, its failures as the command's.
    private static func pump<Filter: UTF8StreamFilter>(
        _ handle: FileHandle, named name: String, through filter: inout Filter, to output: StandardOutput
    ) throws {
        do {
            try TextStream.pump(from: handle, named: name, through: &filter, to: output)
        } catch .invalidUTF8(let error) {
            try output.flush()
            throw CommandFailure(message: "\(name): \(error)", code: .invalidInput)
        } catch .io(let failure) {
            // Keep what was already converted: it is correct up to the failed read.
            try? output.flush()
            throw failure
        }
    }

    /// A handle that reads `text`, as if it were a file's contents: the end of a pipe written
    /// from another thread, so text of any length streams as a file does.
    private static func reading(_ text: String) -> FileHandle {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let bytes = Data(text.utf8)
        DispatchQueue.global().async {
            try? writer.write(contentsOf: bytes)
            try? writer.close()
        }
        return pipe.fileHandleForReading
    }

    /// Why `file` cannot be read; for one that does not exist, how to give text instead (`moji
    /// emojify ':tada:'` reads a file named `:tada:`).
    static func unreadable(_ file: String, _ error: any Error) -> CommandFailure {
        var message = "cannot read \(file): \(StandardStreams.reason(error))"
        if !FileManager.default.fileExists(atPath: file) {
            message +=
                ". To give text rather than a file, use --text '\(file.prefix(40))' or pipe it in (echo … | moji …)."
        }
        return CommandFailure(message: message, code: .ioFailure)
    }
}

extension InvalidUTF8Handling: ExpressibleByArgument {}

/// Reads a file handle in chunks through a filter: memory stays at a few chunks however large the input.
enum TextStream {
    static let chunkSize = 1 << 16

    /// Why pumping stopped early.
    enum Failure: Error {
        /// The input is not UTF-8 and the filter was asked to report it.
        case invalidUTF8(InvalidUTF8Error)
        /// Reading the input or writing the output failed.
        case io(CommandFailure)
    }

    static func pump<Filter: UTF8StreamFilter>(
        from handle: FileHandle, named name: String, through filter: inout Filter,
        to output: StandardOutput
    ) throws(Failure) {
        var pending: [UInt8] = []
        pending.reserveCapacity(chunkSize + UTF8StreamFilterLimits.holdback)
        while true {
            let data: Data
            do { data = try StandardStreams.read(handle, named: name, upTo: chunkSize) } catch { throw .io(error) }
            let isFinal = data.isEmpty
            pending.append(contentsOf: data)
            let used: Int
            do {
                used = try pending.withUnsafeBufferPointer { buffer throws(InvalidUTF8Error) in
                    try filter.process(buffer, isFinal: isFinal, into: &output.buffer)
                }
            } catch {
                throw .invalidUTF8(error)
            }
            pending.removeFirst(used)
            do { try output.flushIfFull() } catch { throw .io(error) }
            if isFinal { return }
        }
    }
}

/// Buffered standard output for the text filters; a failed write throws a ``CommandFailure``.
final class StandardOutput {
    var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(TextStream.chunkSize * 2) }

    /// Appends `text`; it is written when the buffer fills (``flushIfFull()``) or at ``flush()``,
    /// which report a failed write.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    func flushIfFull() throws(CommandFailure) {
        if buffer.count >= TextStream.chunkSize { try flush() }
    }

    func flush() throws(CommandFailure) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try StandardStreams.write(Data(buffer))
    }
}
