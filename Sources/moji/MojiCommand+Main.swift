import ArgumentParser
import Foundation

extension MojiCommand {
    /// Runs the command line, then checks that what `print` buffered reached standard output,
    /// so a full disk or a closed descriptor fails the command instead of exiting 0.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            // Without this check, `moji list > /dev/full` would lose its output and exit 0.
            if let reason = PrintedOutput.flush() {
                throw CommandFailure(message: "cannot write standard output: \(reason)", code: .ioFailure)
            }
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("moji: \(failure.message)\n".utf8))
            exit(withError: failure.code)
        } catch {
            exit(withError: error)
        }
    }
}
