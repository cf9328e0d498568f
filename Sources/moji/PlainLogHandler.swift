import Foundation
import Logging

/// The log handler `moji` bootstraps swift-log with: a library's message on standard error as it
/// is, as the command's own messages are written, without the timestamp and level of
/// swift-log's stream handler (the request log of `moji serve --log-requests` keeps those: it is
/// made with its own handler). Messages pass through ``DisplayText`` like every other line, so a
/// server's or a file's text cannot drive the terminal.
struct PlainLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    init(label: String) {}

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        StandardStreams.writeError(DisplayText.message("\(event.message)") + "\n")
    }
}
