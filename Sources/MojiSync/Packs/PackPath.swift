import MojiStore

/// The rules for a path inside a pack, shared by the archive's entries and the manifest's image
/// paths: a pack is unpacked nowhere, but its paths still name files, and a path that would leave
/// the pack when unpacked (`../evil.png`, `/etc/passwd`, `C:\x.png`) is never used.
enum PackPath {
    /// `path` with backslashes read as separators (zip tools on Windows write them), empty and
    /// `.` components dropped; or why it cannot be a path inside the pack.
    static func normalized(_ path: String) -> Result<String, Problem> {
        if let problem = StoreText.problem(in: path, maximumLength: StoreText.maximumReferenceLength) {
            return .failure(Problem(reason: problem))
        }
        let slashed = path.replacingOccurrences(of: "\\", with: "/")
        if slashed.hasPrefix("/") {
            return .failure(Problem(reason: "is an absolute path, which would leave the pack"))
        }
        let components = slashed.split(separator: "/", omittingEmptySubsequences: true)
        // A drive letter (`C:`) makes a Windows path absolute.
        if let first = components.first, first.count == 2, first.last == ":", first.first?.isLetter == true {
            return .failure(Problem(reason: "is an absolute path (a drive letter), which would leave the pack"))
        }
        if components.contains("..") {
            return .failure(Problem(reason: "has a `..` component, which would leave the pack"))
        }
        let kept = components.filter { $0 != "." }
        guard !kept.isEmpty else { return .failure(Problem(reason: "names no file")) }
        return .success(kept.joined(separator: "/"))
    }

    /// Why a path is not used.
    struct Problem: Error {
        var reason: String
    }
}
