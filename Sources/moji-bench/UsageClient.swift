import Foundation
import Moji

/// One client of the many-instance serve benchmark: one user, one fixed sequence of uses, sent one
/// after the other over one keep-alive connection on a thread of its own, so the order of the
/// user's uses is known exactly. When its instance stops answering it moves on to the next one, as
/// a load balancer would, without sending again the request that got no answer.
final class UsageClient: @unchecked Sendable {
    /// Each request's fate.
    enum Outcome: Equatable {
        case notSent
        /// An answer with this status.
        case answered(Int)
        /// The connection failed while the request was out: it may or may not have been recorded.
        case uncertain
        /// No connection could be made: it was not recorded.
        case refused
    }

    let user: String
    /// Indices into the benchmark's emoji, in the order they are sent.
    let sequence: [Int]
    private let requests: [[UInt8]]
    private let ports: [Int]
    private let uses: UseProgress
    /// Written by the client's thread only; read once it has finished.
    private(set) var outcomes: [Outcome]
    private(set) var latencies: [Double] = []
    /// 2xx answers whose use count was not the one this client's own sequence gives.
    private(set) var wrongAnswers = 0
    private(set) var firstError: String?
    /// The first answer that was not 2xx: its status and the start of its body, to say why.
    private(set) var firstFailedAnswer: String?

    /// `requests[i]` is the whole HTTP request that records emoji `i`; `ports` are tried in order.
    init(user: String, sequence: [Int], requests: [[UInt8]], ports: [Int], uses: UseProgress) {
        self.user = user
        self.sequence = sequence
        self.requests = requests
        self.ports = ports
        self.uses = uses
        outcomes = Array(repeating: .notSent, count: sequence.count)
        latencies.reserveCapacity(sequence.count)
    }

    var connectionErrors: Int { outcomes.filter { $0 == .uncertain || $0 == .refused }.count }

    func run() {
        var connection: LoopbackHTTPConnection?
        var portIndex = 0
        // The use count each emoji had in the last answer, and an uncertain use of it not yet resolved.
        var known = [Int](repeating: 0, count: requests.count)
        var pending: Int?
        for (index, emoji) in sequence.enumerated() {
            guard portIndex < ports.count else { break }
            let started = Measurement.nowMicroseconds()
            let reused = connection != nil
            do throws(LoopbackHTTPConnection.Failure) {
                if connection == nil { connection = try LoopbackHTTPConnection(port: ports[portIndex]) }
                guard let open = connection else { break }
                let answer = try open.exchange(requests[emoji])
                latencies.append(Measurement.nowMicroseconds() - started)
                outcomes[index] = .answered(answer.status)
                guard (200..<300).contains(answer.status) else {
                    if firstFailedAnswer == nil {
                        firstFailedAnswer =
                            "\(answer.status) \(String(decoding: answer.body.prefix(300), as: UTF8.self))"
                    }
                    continue
                }
                uses.acknowledge()
                let count = Self.useCount(in: answer.body)
                let expected = known[emoji] + 1
                if count == expected || (pending == emoji && count == expected + 1) {
                    if pending == emoji { pending = nil }
                } else {
                    wrongAnswers += 1
                }
                known[emoji] = count ?? expected
            } catch {
                // Sent on a connection that was open: the server may have recorded it before it died.
                outcomes[index] = reused || connection != nil ? .uncertain : .refused
                if outcomes[index] == .uncertain { pending = emoji }
                if firstError == nil { firstError = error.description }
                connection = nil
                portIndex += 1
            }
        }
    }

    private static let usesKey: [UInt8] = Array("\"uses\":".utf8)

    /// The `uses` of a ``/MojiRepresentations/UsageSummary`` body, without decoding the rest.
    static func useCount(in body: [UInt8]) -> Int? {
        guard body.count > usesKey.count else { return nil }
        for start in 0...(body.count - usesKey.count) where body[start] == usesKey[0] {
            guard body[start..<(start + usesKey.count)].elementsEqual(usesKey) else { continue }
            var value = 0
            var index = start + usesKey.count
            var digits = 0
            while index < body.count, (48...57).contains(body[index]) {
                value = value * 10 + Int(body[index] - 48)
                index += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
        return nil
    }
}

/// How many uses all clients have had acknowledged so far: what the benchmark watches to kill an
/// instance in the middle of the load.
final class UseProgress: Sendable {
    private let count = Locked(0)

    func acknowledge() { count.withLock { $0 += 1 } }
    var acknowledged: Int { count.withLock { $0 } }
}
