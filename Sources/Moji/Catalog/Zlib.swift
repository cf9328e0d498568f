import CMojiZlib

/// zlib streams, in which the catalog stores its locale files (text compresses about five-fold,
/// which keeps every CLDR locale within the package's size budget).
package enum Zlib {
    /// The first byte of a zlib stream at the compression levels zlib writes (CMF 0x78).
    static let magic: UInt8 = 0x78

    /// Inflates a complete zlib stream.
    ///
    /// The two-byte zlib header is checked here and the deflate data inflated raw, so zlib does
    /// not compute the Adler-32 of the output (a fifth of inflating a locale file): the trailing
    /// checksum is not verified. Damaged deflate data still fails to inflate in most cases.
    package static func inflate(_ input: [UInt8]) -> [UInt8]? {
        var damage = 0
        return inflate(input, damageOffset: &damage)
    }

    /// Inflates a complete zlib stream; when it cannot, `damageOffset` is the byte offset of the
    /// input where inflating stopped (0 for a bad header), for ``CatalogError``.
    package static func inflate(_ input: [UInt8], damageOffset: inout Int) -> [UInt8]? {
        let headerSize = 2
        damageOffset = 0
        // CMF: deflate with a window of at most 32 KB; FLG: no preset dictionary; both a multiple of 31.
        guard input.count > headerSize, input[0] & 0x0F == 8, input[0] >> 4 <= 7, input[1] & 0x20 == 0,
            (Int(input[0]) << 8 | Int(input[1])) % 31 == 0
        else { return nil }
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        // Left uninitialized (inflate writes every byte that is kept): text inflates to three
        // to nine times its size, and pages never written are never touched.
        var output = [UInt8](unsafeUninitializedCapacity: max(4096, input.count * 8)) { buffer, count in
            count = buffer.count
        }
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress! + headerSize)
            stream.avail_in = UInt32(source.count - headerSize)
            while status == Z_OK {
                if Int(stream.total_out) == output.count {
                    output.append(contentsOf: [UInt8](repeating: 0, count: output.count))
                }
                let produced = Int(stream.total_out)
                status = output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress! + produced
                    stream.avail_out = UInt32(target.count - produced)
                    return CMojiZlib.inflate(&stream, Z_NO_FLUSH)
                }
            }
        }
        guard status == Z_STREAM_END else {
            damageOffset = min(headerSize + Int(stream.total_in), input.count)
            return nil
        }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// Deflates `input` at the best compression; the same input always gives the same bytes.
    package static func deflate(_ input: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { target in
            input.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), Z_BEST_COMPRESSION)
            }
        }
        precondition(status == Z_OK, "zlib compress2 failed with \(status)")
        output.removeSubrange(Int(length)...)
        return output
    }
}
