import DoseCore
import DoseTestSupport
import Testing

/// The quiz's choice order: a permutation, fixed by its seed, every order reachable.
@Suite(.timeLimit(.minutes(5)), .watched) struct ChoiceShuffleTests {
    @Test func sameSeedSameOrdersAndEveryOrderAppears() {
        var a = ChoiceShuffle(seed: 42)
        var b = ChoiceShuffle(seed: 42)
        var seen: [[Int]: Int] = [:]
        for _ in 0..<24_000 {
            let order = a.order(4)
            #expect(order == b.order(4))
            seen[order, default: 0] += 1
        }
        #expect(seen.keys.allSatisfy { $0.sorted() == [0, 1, 2, 3] })
        #expect(seen.count == 24)
        // Each of the 24 orders about 1,000 times (a fair shuffle; 4 sigma is about ±125).
        #expect(seen.values.allSatisfy { (850...1150).contains($0) }, "\(seen.values.sorted())")
        var c = ChoiceShuffle(seed: 43)
        var d = ChoiceShuffle(seed: 42)
        #expect((0..<10).map { _ in c.order(4) } != (0..<10).map { _ in d.order(4) })
        var one = ChoiceShuffle(seed: 1)
        var two = ChoiceShuffle(seed: 2)
        #expect(one.next() != two.next())
    }

    /// SplitMix64's published first outputs for seed 0 (Vigna's reference implementation).
    @Test func splitMix64ReferenceValues() {
        var generator = ChoiceShuffle(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
