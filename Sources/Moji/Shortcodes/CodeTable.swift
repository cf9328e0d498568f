/// Codes (shortcodes, emoticons) → emoji index, filled once while a catalog file is read.
///
/// Keyed by the FNV-1a hash of each code's UTF-8 (``CatalogStorage/lookupHash(_:)``) in an
/// ``IntegerTable``: a `[String: Int]` hashes every `String` through Unicode normalization,
/// which made the shortcode tables cost about 30 million instructions to load. A lookup checks
/// the stored code, so two codes sharing a hash (kept apart in `overflow`) cannot be confused.
struct CodeTable: Sendable {
    private var table: IntegerTable
    /// The codes in insertion order, and the emoji index of each.
    private var codes: [String] = []
    private var indices: [Int32] = []
    /// Codes whose hash an earlier, different code took.
    private var overflow: [String: Int] = [:]

    /// A table for about `capacity` codes (it grows past that).
    init(capacity: Int) {
        table = IntegerTable(capacity: max(capacity, 16))
        codes.reserveCapacity(capacity)
        indices.reserveCapacity(capacity)
    }

    /// Maps `code` (whose UTF-8 hashes to `hash`) to `index` unless the code is already present:
    /// the first emoji to claim a code keeps it.
    mutating func insert(_ code: String, hash: UInt64, index: Int) {
        if codes.count * 2 >= table.slotCount { grow() }
        if table.insert(codes.count, for: hash) {
            codes.append(code)
            indices.append(Int32(index))
        } else if let position = table[hash], codes[position] != code, overflow[code] == nil {
            overflow[code] = index
        }
    }

    /// Maps `code` to `index` unless present, hashing it here.
    mutating func insert(_ code: String, index: Int) {
        insert(code, hash: Self.hash(code), index: index)
    }

    /// The emoji index of `code`, if any.
    subscript(code: String) -> Int? {
        let hash = Self.hash(code)
        if let position = table[hash], codes[position] == code { return Int(indices[position]) }
        return overflow.isEmpty ? nil : overflow[code]
    }

    /// The hash a code is stored under.
    static func hash(_ code: String) -> UInt64 {
        var code = code
        return code.withUTF8(CatalogStorage.lookupHash)
    }

    /// Doubles the table, reinserting every code.
    private mutating func grow() {
        var larger = IntegerTable(capacity: table.slotCount)
        for (position, code) in codes.enumerated() { larger.insert(position, for: Self.hash(code)) }
        table = larger
    }
}
