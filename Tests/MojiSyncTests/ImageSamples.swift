import Foundation

@testable import MojiSync

// Tiny valid images of every format the cache takes, written byte by byte, for the inspector,
// cache and sync tests.

extension Array where Element == UInt8 {
    mutating func u16BE(_ value: Int) {
        append(contentsOf: [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
    mutating func u16LE(_ value: Int) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)])
    }
    mutating func u24LE(_ value: Int) {
        append(contentsOf: (0..<3).map { UInt8(value >> ($0 * 8) & 0xFF) })
    }
    mutating func u32BE(_ value: UInt32) {
        append(contentsOf: (0..<4).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) })
    }
    mutating func u32LE(_ value: UInt32) {
        append(contentsOf: (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) })
    }
    mutating func ascii(_ text: String) { append(contentsOf: Array(text.utf8)) }
}

/// CRC-32 as PNG uses it, so the crafted PNGs are valid for any decoder, not only for the
/// inspector; table-driven, as some test images hold megabytes.
private let crcTable: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    return crc
}

func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return ~crc
}

func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    var chunk: [UInt8] = []
    chunk.u32BE(UInt32(data.count))
    let body = Array(type.utf8) + data
    chunk += body
    chunk.u32BE(crc32(body))
    return chunk
}

/// A PNG of the given size; with `frames`, an APNG whose acTL comes before the first IDAT.
/// `payload` is appended to the image data, to make large files (the inspector never inflates).
func png(
    width: UInt32, height: UInt32, frames: UInt32? = nil, acTLAfterIDAT: Bool = false, payload: [UInt8] = []
) -> [UInt8] {
    var ihdr: [UInt8] = []
    ihdr.u32BE(width)
    ihdr.u32BE(height)
    ihdr += [8, 6, 0, 0, 0]  // 8-bit RGBA, deflate, adaptive filtering, no interlace
    var bytes = ImageInspector.pngSignature + pngChunk("IHDR", ihdr)
    var actl: [UInt8] = []
    actl.u32BE(frames ?? 1)
    actl.u32BE(0)
    func fctl(_ sequence: UInt32) -> [UInt8] {
        var data: [UInt8] = []
        for value in [sequence, width, height, 0, 0] { data.u32BE(value) }
        return data + [0, 1, 0, 100, 0, 0]
    }
    if frames != nil, !acTLAfterIDAT {
        bytes += pngChunk("acTL", actl) + pngChunk("fcTL", fctl(0))
    }
    // A zlib stream of one stored block: not a valid image for this size, but the inspector never inflates.
    bytes += pngChunk("IDAT", [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01] + payload)
    if acTLAfterIDAT { bytes += pngChunk("acTL", actl) }
    if let frames, !acTLAfterIDAT, frames > 1 {
        for frame in 1..<frames {
            bytes += pngChunk("fcTL", fctl(frame * 2 - 1))
            var fdat: [UInt8] = []
            fdat.u32BE(frame * 2)
            bytes += pngChunk("fdAT", fdat + [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01])
        }
    }
    return bytes + pngChunk("IEND", [])
}

/// A GIF89a that loops, with a two-colour global table and `frames` 1 × 1 frames.
func gif(width: Int, height: Int, frames: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.ascii("GIF89a")
    bytes.u16LE(width)
    bytes.u16LE(height)
    bytes += [0x80, 0, 0]  // a global colour table of 2 entries
    bytes += [0, 0, 0, 0xFF, 0xFF, 0xFF]
    bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    bytes += [0x21, 0xFE, 5] + Array("hello".utf8) + [0]  // a comment, sub-blocks to skip
    for _ in 0..<frames {
        bytes += [0x21, 0xF9, 4, 0x04, 10, 0, 0, 0]  // graphic control: 0.1 s
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]  // image descriptor, 1 × 1, no local table
        bytes += [2, 2, 0x4C, 0x01, 0]  // LZW minimum code size 2, one sub-block, terminator
    }
    return bytes + [0x3B]
}

/// A JPEG with JFIF, a quantization table, fill bytes before the frame header, and one scan
/// (baseline, `0xC0`) or two (progressive, `0xC2`) whose data holds stuffed zeros and a restart.
func jpeg(width: Int, height: Int, frameMarker: UInt8 = 0xC0) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
    bytes += [0xFF, 0xFF, 0xFF, frameMarker, 0x00, 0x11, 8]  // fill bytes, then SOFn of 17 bytes
    bytes.u16BE(height)
    bytes.u16BE(width)
    bytes += [3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0]
    bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00] + [UInt8](repeating: 0, count: 15) + [0x00, 0x00]
    let scans = frameMarker == 0xC2 ? 2 : 1
    for _ in 0..<scans {
        bytes += [0xFF, 0xDA, 0x00, 0x0C, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0]
        bytes += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xFF, 0x00, 0x78]
    }
    return bytes + [0xFF, 0xD9]
}

func riff(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    var body: [UInt8] = []
    body.ascii("WEBP")
    for (name, data) in chunks {
        body.ascii(name)
        body.u32LE(UInt32(data.count))
        body += data
        if data.count % 2 == 1 { body.append(0) }
    }
    var bytes: [UInt8] = []
    bytes.ascii("RIFF")
    bytes.u32LE(UInt32(body.count))
    return bytes + body
}

func vp8(width: Int, height: Int) -> [UInt8] {
    var data: [UInt8] = [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A]  // key frame tag, start code
    // The top two bits of each are an upscaling hint the size must not include.
    data.u16LE(width | 0x4000)
    data.u16LE(height | 0xC000)
    return data + [0x00, 0x10, 0x27, 0x00]
}

func vp8l(width: Int, height: Int) -> [UInt8] {
    var data: [UInt8] = [0x2F]
    data.u32LE(UInt32(width - 1) | UInt32(height - 1) << 14 | 1 << 28)
    return data + [0x00, 0x00, 0x00]
}

func animatedWebP(width: Int, height: Int, frames: Int) -> [UInt8] {
    var vp8x: [UInt8] = [0x12, 0, 0, 0]  // animation and alpha
    vp8x.u24LE(width - 1)
    vp8x.u24LE(height - 1)
    var chunks: [(String, [UInt8])] = [("VP8X", vp8x), ("ANIM", [0, 0, 0, 0, 0, 0])]
    for _ in 0..<frames {
        var anmf: [UInt8] = []
        anmf.u24LE(0)
        anmf.u24LE(0)
        anmf.u24LE(width - 1)
        anmf.u24LE(height - 1)
        anmf.u24LE(100)
        anmf.append(0)
        let image = vp8l(width: width, height: height)
        anmf.ascii("VP8L")
        anmf.u32LE(UInt32(image.count))
        anmf += image + [0]
        chunks.append(("ANMF", anmf))
    }
    return riff(chunks)
}

/// A lossless WebP (`VP8L`) of the given size.
func webp(width: Int, height: Int) -> [UInt8] {
    riff([("VP8L", vp8l(width: width, height: height))])
}
