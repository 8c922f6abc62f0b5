/// Decides which item is the dose of a day: a pure function of the pool and the date.
///
/// Nothing is stored, so the card and the notification agree without talking to each
/// other. The branch audience is a filter applied before resolution, never inside it.
public enum Resolver {
    /// The items `audience` may see: all of them for everyone; the untagged (common) ones for common
    /// only; for a branch, the items tagged for it and the untagged ones.
    public static func audience(of pool: [Item], for audience: Audience) -> [Item] {
        guard audience != .everyone else { return pool }
        return pool.filter { $0.isShown(to: audience) }
    }

    /// The dose of `date` among already-filtered items, or nil when there are none.
    ///
    /// The day picks the kind (fact, formula, question in turn, falling through to the
    /// next kind when one is empty) and the cycle (`day div 3`) steps through that kind's
    /// fixed shuffle. The rank is taken in sorted order, so the input order never matters.
    public static func resolve(_ filtered: [Item], on date: CivilDate) -> Item? {
        let day = date.daysSinceEpoch
        let firstKind = day.floorModulo(Kind.rotation.count)
        let cycle = day.floorDivided(by: Kind.rotation.count)
        for step in 0..<Kind.rotation.count {
            let kind = Kind.rotation[(firstKind + step) % Kind.rotation.count]
            var candidates: [Int] = []
            for index in filtered.indices where filtered[index].kind == kind { candidates.append(index) }
            guard !candidates.isEmpty else { continue }
            let rank = Shuffle.index(ofCycle: cycle, poolSize: candidates.count)
            return filtered[select(rank: rank, of: &candidates, in: filtered)]
        }
        return nil
    }

    /// The index (into `items`) of the candidate that sorting `candidates` by `precedes` would
    /// put at `rank`: the sorted order's answer without sorting.
    ///
    /// Quickselect over indices, expected linear, with a median-of-three pivot; after
    /// 2·log2(n) rounds it sorts what is left, so a crafted pool cannot make it quadratic.
    /// `precedes` is a total order on valid pools (ids are unique), so the answer is the one
    /// a full sort gives. Measured by `make bench`: sorting each kind was most of the resolve time.
    static func select(rank: Int, of candidates: inout [Int], in items: [Item]) -> Int {
        items.withUnsafeBufferPointer { items in
            select(rank: rank, of: &candidates) { precedes(items[$0], items[$1]) }
        }
    }

    /// `select(rank:of:in:)` for any total order `less` on the candidates.
    @inline(__always)
    static func select(rank: Int, of candidates: inout [Int], by less: (Int, Int) -> Bool) -> Int {
        precondition(candidates.indices.contains(rank), "rank outside the candidates")
        do {
            var low = 0
            var high = candidates.count - 1
            var rounds = 2 * (Int.bitWidth - candidates.count.leadingZeroBitCount)
            while low < high {
                guard rounds > 0 else {
                    candidates[low...high].sort(by: less)
                    break
                }
                rounds -= 1
                let middle = low + (high - low) / 2
                if less(candidates[middle], candidates[low]) { candidates.swapAt(middle, low) }
                if less(candidates[high], candidates[low]) { candidates.swapAt(high, low) }
                if less(candidates[high], candidates[middle]) { candidates.swapAt(high, middle) }
                let pivot = candidates[middle]
                var i = low
                var j = high
                while i <= j {
                    while less(candidates[i], pivot) { i += 1 }
                    while less(pivot, candidates[j]) { j -= 1 }
                    if i <= j {
                        candidates.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                // Now low...j precede-or-equal the pivot, i...high follow-or-equal, j+1..<i equal it.
                if rank <= j {
                    high = j
                } else if rank >= i {
                    low = i
                } else {
                    break
                }
            }
        }
        return candidates[rank]
    }

    /// The dose of `date` for `audience`: the audience filter, then `resolve`.
    public static func resolve(pool: [Item], audience: Audience, date: CivilDate) -> Item? {
        resolve(Self.audience(of: pool, for: audience), on: date)
    }

    /// The contract's order: sort key, then the id's UTF-8 bytes.
    ///
    /// Bytes, not `String.<`, because Swift compares strings by canonical equivalence,
    /// which another implementation of the contract would not reproduce. Ids are unique
    /// in a valid pool; the text is a last tie-break so even a corrupt pool with a
    /// duplicated id resolves the same way whatever order it arrives in.
    static func precedes(_ lhs: Item, _ rhs: Item) -> Bool {
        if lhs.sortKey != rhs.sortKey { return lhs.sortKey < rhs.sortKey }
        if !lhs.id.utf8.elementsEqual(rhs.id.utf8) {
            return lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
        }
        return lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }
}

/// Resolving over a `SnapshotIndex`: the same contract, without building the pool's Items.
extension Resolver {
    /// The position in `index` of the dose of `date` for `audience` (the audience filter, then
    /// `resolve`), or nil when the audience is empty. Picks exactly the item
    /// `resolve(pool:audience:date:)` picks from the same snapshot decoded in full.
    public static func resolve(_ index: SnapshotIndex, audience: Audience, date: CivilDate) -> Int? {
        let day = date.daysSinceEpoch
        let firstKind = day.floorModulo(Kind.rotation.count)
        let cycle = day.floorDivided(by: Kind.rotation.count)
        let filter = SnapshotIndex.Filter(audience)
        let entries = index.entries
        for step in 0..<Kind.rotation.count {
            let kind = Kind.rotation[(firstKind + step) % Kind.rotation.count]
            var candidates: [Int] = []
            for position in entries.indices where entries[position].kind == kind && index.isShown(position, to: filter) {
                candidates.append(position)
            }
            guard !candidates.isEmpty else { continue }
            let rank = Shuffle.index(ofCycle: cycle, poolSize: candidates.count)
            return entries.withUnsafeBufferPointer { entries in
                index.idBytes.withUnsafeBufferPointer { ids in
                    // (sortKey, id bytes): ids are unique in an index, so no further tie-break is needed.
                    select(rank: rank, of: &candidates) { a, b in
                        let left = entries[a], right = entries[b]
                        if left.sortKey != right.sortKey { return left.sortKey < right.sortKey }
                        let l = UnsafeBufferPointer(rebasing: ids[Int(left.idStart)..<Int(left.idStart + left.idCount)])
                        let r = UnsafeBufferPointer(rebasing: ids[Int(right.idStart)..<Int(right.idStart + right.idCount)])
                        return l.lexicographicallyPrecedes(r)
                    }
                }
            }
        }
        return nil
    }
}
