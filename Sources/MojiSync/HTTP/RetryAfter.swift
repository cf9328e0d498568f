import Foundation

/// `Retry-After` as a date: delay-seconds (`120`) or an HTTP-date in any of the three forms RFC 9110
/// accepts (`Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT`, `Sun Nov  6 08:49:37 1994`).
enum RetryAfter {
    static func date(from value: String, now: Date) -> Date? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            // A huge number is a server's mistake, not a reason to stop for centuries: a day at most.
            let seconds = min(Double(text) ?? 0, 24 * 3600)
            return now.addingTimeInterval(seconds)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let squeezed = text.split(separator: " ").joined(separator: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: squeezed) { return date }
        }
        return nil
    }
}
