/// Keys in ascending order, each with its value, found by halving the range.
///
/// Written as an array literal of plain values, a table is laid out by the compiler as static data:
/// nothing is built, hashed or allocated when a command first looks a key up. A `Dictionary` or `Set`
/// literal is built on first use instead, every key hashed, which was a tenth of `dose show`'s start-up
/// for the LaTeX tables alone (docs/performance.md, issue 19). The keys must ascend strictly;
/// `SortedTableTests` checks every table in DoseCore.
struct SortedTable<Key: Comparable, Value> {
    let entries: [(key: Key, value: Value)]

    init(_ entries: [(key: Key, value: Value)]) {
        self.entries = entries
    }

    /// The value for `key`, or nil.
    subscript(key: Key) -> Value? {
        let index = entries.lowerBound(of: key) { $0.key }
        return index < entries.count && entries[index].key == key ? entries[index].value : nil
    }

    var keys: [Key] { entries.map(\.key) }

    var values: [Value] { entries.map(\.value) }
}

/// Keys in ascending order, found by halving the range: a `Set` laid out as static data (see `SortedTable`).
struct SortedSet<Key: Comparable> {
    let keys: [Key]

    init(_ keys: [Key]) {
        self.keys = keys
    }

    func contains(_ key: Key) -> Bool {
        let index = keys.lowerBound(of: key) { $0 }
        return index < keys.count && keys[index] == key
    }
}

extension Array {
    /// The first index whose element's key is not below `key` (`count` when every one is below): one
    /// comparison per halving, so a string key is compared about log₂ n times, then once for equality.
    func lowerBound<Key: Comparable>(of key: Key, by keyOf: (Element) -> Key) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if keyOf(self[middle]) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// True when the keys ascend strictly (what `lowerBound` relies on: no key twice, none out of order).
    func ascendsStrictly<Key: Comparable>(by keyOf: (Element) -> Key) -> Bool {
        indices.dropFirst().allSatisfy { keyOf(self[$0 - 1]) < keyOf(self[$0]) }
    }
}

extension SortedTable: Sendable where Key: Sendable, Value: Sendable {}

extension SortedSet: Sendable where Key: Sendable {}
