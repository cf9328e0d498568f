import Foundation
import MojiSpawn
import MojiTestSupport

/// Timing and memory helpers shared by the suites.
enum Measurement {
    /// Monotonic time in microseconds.
    static func nowMicroseconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1000
    }

    /// The value at quantile `q` (0…1) of `samples`, by nearest rank.
    static func quantile(_ samples: [Double], _ q: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// Resident memory of this process in bytes (Linux: /proc/self/statm), nil where unknown.
    static func residentBytes() -> Int? {
        #if canImport(Glibc)
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return nil
        #endif
    }

    /// Page faults this process has taken without reading from disk (first touches of memory).
    static func minorPageFaults() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
            let who = RUSAGE_SELF.rawValue
        #else
            let who = RUSAGE_SELF
        #endif
        return getrusage(who, &usage) == 0 ? Int(usage.ru_minflt) : 0
    }

    /// Rounds to one decimal for printing.
    /// Runs this executable again with `arguments`, a fresh process, and returns what it printed.
    static func runSelf(_ arguments: [String], environment: [String: String]? = nil) throws -> String {
        var executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: executable.path) {
            executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        let pipe = Pipe()
        let process = try SpawnedProcess(
            executable.path, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
            standardOutput: .descriptor(pipe.fileHandleForWriting.fileDescriptor),
            standardError: .descriptor(STDERR_FILENO))
        // The child holds the write end now; closing ours lets the read end at the child's exit.
        try pipe.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readAll()
        _ = process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func rounded(_ value: Double, places: Int = 1) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// Prints one JSON line with keys in a stable order.
    static func report(_ fields: KeyValuePairs<String, Any>) {
        var parts: [String] = []
        for (key, value) in fields {
            let encoded: String
            switch value {
            case let text as String:
                encoded = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
            case let number as Double:
                encoded = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            default:
                encoded = "\(value)"
            }
            parts.append("\"\(key)\":\(encoded)")
        }
        print("{" + parts.joined(separator: ",") + "}")
    }
}
