// The `index` fuzz target (fuzz/build.sh compiles this into DoseCore with -D FUZZ_INDEX): the scheduler's
// snapshot-index reader against the full decoder, its oracle. For any input they must agree on accept or
// reject (and, rejecting, on the error: the index throws the full decoder's), and, accepting, on what they
// resolve: the header, every item in full, today's dose for a few days and audiences, and lookup by id and
// by short code. A disagreement is a `fatalError`, which libFuzzer reports as a crash.
#if FUZZ_INDEX
enum IndexFuzz {
    static func check(_ bytes: [UInt8]) {
        let full: Result<Snapshot, SnapshotError> = Result { () throws(SnapshotError) in try Snapshot.decode(bytes) }
        let lean: Result<SnapshotIndex, SnapshotError> = Result { () throws(SnapshotError) in try SnapshotIndex.decode(bytes) }
        switch (full, lean) {
        case (.failure(let fullError), .failure(let leanError)):
            guard fullError == leanError else { fatalError("rejected with different errors: \(fullError) / \(leanError)") }
        case (.success, .failure(let error)):
            fatalError("the index rejects what the full decoder accepts: \(error)")
        case (.failure(let error), .success):
            fatalError("the index accepts what the full decoder rejects: \(error)")
        case (.success(let snapshot), .success(let index)):
            agree(snapshot, index, seed: bytes.count)
        }
    }

    private static func agree(_ snapshot: Snapshot, _ index: SnapshotIndex, seed: Int) {
        guard index.count == snapshot.items.count, index.generatedAt == snapshot.generatedAt,
              index.poolDigest == snapshot.poolDigest else { fatalError("the headers differ") }
        var audiences: [Audience] = [.everyone, .commonOnly, .branch(BranchCode(exactly: "ZZ")!)]
        for (position, item) in snapshot.items.enumerated() {
            guard index.id(at: position) == item.id, index.kind(at: position) == item.kind else {
                fatalError("item \(position): id or kind differs")
            }
            guard let decoded = try? index.item(at: position), decoded == item else {
                fatalError("item \(position) decodes differently from its line")
            }
            guard index.position(ofID: item.id) == position else { fatalError("lookup of item \(position)'s id") }
            guard snapshot.item(id: item.id) == item else { fatalError("the full pool's lookup of item \(position)") }
            guard index.positions(ofCode: ShortCode.code(forID: item.id)).contains(position) else {
                fatalError("item \(position) is not found by its short code")
            }
            for tag in item.tags where !audiences.contains(.branch(tag)) && audiences.count < 7 { audiences.append(.branch(tag)) }
        }
        // An id in no item: both lookups find nothing.
        let absent = (snapshot.items.first?.id ?? "") + "\u{1}"
        guard index.position(ofID: absent) == nil, snapshot.item(id: absent) == nil else { fatalError("an absent id was found") }
        // A few days: around the epoch, today's era, and one from the input, in every rotation slot.
        for base in [0, 20_000, 20_421, seed % 100_000 - 50_000] {
            for offset in 0..<3 {
                let date = CivilDate(daysSinceEpoch: base + offset)
                for audience in audiences {
                    let expected = Resolver.resolve(pool: snapshot.items, audience: audience, date: date)
                    let position = Resolver.resolve(index, audience: audience, date: date)
                    guard position.map(index.id(at:)) == expected?.id else {
                        fatalError("day \(date) audience \(audience): the index picks another dose")
                    }
                }
            }
        }
    }
}
#endif
