/// A transformation of UTF-8 text that runs chunk by chunk, so input of any size needs only a
/// chunk's worth of memory: what the `moji` filters use on standard input.
///
/// ```swift
/// var filter = Emojifier(presets: [.github])
/// var pending: [UInt8] = []
/// for chunk in chunks {                       // e.g. 64 KiB reads
///     pending += chunk
///     var output: [UInt8] = []
///     let used = try pending.withUnsafeBufferPointer { try filter.process($0, isFinal: false, into: &output) }
///     pending.removeFirst(used)               // a possible emoji or :code: at the end waits for more bytes
///     write(output)
/// }
/// // finally: process(pending, isFinal: true, …)
/// ```
public protocol UTF8StreamFilter {
    /// Processes a prefix of `chunk`, appending the result to `output`, and returns how many
    /// bytes of `chunk` it used. Unless `isFinal`, it leaves at most ``UTF8StreamFilterLimits/holdback``
    /// bytes at the end unused, where a sequence may continue in the next chunk; pass them again
    /// at the front of the next call. With `isFinal`, it uses every byte.
    ///
    /// - Throws: ``InvalidUTF8Error`` with the offset from the start of the stream, when asked to report bad bytes.
    mutating func process(_ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, into output: inout [UInt8])
        throws(InvalidUTF8Error) -> Int
}

/// Sizes streams must respect.
public enum UTF8StreamFilterLimits {
    /// The most bytes a filter leaves unused at the end of a chunk; chunks should be much larger.
    public static let holdback = 512
}

extension UTF8StreamFilter {
    /// Processes a whole buffer at once.
    public mutating func process(_ bytes: some Sequence<UInt8>) throws(InvalidUTF8Error) -> [UInt8] {
        var output: [UInt8] = []
        let result: Result<Int, InvalidUTF8Error> = EmojiScanner.withContiguousBytes(bytes) { buffer in
            output.reserveCapacity(buffer.count + buffer.count / 8)
            do throws(InvalidUTF8Error) {
                return .success(try process(buffer, isFinal: true, into: &output))
            } catch {
                return .failure(error)
            }
        }
        _ = try result.get()
        return output
    }

    /// Where a chunk's processing must stop starting new sequences.
    static func limit(of chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool) -> Int {
        isFinal ? chunk.count : max(0, chunk.count - UTF8StreamFilterLimits.holdback)
    }
}

/// Copies verbatim text into an output buffer, checking it is UTF-8 when asked.
struct VerbatimWriter {
    var invalidUTF8: InvalidUTF8Handling
    /// Whether the bytes are already known to be UTF-8 (they come from a `String`).
    var isValidated: Bool
    /// The stream offset of the chunk's first byte.
    var base: Int
    /// Whether the text is escaped for HTML on its way out (see ``Emojifier/escapesHTML``).
    var escapesHTML = false

    /// Appends `p[range]`, replacing or reporting ill-formed sequences unless the input is known to be valid.
    @inline(__always)
    func append(_ p: UnsafePointer<UInt8>, _ range: Range<Int>, count n: Int, to output: inout [UInt8])
        throws(InvalidUTF8Error)
    {
        guard !range.isEmpty else { return }
        if escapesHTML {
            var plain: [UInt8] = []
            try VerbatimWriter(invalidUTF8: invalidUTF8, isValidated: isValidated, base: base)
                .append(p, range, count: n, to: &plain)
            HTMLText.appendEscaped(plain, to: &output)
            return
        }
        if isValidated {
            output.append(contentsOf: UnsafeBufferPointer(start: p + range.lowerBound, count: range.count))
            return
        }
        var copied = range.lowerBound
        var position = range.lowerBound
        while position < range.upperBound {
            if p[position] < 0x80 {
                position += 1
                continue
            }
            let (value, length) = UTF8Codec.scalar(at: position, in: p, count: n)
            if value == UTF8Codec.invalid {
                if invalidUTF8 == .report { throw InvalidUTF8Error(offset: base + position) }
                output.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: position - copied))
                output.append(contentsOf: UTF8Codec.replacementCharacter)
                copied = position + length
            }
            position += length
        }
        output.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: range.upperBound - copied))
    }
}
