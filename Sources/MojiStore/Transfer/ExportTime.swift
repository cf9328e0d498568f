import Foundation

/// Times in an export: ISO 8601 in UTC (`2026-11-22T10:00:00.25Z`), as the API and `--json` write
/// them, with as many fraction digits as the stored number needs to come back exactly, so an
/// import restores every time to the bit. Reads the numbers (seconds since 1970) that exports
/// before format 2 wrote as well.
enum ExportTime {
    /// The text of `seconds` since 1970.
    static func text(secondsSince1970 seconds: Double) -> String { text(seconds, epoch: 0) }

    /// The text of `date`. Counted from 2001, as `Date` keeps it: through seconds since 1970 a
    /// date before 2001 could come back one bit off.
    static func text(_ date: Date) -> String { text(date.timeIntervalSinceReferenceDate, epoch: referenceDate) }

    /// 2001-01-01T00:00:00Z, where `Date` counts from, in seconds since 1970.
    private static let referenceDate: Int64 = 978_307_200

    /// The text of `seconds` counted from `epoch` (seconds since 1970).
    private static func text(_ seconds: Double, epoch: Int64) -> String {
        let whole = seconds.rounded(.down)
        // Exact (Sterbenz: both are within a factor of two of each other) for any time after 1970.
        let fraction = seconds - whole
        let (year, month, day, second) = civil(Int64(whole) + epoch)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
        text += "\(padded(second / 3600, 2)):\(padded(second / 60 % 60, 2)):\(padded(second % 60, 2))"
        if fraction > 0 {
            // The fewest digits whose sum with the whole seconds reads back as the same number: a
            // time the store took from the clock needs about seven ("10:00:00.4987888Z").
            var digits = ""
            for count in 1...60 {
                let candidate = String(format: "%.\(count)f", fraction)
                guard candidate.hasPrefix("0."), let value = Double(candidate), whole + value == seconds else {
                    continue
                }
                digits = String(candidate.dropFirst())
                break
            }
            while digits.hasSuffix("0") { digits.removeLast() }
            text += digits
        }
        return text + "Z"
    }

    /// The seconds since 1970 of `text`, or nil when it is not `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
    static func secondsSince1970(_ text: String) -> Double? {
        parse(text).map { Double($0.whole) + $0.fraction }
    }

    /// The date of `text`, or nil when it is not `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
    static func date(_ text: String) -> Date? {
        parse(text).map { Date(timeIntervalSinceReferenceDate: Double($0.whole - referenceDate) + $0.fraction) }
    }

    /// The whole seconds since 1970 and the fraction of a second that `text` names.
    private static func parse(_ text: String) -> (whole: Int64, fraction: Double)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[4] == UInt8(ascii: "-"),
            bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, number(20..<(bytes.count - 1)) != nil,
                let parsed = Double("0" + String(decoding: bytes[19..<(bytes.count - 1)], as: UTF8.self))
            else { return nil }
            fraction = parsed
        }
        let days = daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day))
        return (days * 86_400 + Int64(hour * 3600 + minute * 60 + second), fraction)
    }

    /// A `JSONEncoder` date strategy writing ``text(secondsSince1970:)``.
    static let encoding = JSONEncoder.DateEncodingStrategy.custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(text(date))
    }

    /// A `JSONDecoder` date strategy reading the text, or a number of seconds since 1970.
    static let decoding = JSONDecoder.DateDecodingStrategy.custom { decoder in
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
        let text = try container.decode(String.self)
        guard let date = date(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text.prefix(64))' is not a time like 2026-11-22T10:00:00Z")
        }
        return date
    }

    // Howard Hinnant's days-from-civil and civil-from-days, in the proleptic Gregorian calendar.

    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(_ seconds: Int64) -> (year: Int64, month: Int64, day: Int64, second: Int64) {
        var days = seconds / 86_400
        var second = seconds % 86_400
        if second < 0 {
            second += 86_400
            days -= 1
        }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, second)
    }
}
