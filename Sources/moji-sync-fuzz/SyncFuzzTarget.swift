import Foundation
import Moji
import MojiFuzzSupport
import MojiSync

// libFuzzer target for the parsers of untrusted listings that are not plain JSON APIs: the forum
// smilie page (libxml2's HTML parser and the tree walk) and the pack manifests. Build and run with
// Fuzz/run-sync-fuzz.sh (it passes -sanitize=fuzzer,address and -D MOJI_FUZZING, in .build-fuzz).
// The first byte chooses the parser (0: the page, 1: a manifest, anything else: both), so seeds
// of each kind stay valid for their parser while mutations can cross over. Each listing is
// checked against what every source promises; a broken promise stops with a precondition failure.

#if MOJI_FUZZING
    private let pageURL = URL(string: "https://forums.example.com/misc.php?action=showsmilies")

    /// What every listing promises: usable codes, each once (without case), clean texts, the
    /// groups exactly those used, in first-seen order.
    private func check(_ listing: SourceListing) {
        var codes: Set<String> = []
        var groups: [String] = []
        for emoji in listing.emoji {
            precondition(SourceEmoji.problem(inCode: emoji.code) == nil)
            precondition(CustomEmoji.normalizedCode(emoji.code) == emoji.code)
            precondition(codes.insert(emoji.code.lowercased()).inserted)
            precondition(!emoji.image.isEmpty && !emoji.name.isEmpty)
            if let group = emoji.group, !groups.contains(group) { groups.append(group) }
        }
        precondition(groups == listing.groups)
    }

    private func fuzzPage(_ data: Data) {
        guard let listing = try? ForumSmiliePage.listing(html: data, pageURL: pageURL, source: "fuzz") else { return }
        check(listing)
        precondition(!listing.emoji.isEmpty)
        for emoji in listing.emoji {
            let scheme = URL(string: emoji.image)?.scheme?.lowercased()
            precondition(scheme == "http" || scheme == "https")
        }
    }

    private func fuzzManifest(_ data: Data) {
        guard let listing = try? PackManifest.listing(from: data, source: "fuzz") else { return }
        check(listing)
        for emoji in listing.emoji {
            // A manifest's image never leaves the pack.
            precondition(!emoji.image.hasPrefix("/") && !emoji.image.contains("\\"))
            precondition(!emoji.image.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }))
        }
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzSync(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        guard size > 0 else { return 0 }
        let data = Data(bytes: bytes + 1, count: size - 1)
        switch bytes[0] {
        case 0: fuzzPage(data)
        case 1: fuzzManifest(data)
        default:
            fuzzPage(data)
            fuzzManifest(data)
        }
        return 0
    }

    // The entry point SwiftPM links for this module, handed over to libFuzzer (MojiFuzzSupport).
    @_cdecl("moji_sync_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        runLibFuzzer(argc, argv) { data, size in fuzzSync(data, size) }
    }
#else
    @main
    enum SyncFuzzTarget {
        static func main() {
            print("moji-sync-fuzz is a libFuzzer target; build and run it with Fuzz/run-sync-fuzz.sh [seconds]")
        }
    }
#endif
