import ArgumentParser
import Foundation
import Moji
import MojiSpawn
import MojiTestSupport

/// `text`: finding emoji, `:shortcode:` → emoji and emoji → `:shortcode:` on a chat-like corpus,
/// side by side with the Python `emoji` package (2.16) on the same bytes in the same run.
struct TextBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Emoji in text: Moji against Python's emoji package (find, emojize, demojize).",
        discussion: """
            The corpus comes from Benchmarks/make-text-corpus.py (generated when missing). The \
            emojize input is the corpus demojified with GitHub codes. Python's `emoji` 2.16.0 is \
            installed with pip when missing. Prints one JSON line per operation with MB/s and the ratio.
            """
    )

    @Option(help: "The corpus file (generated when missing).")
    var corpus: String = ".build/text-corpus.txt"

    @Option(help: "The corpus script.")
    var script: String = "Benchmarks/make-text-corpus.py"

    @Option(help: "The Python interpreter.")
    var python: String = "python3"

    @Option(help: "Timed runs per operation for Moji (best is reported).")
    var runs: Int = 5

    @Option(name: .customLong("python-runs"), help: "Timed runs per operation for Python (best is reported).")
    var pythonRuns: Int = 1

    @Flag(name: .customLong("skip-python"), help: "Time Moji only.")
    var skipPython = false

    static let emojiVersion = "2.16.0"

    func run() throws {
        if !FileManager.default.fileExists(atPath: corpus) {
            let status = try Self.execute(python, [script, "--output", corpus]).status
            guard status == 0 else { throw ValidationError("\(script) failed; run it by hand to see why") }
        }
        guard let data = FileManager.default.contents(atPath: corpus) else {
            throw ValidationError("cannot read \(corpus)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let scanner = EmojiScanner.shared
        let emojifier = Emojifier(presets: [.github])
        let demojifier = Demojifier(preset: .github)
        let aliasText = demojifier.demojify(text)
        let aliasPath = corpus + ".github.txt"
        try Data(aliasText.utf8).write(to: URL(fileURLWithPath: aliasPath))

        let find = best { scanner.matches(in: text).count }
        let emojize = best { emojifier.emojify(aliasText).utf8.count }
        let demojize = best { demojifier.demojify(text).utf8.count }

        var pythonResults: [String: (seconds: Double, count: Int)] = [:]
        if !skipPython {
            try ensureEmojiPackage()
            pythonResults = try runPython(corpus: corpus, alias: aliasPath)
        }
        let megabytes = Double(text.utf8.count) / 1_000_000
        let aliasMegabytes = Double(aliasText.utf8.count) / 1_000_000
        for (op, python, moji, size) in [
            ("find", "emoji_list", find, megabytes), ("emojize", "emojize(language='alias')", emojize, aliasMegabytes),
            ("demojize", "demojize(language='alias')", demojize, megabytes),
        ] {
            let mojiRate = size / moji.seconds
            if let measured = pythonResults[op] {
                let pythonRate = size / measured.seconds
                Measurement.report([
                    "suite": "text", "op": op, "python": python, "input_mb": Measurement.rounded(size, places: 2),
                    "moji_mb_s": Measurement.rounded(mojiRate),
                    "python_mb_s": Measurement.rounded(pythonRate, places: 2),
                    "ratio": Measurement.rounded(mojiRate / pythonRate), "moji_result": moji.count,
                    "python_result": measured.count,
                ])
            } else {
                Measurement.report([
                    "suite": "text", "op": op, "input_mb": Measurement.rounded(size, places: 2),
                    "moji_mb_s": Measurement.rounded(mojiRate), "moji_result": moji.count,
                ])
            }
        }
    }

    /// The fastest of `runs` timings of `body`, and its result (a count, to compare with Python's).
    private func best(_ body: () -> Int) -> (seconds: Double, count: Int) {
        var fastest = Double.infinity
        var count = 0
        for _ in 0..<max(1, runs) {
            let start = Measurement.nowMicroseconds()
            count = body()
            fastest = min(fastest, (Measurement.nowMicroseconds() - start) / 1_000_000)
        }
        return (fastest, count)
    }

    private func ensureEmojiPackage() throws {
        let check = try Self.execute(python, ["-c", "import emoji; print(emoji.__version__)"], capture: true)
        if check.status == 0 && check.output.trimmingCharacters(in: .whitespacesAndNewlines) == Self.emojiVersion {
            return
        }
        try? FileHandle.standardError.write(
            contentsOf: Data("moji-bench: installing emoji==\(Self.emojiVersion) with pip\n".utf8))
        let install = try Self.execute(python, ["-m", "pip", "install", "--quiet", "emoji==\(Self.emojiVersion)"])
        guard install.status == 0 else {
            throw ValidationError(
                "could not install emoji==\(Self.emojiVersion); install it (pip install emoji==\(Self.emojiVersion)) or pass --skip-python"
            )
        }
    }

    private static let pythonScript = """
        import json, sys, time
        import emoji
        corpus = open(sys.argv[1], encoding="utf-8").read()
        alias = open(sys.argv[2], encoding="utf-8").read()
        runs = int(sys.argv[3])
        emoji.emoji_list("👍 warm-up"); emoji.emojize(":+1:", language="alias"); emoji.demojize("👍", language="alias")
        def best(op, body):
            fastest, result = float("inf"), None
            for _ in range(runs):
                start = time.perf_counter()
                result = body()
                fastest = min(fastest, time.perf_counter() - start)
            print(json.dumps({"op": op, "seconds": fastest, "count": result}), flush=True)
        best("find", lambda: len(emoji.emoji_list(corpus)))
        best("emojize", lambda: len(emoji.emojize(alias, language="alias").encode("utf-8")))
        best("demojize", lambda: len(emoji.demojize(corpus, language="alias").encode("utf-8")))
        """

    private func runPython(corpus: String, alias: String) throws -> [String: (seconds: Double, count: Int)] {
        let scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent("moji-bench-text-\(getpid()).py")
        try Data(Self.pythonScript.utf8).write(to: scriptURL)
        defer { try? FileManager.default.removeItem(at: scriptURL) }
        let result = try Self.execute(python, [scriptURL.path, corpus, alias, String(pythonRuns)], capture: true)
        guard result.status == 0 else { throw ValidationError("the Python benchmark failed") }
        var measured: [String: (Double, Int)] = [:]
        for line in result.output.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let op = object["op"] as? String, let seconds = object["seconds"] as? Double,
                let count = object["count"] as? Int
            else { continue }
            measured[op] = (seconds, count)
        }
        return measured
    }

    private static func execute(_ program: String, _ arguments: [String], capture: Bool = false) throws -> (
        status: Int32, output: String
    ) {
        let pipe = Pipe()
        let process = try SpawnedProcess(
            "/usr/bin/env", [program] + arguments, environment: ProcessInfo.processInfo.environment,
            standardOutput: .descriptor(capture ? pipe.fileHandleForWriting.fileDescriptor : STDOUT_FILENO),
            standardError: .descriptor(STDERR_FILENO))
        try pipe.fileHandleForWriting.close()
        let data = capture ? pipe.fileHandleForReading.readAll() : Data()
        let termination = process.waitUntilExit()
        // A signal's end as a shell reports it.
        let status = termination.bySignal ? 128 + termination.status : termination.status
        return (status, String(decoding: data, as: UTF8.self))
    }
}
