/// A stable fingerprint of pool content.
extension Snapshot {
    /// `fnv1a64:` and 16 hex digits, over a canonical form of the items.
    ///
    /// Independent of item order and tag order, because neither changes what the resolver
    /// picks (it sorts by sort key and id itself); any change to a field changes the digest.
    /// FNV-1a detects change, it is not a cryptographic hash.
    public static func digest(of items: [Item]) -> String {
        var itemHashes = items.map(canonicalHash)
        itemHashes.sort()
        var hash = FNV1a()
        hash.add(word: UInt64(itemHashes.count))
        for itemHash in itemHashes { hash.add(word: itemHash) }
        return "fnv1a64:" + hash.hex
    }

    /// One item's hash: each field tagged and length-prefixed, so no two items collide by
    /// shifting bytes between fields.
    private static func canonicalHash(_ item: Item) -> UInt64 {
        var hash = FNV1a()
        hash.add(field: 1, item.id)
        hash.add(field: 2, item.kind.rawValue)
        hash.add(byte: 3)
        hash.add(word: UInt64(bitPattern: item.sortKey))
        // Sorting allocates; most items have no tag or one.
        let tags = item.tags.count > 1 ? item.tags.sorted() : item.tags
        hash.add(byte: 4)
        hash.add(word: UInt64(tags.count))
        for tag in tags { hash.add(field: 5, tag.rawValue) }
        hash.add(field: 6, item.title)
        hash.add(field: 7, item.text)
        hash.add(field: 8, item.answer)
        hash.add(field: 9, item.explanation)
        return hash.value
    }
}
