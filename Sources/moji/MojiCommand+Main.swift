import ArgumentParser
import Foundation
import Logging

extension MojiCommand {
    /// Runs the command line, then checks that what `print` buffered reached standard output,
    /// so a full disk or a closed descriptor fails the command instead of exiting 0.
    static func main() async {
        // Past a file-size limit (`ulimit -f`) a write fails with EFBIG and is reported, instead of
        // the default SIGXFSZ killing the process with the output half written and no message.
        signal(SIGXFSZ, SIG_IGN)
        // A closed pipe (`moji list | head -1`) ends the process quietly through SIGPIPE, as any
        // filter. A parent that ignores SIGPIPE (SwiftNIO does, in every process it runs in) passes
        // that on through exec, and writes would fail with "Broken pipe" instead: restore the
        // default. `moji serve` ignores it again when its server starts.
        signal(SIGPIPE, SIG_DFL)
        // What the libraries log (a catalog passed over, a sync or mirror of `moji serve` that
        // failed) reads as the command's own messages on standard error.
        LoggingSystem.bootstrap(PlainLogHandler.init)
        do {
            var command = try ArgumentList.parse(helpOfDefaultSubcommands(Array(CommandLine.arguments.dropFirst())))
            // A command that waits on the network or a server awaits it here, on no thread of its own.
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            // Without this check, `moji list > /dev/full` would lose its output and exit 0.
            if let reason = PrintedOutput.flush() {
                throw CommandFailure(message: "cannot write standard output: \(reason)", code: .ioFailure)
            }
        } catch let failure as CommandFailure {
            printError(failure.message)
            exit(withError: failure.code)
        } catch {
            let code = exitCode(for: error)
            // Help and --version go to standard output as ArgumentParser writes them.
            guard code != .success, !(error is ExitCode) else { exit(withError: error) }
            // ArgumentParser's own messages quote the arguments too ("Unexpected argument '…'"):
            // the same cut and neutralising as ours.
            StandardStreams.writeError(DisplayText.message(fullMessage(for: error)) + "\n")
            exit(withError: code)
        }
    }

    /// `moji serve --help` as `moji serve run --help`: `moji serve` runs the server, so its help
    /// shows the server's options (--port, --host …), and names `moji serve token` in its text.
    static func helpOfDefaultSubcommands(_ arguments: [String]) -> [String] {
        guard arguments.count == 2, arguments[0] == "serve", ["--help", "-h", "help"].contains(arguments[1]) else {
            return arguments
        }
        return ["serve", "run", "--help"]
    }
}
