import Foundation

/// Where the tests find the `moji` executable they drive as a child process.
public enum MojiExecutable {
    /// The `moji` built beside the test bundle (`.build/<triple>/debug/moji`), else in the
    /// package's default build folder.
    public static let url: URL = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            packageRoot.appendingPathComponent(".build/debug"),
        ]
        let directory =
            candidates.first {
                FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("moji").path)
            } ?? candidates[2]
        return directory.appendingPathComponent("moji")
    }()
}
