import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a child's pipe without Foundation's `availableData` and `readDataToEndOfFile()`: on
/// Linux both end the whole process with a fatal error when `read` is interrupted by a
/// signal (EINTR), which happens when another child exits at the same moment. These
/// retry the read instead, and report a real read error as an empty end.
extension FileHandle {
    /// What is available now, waiting for at least one byte; empty at the end of the pipe.
    public func readAvailable() -> Data {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { readDescriptor(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            return count > 0 ? Data(buffer[0..<count]) : Data()
        }
    }

    /// Everything up to the end of the pipe.
    public func readAll() -> Data {
        var data = Data()
        while true {
            let chunk = readAvailable()
            if chunk.isEmpty { return data }
            data.append(chunk)
        }
    }
}

/// The system's `read`, named apart from `FileHandle`'s own `read` methods.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
