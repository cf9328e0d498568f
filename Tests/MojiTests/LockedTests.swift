import Foundation
import Moji
import Testing

@Suite("the package's one lock")
struct LockedTests {
    @Test("threads that add at once lose no addition")
    func contention() async {
        let total = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { total.withLock { $0 += 1 } }
                }
            }
        }
        #expect(total.withLock { $0 } == 80_000)
    }

    @Test("a body's typed error comes out typed, and the lock is free after it")
    func typedThrow() {
        let value = Locked(1)
        #expect(throws: CatalogError.self) {
            try value.withLock { (value: inout Int) throws(CatalogError) -> Void in
                value = 2
                throw CatalogError.missingFile(path: "x")
            }
        }
        // Taken again: the throw unlocked it.
        #expect(value.withLock { $0 } == 2)
    }

    #if DEBUG
        @Test("a body that takes its own lock again stops with a message instead of hanging")
        func reentryStops() async {
            // The lock is not recursive; a debug build checks the owner, so the mistake is found.
            await #expect(processExitsWith: .failure) {
                let value = Locked(0)
                value.withLock { _ in value.withLock { $0 += 1 } }
            }
        }
    #endif
}
