/// Decides which item is the dose of a day: a pure function of the pool and the date.
///
/// Nothing is stored, so the card and the notification agree without talking to each
/// other. The branch audience is a filter applied before resolution, never inside it.
public enum Resolver {
    /// The items a student of `branch` may see: all of them without a branch; with one,
    /// the items tagged for it and the untagged (common) ones.
    public static func audience(of pool: [Item], for branch: BranchCode?) -> [Item] {
        guard branch != nil else { return pool }
        return pool.filter { $0.isShown(to: branch) }
    }

    /// The dose of `date` among already-filtered items, or nil when there are none.
    ///
    /// The day picks the kind (fact, formula, question in turn, falling through to the
    /// next kind when one is empty) and the cycle (`day div 3`) steps through that kind's
    /// fixed shuffle. Items are sorted first, so the input order never matters.
    public static func resolve(_ filtered: [Item], on date: CivilDate) -> Item? {
        let day = date.daysSinceEpoch
        let firstKind = day.floorModulo(Kind.rotation.count)
        let cycle = day.floorDivided(by: Kind.rotation.count)
        for step in 0..<Kind.rotation.count {
            let kind = Kind.rotation[(firstKind + step) % Kind.rotation.count]
            let candidates = filtered.filter { $0.kind == kind }
            guard !candidates.isEmpty else { continue }
            let sorted = candidates.sorted(by: precedes)
            return sorted[Shuffle.index(ofCycle: cycle, poolSize: sorted.count)]
        }
        return nil
    }

    /// The dose of `date` for a student of `branch`: the audience filter, then `resolve`.
    public static func resolve(pool: [Item], branch: BranchCode?, date: CivilDate) -> Item? {
        resolve(audience(of: pool, for: branch), on: date)
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
