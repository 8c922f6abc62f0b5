/// A pull decoder over the shared JSON scanner, specialised to the snapshot layout.
struct SnapshotDecoder {
    var scanner: JSONScanner
    /// Branch codes seen so far, keyed by their two bytes: builds each code once.
    var codes: [UInt16: BranchCode] = [:]

    init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// Runs a scanner step, reporting its failure as malformed JSON.
    @inline(__always)
    mutating func json<T>(_ step: (inout JSONScanner) throws(JSONError) -> T) throws(SnapshotError) -> T {
        do {
            return try step(&scanner)
        } catch {
            throw SnapshotError(.malformedJSON(error))
        }
    }

    mutating func snapshot() throws(SnapshotError) -> Snapshot {
        let document = try self.document(
            items: { (decoder, count) throws(SnapshotError) in try decoder.itemList(expected: count) },
            count: { $0.count })
        return Snapshot(generatedAt: document.generatedAt, poolDigest: document.poolDigest, items: document.items)
    }

    /// The whole document, strictly: header, fields, the final newline and `count`; `readItems`
    /// reads the `items` array (the full decoder builds `Item`s, the index only what resolving needs).
    mutating func document<Items>(
        items readItems: (inout SnapshotDecoder, Int64?) throws(SnapshotError) -> Items,
        count itemCount: (Items) -> Int
    ) throws(SnapshotError) -> (generatedAt: Int64, poolDigest: String, items: Items) {
        try json { (s) throws(JSONError) in
            try s.rejectByteOrderMark()
            try s.expect(UInt8(ascii: "{"), "'{'")
        }
        guard try key() == "format" else { throw SnapshotError(.unsupportedFormat(found: nil)) }
        guard let format = try stringValue(field: "format") else {
            throw SnapshotError(.unsupportedFormat(found: nil))
        }
        guard format == Snapshot.format else { throw SnapshotError(.unsupportedFormat(found: format)) }

        var generatedAt: Int64?
        var poolDigest: String?
        var count: Int64?
        var items: Items?
        while try json({ (s) throws(JSONError) in try s.separator(close: UInt8(ascii: "}")) }) {
            let name = try key()
            switch name {
            case "generatedAt":
                guard generatedAt == nil else { throw SnapshotError(.duplicateField(name)) }
                generatedAt = try integerValue(field: name)
            case "poolDigest":
                guard poolDigest == nil else { throw SnapshotError(.duplicateField(name)) }
                guard let digest = try stringValue(field: name) else {
                    throw SnapshotError(.invalidField(name, message: "must be a string"))
                }
                poolDigest = digest
            case "count":
                guard count == nil else { throw SnapshotError(.duplicateField(name)) }
                let value = try integerValue(field: name)
                guard value >= 0 else { throw SnapshotError(.invalidField(name, message: "must not be negative")) }
                count = value
            case "items":
                guard items == nil else { throw SnapshotError(.duplicateField(name)) }
                items = try readItems(&self, count)
            default:
                throw SnapshotError(.unknownField(name))
            }
        }
        try json { (s) throws(JSONError) in
            s.skipWhitespace()
            guard s.isAtEnd else { throw s.error(.trailingData, at: s.position) }
        }
        guard scanner.bytes.last == 0x0A else { throw SnapshotError(.truncated) }
        guard let generatedAt else { throw SnapshotError(.missingField("generatedAt")) }
        guard let poolDigest else { throw SnapshotError(.missingField("poolDigest")) }
        guard let count else { throw SnapshotError(.missingField("count")) }
        guard let items else { throw SnapshotError(.missingField("items")) }
        guard count == Int64(itemCount(items)) else {
            throw SnapshotError(.countMismatch(declared: count, actual: itemCount(items)))
        }
        return (generatedAt, poolDigest, items)
    }

    /// Reads `"name":` and returns the name.
    mutating func key() throws(SnapshotError) -> String {
        try json { (s) throws(JSONError) in
            s.skipWhitespace()
            guard !s.isAtEnd, s.current == UInt8(ascii: "\"") else { throw s.unexpected("a string key") }
            let name = try s.string()
            try s.expect(UInt8(ascii: ":"), "':'")
            return name
        }
    }

    /// A string value, or nil when the value is not a string (nothing consumed then).
    mutating func stringValue(field: String) throws(SnapshotError) -> String? {
        try json { (s) throws(JSONError) in
            s.skipWhitespace()
            guard !s.isAtEnd else { throw s.unexpected("a value") }
            return s.current == UInt8(ascii: "\"") ? try s.string() : nil
        }
    }

    mutating func integerValue(field: String) throws(SnapshotError) -> Int64 {
        let lexeme = try json { (s) throws(JSONError) -> Range<Int>? in
            s.skipWhitespace()
            guard !s.isAtEnd else { throw s.unexpected("a value") }
            switch s.current {
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try s.numberRange()
            default: return nil
            }
        }
        guard let lexeme, let value = JSONValue.exactInt64(scanner.bytes[lexeme]) else {
            throw SnapshotError(.invalidField(field, message: "must be an integer in the signed 64-bit range"))
        }
        return value
    }

    mutating func itemList(expected: Int64?) throws(SnapshotError) -> [Item] {
        try json { (s) throws(JSONError) in try s.expect(UInt8(ascii: "["), "'['") }
        var items: [Item] = []
        // Trust `count` for capacity only as far as the bytes could possibly hold.
        if let expected { items.reserveCapacity(Int(min(expected, Int64(scanner.bytes.count / 16)))) }
        var seen = Set<ExactString>(minimumCapacity: items.capacity)
        if try json({ (s) throws(JSONError) in s.consume(UInt8(ascii: "]")) }) { return items }
        repeat {
            let item = try self.item(index: items.count)
            guard seen.insert(ExactString(item.id)).inserted else {
                throw SnapshotError(.invalidItem(
                    index: items.count, id: item.id, field: "id", message: "id is used by an earlier item"))
            }
            items.append(item)
        } while try json({ (s) throws(JSONError) in try s.separator(close: UInt8(ascii: "]")) })
        return items
    }
}
