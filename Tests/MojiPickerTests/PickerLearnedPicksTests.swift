import Foundation
import Moji
import MojiPicker
import Testing

@Suite("learned picks in the picker")
struct PickerLearnedPicksTests {
    static let history = LearnedPickHistory([
        .init(query: "hola", key: "👋", score: 1.9), .init(query: "party", key: "🍕", score: 1),
    ])

    @Test("what the history learned for a query, or a longer one it starts, comes first, with the preferred tone")
    func learnedFirst() throws {
        let memory = MemoryHistory(PickerHistorySnapshot(skinTones: [emoji("👋"): [.dark]], learnedPicks: Self.history))
        var picker = try EmojiPicker(configuration: PickerConfiguration(locale: "es"), history: memory)
        for typed in ["hola", "hol", "Hol"] {
            picker.setQuery(typed)
            #expect(picker.sections.first?.items.first == item("👋🏿"), "\(typed)")
            #expect(picker.selectedText == "👋🏿")
        }
        picker.setQuery("party")
        #expect(picker.sections.first?.items.first == item("🍕"))
        #expect(picker.sections.first?.items.filter { $0 == item("🍕") }.count == 1)
        picker.setQuery("cat")
        #expect(picker.sections.first?.items.first != item("🍕"))
    }

    @Test("without learned picks the results are as search gives them")
    func nothingLearned() throws {
        var plain = try EmojiPicker(history: MemoryHistory())
        var learned = try EmojiPicker(history: MemoryHistory(PickerHistorySnapshot(learnedPicks: Self.history)))
        plain.setQuery("cat")
        learned.setQuery("cat")
        #expect(plain.sections == learned.sections)
    }

    @Test("a pick from the sections, without a search, carries no query")
    func browsingPick() throws {
        var picker = try EmojiPicker(history: MemoryHistory())
        guard case .picked(let pick) = picker.send(.right, .enter) else {
            Issue.record("no pick")
            return
        }
        #expect(pick.query == nil)
        picker.setQuery("   ")
        guard case .picked(let blank) = picker.send(.enter) else { return }
        #expect(blank.query == nil)
    }
}
