/// A small value (flags, an index) for every code point, in two levels (256 code points a block, identical
/// blocks shared), so a lookup is two loads and the whole table is a few kilobytes.
final class ScalarTable<Element: FixedWidthInteger & Sendable>: @unchecked Sendable {
    // Immutable after init; raw memory so the scanner's inner loop pays no bounds checks or retains.
    private let blockIndex: UnsafeMutablePointer<UInt16>
    private let blocks: UnsafeMutablePointer<Element>
    private static var blockCount: Int { 0x110000 >> 8 }

    init(_ values: [UInt32: Element]) {
        var byBlock: [Int: [Element]] = [:]
        for (scalar, value) in values where scalar <= 0x10FFFF {
            byBlock[Int(scalar >> 8), default: [Element](repeating: 0, count: 256)][Int(scalar & 0xFF)] = value
        }
        var unique: [[Element]] = [[Element](repeating: 0, count: 256)]
        var positions: [[Element]: Int] = [unique[0]: 0]
        let index = UnsafeMutablePointer<UInt16>.allocate(capacity: Self.blockCount)
        index.initialize(repeating: 0, count: Self.blockCount)
        for (block, content) in byBlock.sorted(by: { $0.key < $1.key }) {
            if let position = positions[content] {
                index[block] = UInt16(position)
            } else {
                positions[content] = unique.count
                index[block] = UInt16(unique.count)
                unique.append(content)
            }
        }
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: unique.count * 256)
        for (position, content) in unique.enumerated() {
            (storage + position * 256).initialize(from: content, count: 256)
        }
        blockIndex = index
        blocks = storage
    }

    deinit {
        blockIndex.deallocate()
        blocks.deallocate()
    }

    /// The value of a code point; 0 where none was given and beyond U+10FFFF.
    @inline(__always)
    subscript(_ scalar: UInt32) -> Element {
        guard scalar <= 0x10FFFF else { return 0 }
        return blocks[Int(blockIndex[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)]
    }
}
