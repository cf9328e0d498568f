/// Tells what bytes that are no accepted image look like, so the message says "HTML" rather
/// than "not an image" when a server sent its error page.
enum NonImageSniffer {
    static func content(of bytes: [UInt8]) -> ImageError.Content {
        if bytes.isEmpty { return .empty }
        if let name = unsupportedImage(bytes) { return .unsupportedImage(name) }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[start]) { start += 1 }
        let head = String(decoding: bytes[start...].prefix(1024), as: UTF8.self).lowercased()
        if head.hasPrefix("<?xml") || head.hasPrefix("<svg") {
            return head.contains("<svg") ? .svg : head.contains("<html") ? .html : .xml
        }
        if head.hasPrefix("<") { return .html }
        if head.hasPrefix("{") || head.hasPrefix("[") { return .json }
        if start == bytes.count { return .text }
        let sample = bytes[start...].prefix(512)
        // Binary formats have control bytes early; text has none but tabs and line ends.
        if sample.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || [0x09, 0x0A, 0x0D].contains($0) }) { return .text }
        return .unknown
    }

    /// Other image formats people may try, named so the message says which one.
    private static func unsupportedImage(_ bytes: [UInt8]) -> String? {
        let reader = ByteReader(bytes: bytes)
        if reader.matches([0x42, 0x4D], at: 0) && bytes.count >= 26 && reader.matches([0, 0], at: 6) { return "BMP" }
        if reader.matches(Array("II*\u{0}".utf8), at: 0) || reader.matches(Array("MM\u{0}*".utf8), at: 0) {
            return "TIFF"
        }
        if reader.matches([0, 0, 1, 0], at: 0) && bytes.count >= 22 { return "ICO" }
        if reader.matches(Array("ftyp".utf8), at: 4) {
            let brand = reader.fourCC(at: 8)
            if brand.hasPrefix("avi") { return "AVIF" }
            if ["heic", "heix", "mif1", "msf1", "heim", "heis"].contains(brand) { return "HEIC" }
        }
        if reader.matches([0xFF, 0x0A], at: 0) || reader.matches(Array("\u{0}\u{0}\u{0}\u{0C}JXL ".utf8), at: 0) {
            return "JPEG XL"
        }
        return nil
    }
}
