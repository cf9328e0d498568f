import Foundation
import Testing

/// Every ```swift block of README.md must be in one of this folder's test files, so the README
/// shows only code that compiles and does what its comments say.
@Suite("README code blocks are tested")
struct ReadmeDriftTests {
    /// This test folder and the README beside the package.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let readme = folder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// One ```swift block: where it starts in the README and its lines.
    struct Block {
        var line: Int
        var lines: [String]
    }

    /// The ```swift blocks of a Markdown text.
    static func swiftBlocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for (offset, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.lines.append(String(line))
                    current = block
                }
            } else if trimmed == "```swift" {
                current = Block(line: offset + 1, lines: [])
            }
        }
        return blocks
    }

    /// A line as compared: runs of white space folded to one space, none at either end, so the
    /// README may align its comments while the formatter spaces the tests' its own way.
    static func normalized(_ line: some StringProtocol) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// How many of `block`'s non-blank lines appear in `source`, in order (other lines may come
    /// between them: the tests' own set-up and `#expect` lines), before the first that does not.
    static func matchedCount(of block: [String], in source: [String]) -> Int {
        var position = source.startIndex
        var matched = 0
        for line in block {
            guard let found = source[position...].firstIndex(of: line) else { break }
            matched += 1
            position = found + 1
        }
        return matched
    }

    @Test("every swift block of README.md appears line by line, in order, in a test of Tests/ReadmeTests")
    func blocksAreTested() throws {
        let markdown = try String(contentsOf: Self.readme, encoding: .utf8)
        let blocks = Self.swiftBlocks(in: markdown)
        #expect(!blocks.isEmpty, "no ```swift block found in \(Self.readme.path)")
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        let sources = try files.map { file in
            try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(Self.normalized)
        }
        for (number, block) in blocks.enumerated() {
            let lines = block.lines.map(Self.normalized).filter { !$0.isEmpty }
            let counts = sources.map { Self.matchedCount(of: lines, in: $0) }
            guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] < lines.count else {
                continue
            }
            Issue.record(
                """
                README.md swift block \(number + 1) (line \(block.line)) is not in the README tests: \
                its line "\(lines[counts[best]])" does not follow the earlier ones in \
                Tests/ReadmeTests/\(files[best]). \
                Update that test with the README's lines (in order, verbatim but for white space), \
                or the README.
                """)
        }
    }

    @Test("the block check finds lines in order with other lines between, and notices a missing or moved line")
    func matching() {
        let source = ["import Moji", "@Test func f() {", "let a = 1", "#expect(a == 1)", "a + 1  // 2", "}"]
        #expect(Self.matchedCount(of: ["import Moji", "let a = 1", "a + 1  // 2"], in: source) == 3)
        #expect(Self.matchedCount(of: ["let a = 1", "a + 2  // 3"], in: source) == 1)
        #expect(Self.matchedCount(of: ["a + 1  // 2", "let a = 1"], in: source) == 1)
        let blocks = Self.swiftBlocks(in: "text\n```swift\n  let a = 1\n\na\n```\n```sh\nls\n```\n")
        #expect(blocks.map(\.line) == [2])
        #expect(blocks.first?.lines == ["  let a = 1", "", "a"])
    }

    @Test("the set-up paragraph names every system package script/bootstrap installs")
    func bootstrapPackagesNamed() throws {
        let package = Self.readme.deletingLastPathComponent()
        let bootstrap = try String(contentsOf: package.appendingPathComponent("script/bootstrap"), encoding: .utf8)
        let line = try #require(bootstrap.split(separator: "\n").first { $0.hasPrefix("needed=(") })
        let packages = line.dropFirst("needed=(".count).prefix { $0 != ")" }.split(separator: " ").map(String.init)
        #expect(packages.count >= 7, "\(packages)")
        let markdown = try String(contentsOf: Self.readme, encoding: .utf8)
        let setUp = try #require(
            markdown.components(separatedBy: "## Set-up").dropFirst().first?.components(separatedBy: "\n## ").first)
        for name in packages {
            #expect(
                setUp.contains("`\(name)`"), "README.md's set-up does not name \(name), which script/bootstrap installs"
            )
        }
    }
}
