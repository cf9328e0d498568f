import ArgumentParser
import Foundation
import Moji

/// Options of the commands that read text: `find`, `count`, `strip`, `emojify`, `demojify`.
struct TextFilterOptions: ParsableArguments {
    @Argument(help: "Files to read (default: standard input; - also means standard input).")
    var files: [String] = []

    @Option(name: .customLong("invalid-utf8"), help: "What to do with bytes that are not UTF-8: replace (with U+FFFD) or report (exit 3).")
    var invalidUTF8: InvalidUTF8Handling = .replace

    @Flag(name: .long, help: "Also count a lone text-default character without U+FE0F (©, ❤, ☺) as an unqualified emoji.")
    var includeUnqualified = false

    /// The scanner these options ask for.
    var scanner: EmojiScanner {
        EmojiScanner.shared.withTextPresentation(includeUnqualified ? .includeUnqualified : .requireEmojiPresentation)
    }

    /// Runs `filter` over each input in turn, writing its output to standard output as it goes.
    /// `filter` is made afresh for each input, so offsets count from the start of each file.
    func run<Filter: UTF8StreamFilter>(_ makeFilter: (_ file: String?) -> Filter) throws {
        let output = StandardOutput()
        for file in files.isEmpty ? ["-"] : files {
            var filter = makeFilter(file == "-" ? nil : file)
            let handle: FileHandle
            if file == "-" {
                handle = FileHandle.standardInput
            } else {
                guard let opened = FileHandle(forReadingAtPath: file) else {
                    throw CommandFailure(message: "cannot read \(file): no such file or no permission", code: .notFound)
                }
                handle = opened
            }
            defer { if file != "-" { try? handle.close() } }
            do {
                try TextStream.pump(from: handle, through: &filter, to: output)
            } catch let error as InvalidUTF8Error {
                output.flush()
                throw CommandFailure(message: "\(file == "-" ? "standard input" : file): \(error)", code: .invalidInput)
            }
        }
        output.flush()
    }
}

extension InvalidUTF8Handling: ExpressibleByArgument {}

extension ExitCode {
    /// Exit code for input that is not UTF-8, when asked to report it.
    static let invalidInput = ExitCode(3)
}

/// Reads a file handle in chunks through a filter: memory stays at a few chunks however large the input.
enum TextStream {
    static let chunkSize = 1 << 16

    static func pump<Filter: UTF8StreamFilter>(from handle: FileHandle, through filter: inout Filter, to output: StandardOutput) throws {
        var pending: [UInt8] = []
        pending.reserveCapacity(chunkSize + UTF8StreamFilterLimits.holdback)
        while true {
            let data = handle.readData(ofLength: chunkSize)
            let isFinal = data.isEmpty
            pending.append(contentsOf: data)
            let used = try pending.withUnsafeBufferPointer { buffer throws(InvalidUTF8Error) in
                try filter.process(buffer, isFinal: isFinal, into: &output.buffer)
            }
            pending.removeFirst(used)
            output.flushIfFull()
            if isFinal { return }
        }
    }
}

/// Buffered standard output for the text filters.
final class StandardOutput {
    var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(TextStream.chunkSize * 2) }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushIfFull()
    }

    func flushIfFull() {
        if buffer.count >= TextStream.chunkSize { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
