import Moji
import MojiFuzzSupport

// libFuzzer target for the text scanner, emojify and demojify. Build and run with
// Fuzz/run-text-fuzz.sh (it passes -sanitize=fuzzer and -D MOJI_FUZZING, in .build-fuzz).
// Each input is checked against invariants; a broken one stops with a precondition failure.

#if MOJI_FUZZING
    private let scanner = EmojiScanner.shared
    private let lenient = EmojiScanner.shared.withTextPresentation(.includeUnqualified)
    private let emojifier: Emojifier = {
        var emojifier = Emojifier(convertsEmoticons: true)
        emojifier.register("custom", as: "<custom>")
        return emojifier
    }()
    private let demojifier = Demojifier(preset: .slack)

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let text = String(decoding: bytes, as: UTF8.self)
        for scanner in [scanner, lenient] {
            // Byte scanning: ranges in bounds, non-empty, in order, never overlapping.
            let found = (try? scanner.matches(inUTF8: bytes)) ?? []
            var previousEnd = 0
            for match in found {
                precondition(
                    match.utf8Range.lowerBound >= previousEnd && !match.utf8Range.isEmpty
                        && match.utf8Range.upperBound <= size)
                previousEnd = match.utf8Range.upperBound
            }
            // The String path agrees with the byte path on valid text; RGI matches name their catalog emoji.
            let inText = scanner.matches(in: text)
            if Array(text.utf8) == bytes { precondition(inText == found) }
            for match in inText where match.isRGI {
                // A U+FE0E that ends a sequence belongs to the match but not to the catalog's spelling.
                var written = String(match.text(in: text))
                if written.unicodeScalars.count > 1, written.unicodeScalars.last == "\u{FE0E}" {
                    written.unicodeScalars.removeLast()
                }
                precondition(EmojiCatalog.shared.emoji(for: written) == match.emoji)
            }
            // U+FE0E right after a match belongs to it unless the match already ends with one.
            let selector: [UInt8] = [0xEF, 0xB8, 0x8E]
            for match in found where !bytes[match.utf8Range].reversed().starts(with: selector.reversed()) {
                precondition(!bytes[match.utf8Range.upperBound...].starts(with: selector))
            }
            precondition(scanner.count(in: text) == inText.count)
            precondition(scanner.containsEmoji(text) == !inText.isEmpty)
            let stripped = scanner.strip(text)
            precondition(stripped.utf8.count == text.utf8.count - inText.reduce(0) { $0 + $1.utf8Range.count })
        }
        // Whole-buffer and chunked filtering agree; output is always valid UTF-8.
        let split = size > 0 ? Int(data[0]) % 61 : 0
        for filter in [0, 1] {
            var whole: [UInt8] = []
            var chunked: [UInt8] = []
            if filter == 0 {
                var first = emojifier
                whole = (try? first.process(bytes)) ?? []
                var second = emojifier
                chunked = streamed(&second, bytes, chunk: UTF8StreamFilterLimits.holdback + 1 + split)
                precondition(String(decoding: whole, as: UTF8.self) == emojifier.emojify(text))
            } else {
                var first = demojifier
                whole = (try? first.process(bytes)) ?? []
                var second = demojifier
                chunked = streamed(&second, bytes, chunk: UTF8StreamFilterLimits.holdback + 1 + split)
                precondition(String(decoding: whole, as: UTF8.self) == demojifier.demojify(text))
            }
            precondition(whole == chunked)
            precondition(Array(String(decoding: whole, as: UTF8.self).utf8) == whole)
        }
        return 0
    }

    private func streamed<Filter: UTF8StreamFilter>(_ filter: inout Filter, _ input: [UInt8], chunk size: Int)
        -> [UInt8]
    {
        var pending: [UInt8] = []
        var output: [UInt8] = []
        var offset = 0
        while offset < input.count {
            let next = min(input.count, offset + size)
            pending += input[offset..<next]
            offset = next
            let used =
                (try? pending.withUnsafeBufferPointer { try filter.process($0, isFinal: false, into: &output) }) ?? 0
            pending.removeFirst(used)
        }
        _ = try? pending.withUnsafeBufferPointer { try filter.process($0, isFinal: true, into: &output) }
        return output
    }
    // The entry point SwiftPM links for this module, handed over to libFuzzer (MojiFuzzSupport).
    @_cdecl("moji_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        runLibFuzzer(argc, argv) { data, size in fuzzText(data, size) }
    }
#else
    @main
    enum TextFuzzTarget {
        static func main() {
            print("moji-fuzz is a libFuzzer target; build and run it with Fuzz/run-text-fuzz.sh [seconds]")
        }
    }
#endif
