import DoseTestSupport
import Testing
@testable import DoseCore

/// The resolver picks the rank-th item without sorting; it must agree with the full sort at every rank.
@Suite(.timeLimit(.minutes(5)), .watched)
struct ResolverSelectTests {
    /// A deterministic generator, so a failure reproduces.
    struct LCG {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func pool(_ n: Int, keys: Int, seed: UInt64) -> [Item] {
        var rng = LCG(state: seed)
        return (0..<n).map { i in
            Item(id: "f-\(rng.next(1_000_000))-\(i)", kind: .fact, sortKey: Int64(rng.next(keys)), text: "t")
        }
    }

    static func check(_ items: [Item]) {
        let sorted = items.sorted(by: Resolver.precedes).map(\.id)
        for rank in items.indices {
            var candidates = Array(items.indices)
            #expect(items[Resolver.select(rank: rank, of: &candidates, in: items)].id == sorted[rank])
        }
    }

    @Test(arguments: [1, 2, 3, 5, 17, 64, 200])
    func agreesWithTheSortAtEveryRank(n: Int) {
        for (keys, seed) in [(1, 1), (3, 2), (1000, 3)] as [(Int, UInt64)] {
            Self.check(Self.pool(n, keys: keys, seed: seed))
        }
    }

    @Test func sortedReversedAndOrganPipeInputs() {
        let base = Self.pool(300, keys: 50, seed: 9).sorted(by: Resolver.precedes)
        Self.check(base)
        Self.check(base.reversed())
        Self.check(Array(base.enumerated().sorted { ($0.offset % 2, $0.offset) < ($1.offset % 2, $1.offset) }.map(\.element)))
    }

    @Test func resolveStillMatchesSortingTheKind() {
        let items = Self.pool(1000, keys: 7, seed: 4)
        let sorted = items.sorted(by: Resolver.precedes)
        for day in [-5, 0, 1, 2, 3, 999, 20786] {
            let date = CivilDate(daysSinceEpoch: day)
            let expected = sorted[Shuffle.index(ofCycle: day.floorDivided(by: 3), poolSize: sorted.count)]
            #expect(Resolver.resolve(items, on: date)?.id == expected.id)
        }
    }
}
