/// The fields before a snapshot's items, read from the file's first bytes alone.
///
/// A quick look, not a validation: it answers "does the snapshot on disk still say it holds this
/// pool, and does it end as the encoder ends it?" without reading the items between, so a planning
/// pass that changed nothing can leave a 100,000-item snapshot alone. Anything shaped otherwise
/// than the encoder writes it (field order, spacing, a cut) is `nil`: the caller then rewrites.
public struct SnapshotHeader: Sendable, Equatable {
    public var generatedAt: Int64
    public var poolDigest: String
    public var count: Int64

    public init(generatedAt: Int64, poolDigest: String, count: Int64) {
        self.generatedAt = generatedAt
        self.poolDigest = poolDigest
        self.count = count
    }

    /// The header from a snapshot's first bytes (`format`, `generatedAt`, `poolDigest`, `count`,
    /// then `"items": [`, in the encoder's order), and whether `suffix`, its last bytes, closes the
    /// document as the encoder closes one with that many items; nil for anything else.
    public static func read(prefix: [UInt8], suffix: [UInt8]) -> SnapshotHeader? {
        let header = prefix.withUnsafeBufferPointer { buffer -> SnapshotHeader? in
            var decoder = SnapshotDecoder(scanner: JSONScanner(buffer))
            return try? decoder.header()
        }
        guard let header else { return nil }
        // With the byte before: an empty array's `[`, or the last item's `}`.
        let ending = header.count == 0 ? "[]\n}\n" : "}\n  ]\n}\n"
        guard suffix.count >= ending.utf8.count, suffix.suffix(ending.utf8.count).elementsEqual(ending.utf8) else {
            return nil
        }
        return header
    }

    /// How many bytes `read` needs from the start: more than any header the encoder writes.
    public static let prefixLength = 4096
    /// How many bytes `read` needs from the end.
    public static let suffixLength = 16
}

extension SnapshotDecoder {
    /// The header fields in the encoder's order, up to and including the items array's `[`.
    fileprivate mutating func header() throws(SnapshotError) -> SnapshotHeader {
        try json { (s) throws(JSONError) in
            try s.rejectByteOrderMark()
            try s.expect(UInt8(ascii: "{"), "'{'")
        }
        func field(_ name: String) throws(SnapshotError) {
            guard try key() == name else { throw SnapshotError(.missingField(name)) }
        }
        try field("format")
        guard try stringValue(field: "format") == Snapshot.format else {
            throw SnapshotError(.unsupportedFormat(found: nil))
        }
        func next(_ name: String) throws(SnapshotError) {
            try json { (s) throws(JSONError) in try s.expect(UInt8(ascii: ","), "','") }
            try field(name)
        }
        try next("generatedAt")
        let generatedAt = try integerValue(field: "generatedAt")
        try next("poolDigest")
        guard let poolDigest = try stringValue(field: "poolDigest") else {
            throw SnapshotError(.invalidField("poolDigest", message: "must be a string"))
        }
        try next("count")
        let count = try integerValue(field: "count")
        guard count >= 0 else { throw SnapshotError(.invalidField("count", message: "must not be negative")) }
        try next("items")
        try json { (s) throws(JSONError) in try s.expect(UInt8(ascii: "["), "'['") }
        return SnapshotHeader(generatedAt: generatedAt, poolDigest: poolDigest, count: count)
    }
}
