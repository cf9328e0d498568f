/// Every catalog sequence keyed by its code points without U+FE0F, as a flat trie: the scanner
/// follows it for the longest match whatever emoji presentation selectors the text carries.
struct SequenceTrie: Sendable {
    /// Per node: where its edges start in `edgeScalars`/`edgeTargets`, how many there are, and
    /// the catalog index it completes (-1 for none). Node 0 is the root.
    private(set) var firstEdge: [Int32] = [0]
    private(set) var edgeCount: [Int32] = [0]
    private(set) var terminal: [Int32] = [-1]
    /// Edges of each node, sorted by scalar.
    private(set) var edgeScalars: [UInt32] = []
    private(set) var edgeTargets: [Int32] = []
    /// The root's children by first scalar (0: none), for a constant-time first step.
    let rootChildren: ScalarTable<Int32>

    /// Builds the trie of `sequences` (catalog index → fully-qualified string).
    init(_ sequences: [String]) {
        // Build with dictionaries, then lay the nodes out breadth-first with sorted edges.
        var children: [[UInt32: Int]] = [[:]]
        var terminals: [Int] = [-1]
        for (index, sequence) in sequences.enumerated() {
            var node = 0
            for scalar in sequence.unicodeScalars where scalar.value != 0xFE0F {
                if let next = children[node][scalar.value] {
                    node = next
                } else {
                    children.append([:])
                    terminals.append(-1)
                    children[node][scalar.value] = children.count - 1
                    node = children.count - 1
                }
            }
            if terminals[node] < 0 { terminals[node] = index }
        }
        var order = [0]
        var position = [0: 0]
        var cursor = 0
        while cursor < order.count {
            for (_, child) in children[order[cursor]].sorted(by: { $0.key < $1.key }) {
                position[child] = order.count
                order.append(child)
            }
            cursor += 1
        }
        firstEdge = []
        edgeCount = []
        terminal = []
        for node in order {
            firstEdge.append(Int32(edgeScalars.count))
            edgeCount.append(Int32(children[node].count))
            terminal.append(Int32(terminals[node]))
            for (scalar, child) in children[node].sorted(by: { $0.key < $1.key }) {
                edgeScalars.append(scalar)
                edgeTargets.append(Int32(position[child]!))
            }
        }
        var roots: [UInt32: Int32] = [:]
        for (scalar, child) in children[0] { roots[scalar] = Int32(position[child]!) }
        rootChildren = ScalarTable(roots)
    }

    /// The child of `node` along `scalar`, or 0 when there is none.
    @inline(__always)
    func child(of node: Int32, _ scalar: UInt32) -> Int32 {
        if node == 0 { return rootChildren[scalar] }
        var low = Int(firstEdge[Int(node)])
        var high = low + Int(edgeCount[Int(node)])
        while low < high {
            let middle = (low + high) >> 1
            let value = edgeScalars[middle]
            if value == scalar { return edgeTargets[middle] }
            if value < scalar { low = middle + 1 } else { high = middle }
        }
        return 0
    }
}
