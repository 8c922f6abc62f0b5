import DoseTestSupport
import Testing
@testable import DoseCore

/// The fixed shuffle.
///
/// Vectors beyond the brief's were cross-checked with a python3 transcription of the
/// contract's pseudo-code (plain integers, `% 2**31`, `>> 31`):
/// shuffle(6) = [4, 5, 2, 1, 3, 0], shuffle(8) = [1, 7, 4, 3, 6, 2, 5, 0],
/// shuffle(16) = [7, 0, 11, 15, 9, 4, 1, 2, 12, 8, 10, 6, 13, 5, 14, 3],
/// shuffle(100000)[0, 12345, 99999, 99993] = 7694, 98177, 43296, 97244,
/// shuffle(9973)[5, 9972] = 7565, 7668.
@Suite(.timeLimit(.minutes(10)), .watched)
struct ShuffleTests {
    @Test func goldenVectors() {
        #expect(Shuffle.permutation(1) == [0])
        #expect(Shuffle.permutation(2) == [1, 0])
        #expect(Shuffle.permutation(3) == [2, 0, 1])
        #expect(Shuffle.permutation(4) == [1, 3, 2, 0])
        #expect(Shuffle.permutation(5) == [4, 3, 0, 1, 2])
        #expect(Shuffle.permutation(7) == [6, 0, 3, 2, 5, 1, 4])
        #expect(Shuffle.permutation(10) == [4, 6, 5, 8, 0, 3, 9, 2, 7, 1])
    }

    @Test func ownVectorsCrossCheckedInPython() {
        #expect(Shuffle.permutation(6) == [4, 5, 2, 1, 3, 0])
        #expect(Shuffle.permutation(8) == [1, 7, 4, 3, 6, 2, 5, 0])
        #expect(Shuffle.permutation(16) == [7, 0, 11, 15, 9, 4, 1, 2, 12, 8, 10, 6, 13, 5, 14, 3])
        let big = Shuffle.permutation(100_000)
        #expect([big[0], big[12_345], big[99_999], big[99_993]] == [7694, 98177, 43296, 97244])
        #expect(Shuffle.index(ofCycle: 12_345, poolSize: 100_000) == 98177)
        #expect(Shuffle.index(ofCycle: -7, poolSize: 100_000) == 97244)
        #expect(Shuffle.index(ofCycle: 5, poolSize: 9973) == 7565)
        #expect(Shuffle.index(ofCycle: 9972, poolSize: 9973) == 7668)
    }

    @Test func emptyForNonPositiveSizes() {
        #expect(Shuffle.permutation(0) == [])
        #expect(Shuffle.permutation(-5) == [])
    }

    /// Every size up to 10,000 yields a permutation. A reused marker array keeps it linear:
    /// slot v holds the last size that produced v, so a repeat or a gap shows at once.
    @Test func isAPermutationForEverySizeUpTo10000() {
        var seenAt = [Int](repeating: 0, count: 10_001)
        var failures: [Int] = []
        for n in 1...10_000 {
            let order = Shuffle.permutation(n)
            var valid = order.count == n
            for value in order where valid {
                if value < 0 || value >= n || seenAt[value] == n {
                    valid = false
                } else {
                    seenAt[value] = n
                }
            }
            if !valid { failures.append(n) }
        }
        #expect(failures.isEmpty)
    }

    /// The backwards replay agrees with the stored permutation for every slot and for
    /// cycles beyond the pool and below zero.
    @Test func indexMatchesPermutation() {
        for n in [1, 2, 3, 4, 5, 7, 10, 31, 64, 97, 300] {
            let order = Shuffle.permutation(n)
            for cycle in (-2 * n)..<(2 * n) {
                #expect(Shuffle.index(ofCycle: cycle, poolSize: n) == order[cycle.floorModulo(n)], "n=\(n) cycle=\(cycle)")
            }
        }
    }

    @Test func inverseMultiplierUndoesTheStep() {
        #expect((1_103_515_245 &* Shuffle.inverseMultiplier) & ((1 << 31) - 1) == 1)
    }
}
