import Foundation
import Testing

/// A command line of tens of thousands of arguments is parsed in time linear in its length
/// (``ArgumentList``): swift-argument-parser alone took 11 s for `moji search` with 22,000 words,
/// and minutes in a debug build. These tests would not finish in reasonable time without it.
@Suite("long argument lists")
struct LongArgumentListTests {
    let shell = ShellCommand()

    @Test("search with 22,000 words finishes and answers as for the first words")
    func search() async throws {
        defer { shell.removeHome() }
        let many = try await shell.run(#""$MOJI" search --limit 3 party $(yes popper | head -n 22000)"#)
        let few = try await shell.run(#""$MOJI" search --limit 3 party $(yes popper | head -n 15)"#)
        #expect(many.status == 0, "\(many.errors.prefix(300))")
        #expect(!many.output.isEmpty && many.output == few.output)
    }

    @Test("every argument of a long list is used: count over 5,000 files, use of 2,000 emoji")
    func everyArgumentCounts() async throws {
        defer { shell.removeHome() }
        let setup = #"mkdir -p "$MOJI_HOME" && printf '🎉 👍\n' > "$MOJI_HOME/two.txt" && cd "$MOJI_HOME" && "#
        let count = try await shell.run(setup + #""$MOJI" count --json $(yes two.txt | head -n 5000)"#)
        #expect(count.status == 0, "\(count.errors.prefix(300))")
        #expect(count.output.contains(#""count" : 10000"#), "\(count.output.prefix(200))")
        let use = try await shell.run(
            #""$MOJI" use --json $(yes 🎉 | head -n 1000) $(yes 👍 | head -n 1000) > /dev/null && "#
                + #""$MOJI" most-used"#)
        #expect(use.status == 0, "\(use.errors.prefix(300))")
        #expect(use.output.hasPrefix("👍\tthumbs up\tscore") && use.output.contains("uses 1000"), "\(use.output)")
    }

    @Test("options among the first words of a long list still apply")
    func optionsBeforeTheList() async throws {
        defer { shell.removeHome() }
        let outcome = try await shell.run(#""$MOJI" collections add work --at 1 $(yes 🎉 | head -n 100) 🚀 --json"#)
        #expect(outcome.status == 0, "\(outcome.errors.prefix(300))")
        let list = try await shell.run(#""$MOJI" collections show work"#)
        #expect(list.output == "work\n1.\t🎉\tparty popper\n2.\t🚀\trocket\n", "\(list.output)")
    }
}
