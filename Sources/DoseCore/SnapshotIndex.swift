/// A snapshot read for resolving: per item only what the resolver looks at (id bytes, kind,
/// sort key, tags) and the byte range of the item's line; the chosen item is decoded in full
/// from that line with `item(at:)`.
///
/// The read is as strict as `Snapshot.decode` about the document (BOM, `format` first, fields,
/// `count`, the final newline, so every prefix of a valid snapshot fails) and checks every item's
/// structure and `Item` invariants on the bytes (strict JSON strings, id rules, kind, tags, unique
/// ids, a non-empty text, the answer rule) without building a String per field. When anything is
/// wrong it decodes again with `Snapshot.decode`, so the error is exactly the full decoder's.
///
/// `make bench`: building some 500,000 Strings was 92 % of a dry run over 100,000 items.
public struct SnapshotIndex: Sendable {
    public let generatedAt: Int64
    public let poolDigest: String
    /// The file, kept so the chosen item can be decoded from its line.
    let file: ByteRegion
    let entries: [Entry]
    /// Every id's UTF-8 bytes (escapes decoded), back to back; entries point into it.
    let idBytes: [UInt8]
    /// Every item's tags as their two ASCII bytes (`high << 8 | low`), back to back.
    let tagCodes: [UInt16]

    struct Entry: Sendable {
        var sortKey: Int64
        /// The item object's bytes in `bytes`, braces included.
        var line: Range<Int>
        var idStart: Int32
        var idCount: Int32
        var tagStart: Int32
        var tagCount: Int32
        var kind: Kind
    }

    /// How many items the snapshot holds.
    public var count: Int { entries.count }

    /// Reads a snapshot; throws `Snapshot.decode`'s error for anything it rejects.
    public static func decode(_ bytes: [UInt8]) throws(SnapshotError) -> SnapshotIndex {
        try decode(ByteRegion(copying: bytes))
    }

    /// Reads a snapshot from `file`, which the index keeps; throws `Snapshot.decode`'s error for
    /// anything it rejects.
    public static func decode(_ file: ByteRegion) throws(SnapshotError) -> SnapshotIndex {
        do {
            return try lean(file)
        } catch {
            // The full decoder names the problem (index, id, field) exactly as it always has.
            _ = try Snapshot.decode(Array(file.bytes))
            throw error
        }
    }

    private static func lean(_ file: ByteRegion) throws(SnapshotError) -> SnapshotIndex {
        var decoder = SnapshotDecoder(scanner: JSONScanner(file.bytes))
        let document = try decoder.document(
            items: { (decoder, count) throws(SnapshotError) in try decoder.indexList(expected: count) },
            count: { $0.entries.count })
        let builder = document.items
        return SnapshotIndex(
            generatedAt: document.generatedAt, poolDigest: document.poolDigest, file: file,
            entries: builder.entries, idBytes: builder.idBytes, tagCodes: builder.tagCodes)
    }

    /// The item at `position`, decoded in full and validated like `Snapshot.decode` validates it.
    public func item(at position: Int) throws(SnapshotError) -> Item {
        let entry = entries[position]
        var decoder = SnapshotDecoder(scanner: JSONScanner(file.bytes))
        decoder.scanner.position = entry.line.lowerBound
        let item = try decoder.item(index: position)
        guard decoder.scanner.position == entry.line.upperBound else {
            throw SnapshotError(.invalidItem(index: position, id: item.id, field: nil, message: "item changed while read"))
        }
        return item
    }

    /// The position of the item with exactly this id (UTF-8 bytes), in the whole unfiltered pool.
    public func position(ofID id: String) -> Int? {
        var id = id
        return id.withUTF8 { wanted in
            idBytes.withUnsafeBufferPointer { ids in
                for (position, entry) in entries.enumerated() where Int(entry.idCount) == wanted.count {
                    let start = Int(entry.idStart)
                    if wanted.indices.allSatisfy({ ids[start + $0] == wanted[$0] }) { return position }
                }
                return nil
            }
        }
    }

    /// The positions of every item whose id has this short code (`ShortCode`), in the whole unfiltered
    /// pool: one in all but the rarest pools, two or more only when ids collide on the code.
    public func positions(ofCode code: String) -> [Int] {
        idBytes.withUnsafeBufferPointer { ids in
            entries.indices.filter { position in
                let entry = entries[position]
                let start = Int(entry.idStart)
                return ShortCode.code(forIDBytes: UnsafeBufferPointer(rebasing: ids[start..<(start + Int(entry.idCount))])) == code
            }
        }
    }

    /// The id of the item at `position`.
    public func id(at position: Int) -> String {
        let entry = entries[position]
        let start = Int(entry.idStart)
        return String(decoding: idBytes[start..<(start + Int(entry.idCount))], as: UTF8.self)
    }

    /// The kind of the item at `position`.
    public func kind(at position: Int) -> Kind { entries[position].kind }

    /// An audience as the index tests it: a branch code as stored in `tagCodes`.
    enum Filter {
        case everyone, commonOnly, branch(UInt16)

        init(_ audience: Audience) {
            switch audience {
            case .everyone: self = .everyone
            case .commonOnly: self = .commonOnly
            case .branch(let code):
                let utf8 = Array(code.rawValue.utf8)
                self = .branch(UInt16(utf8[0]) << 8 | UInt16(utf8[1]))
            }
        }
    }

    /// `Item.isShown(to:)` for the item at `position`.
    func isShown(_ position: Int, to filter: Filter) -> Bool {
        let entry = entries[position]
        switch filter {
        case .everyone: return true
        case .commonOnly: return entry.tagCount == 0
        case .branch(let branch):
            if entry.tagCount == 0 { return true }
            let start = Int(entry.tagStart)
            for i in start..<(start + Int(entry.tagCount)) where tagCodes[i] == branch { return true }
            return false
        }
    }
}

/// What the index decoder collects while it reads the items array.
struct SnapshotIndexBuilder {
    var entries: [SnapshotIndex.Entry] = []
    var idBytes: [UInt8] = []
    var tagCodes: [UInt16] = []

    /// The position of the first item whose id an earlier item already has, or nil.
    func firstDuplicateID() -> Int? {
        guard entries.count > 1 else { return nil }
        var capacity = 1
        while capacity < 2 * entries.count { capacity <<= 1 }
        let mask = capacity - 1
        var table = [Int32](repeating: -1, count: capacity)
        return idBytes.withUnsafeBufferPointer { ids -> Int? in
            func slice(_ entry: SnapshotIndex.Entry) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: ids[Int(entry.idStart)..<Int(entry.idStart + entry.idCount)])
            }
            for (position, entry) in entries.enumerated() {
                let id = slice(entry)
                var hash = FNV1a()
                for byte in id { hash.add(byte: byte) }
                var slot = Int(truncatingIfNeeded: hash.value) & mask
                while table[slot] >= 0 {
                    if slice(entries[Int(table[slot])]).elementsEqual(id) { return position }
                    slot = (slot + 1) & mask
                }
                table[slot] = Int32(position)
            }
            return nil
        }
    }
}

/// Reading the items array into an index: every check of `item(index:)`, no String per field.
extension SnapshotDecoder {
    mutating func indexList(expected: Int64?) throws(SnapshotError) -> SnapshotIndexBuilder {
        try json { (s) throws(JSONError) in try s.expect(UInt8(ascii: "["), "'['") }
        var builder = SnapshotIndexBuilder()
        guard scanner.bytes.count < Int(Int32.max) else {
            throw SnapshotError(.invalidField("items", message: "too large to index"))
        }
        if let expected {
            let items = Int(min(max(expected, 0), Int64(scanner.bytes.count / 16)))
            builder.entries.reserveCapacity(items)
            // Room for typical ids (the generator's and the sample pack's are under 24 bytes): no regrowth copies.
            builder.idBytes.reserveCapacity(items * 24)
        }
        if try json({ (s) throws(JSONError) in s.consume(UInt8(ascii: "]")) }) { return builder }
        repeat {
            try indexEntry(index: builder.entries.count, into: &builder)
        } while try json({ (s) throws(JSONError) in try s.separator(close: UInt8(ascii: "]")) })
        if let duplicate = builder.firstDuplicateID() {
            throw SnapshotError(.invalidItem(index: duplicate, id: nil, field: "id", message: "id is used by an earlier item"))
        }
        return builder
    }

    private mutating func indexEntry(index: Int, into builder: inout SnapshotIndexBuilder) throws(SnapshotError) {
        func failure(_ field: Field?, _ message: String) -> SnapshotError {
            SnapshotError(.invalidItem(index: index, id: nil, field: field?.name, message: message))
        }
        let start = try json { (s) throws(JSONError) -> Int in
            try s.expect(UInt8(ascii: "{"), "'{' (an item)")
            return s.position - 1
        }
        if try json({ (s) throws(JSONError) in s.consume(UInt8(ascii: "}")) }) { throw failure(nil, "item is empty") }
        var present = 0
        var kind: Kind?
        var sortKey: Int64?
        let idStart = builder.idBytes.count
        let tagStart = builder.tagCodes.count
        repeat {
            scanner.skipWhitespace()
            let field: Field
            if let known = plainKey() {
                field = known
            } else {
                let token = try json { (s) throws(JSONError) -> JSONScanner.StringToken in
                    guard !s.isAtEnd, s.current == UInt8(ascii: "\"") else { throw s.unexpected("a string key") }
                    let token = try s.stringToken()
                    try s.expect(UInt8(ascii: ":"), "':'")
                    return token
                }
                guard let matched = match(token) else { throw failure(nil, "unknown field") }
                field = matched
            }
            let bit = 1 << field.rawValue
            guard present & bit == 0 else { throw failure(field, "field appears twice") }
            present |= bit
            switch field {
            case .id:
                try indexID(into: &builder, failure)
            case .kind:
                guard let token = try stringTokenValue() else { throw failure(field, "must be a string") }
                guard let parsed = kindValue(token) else { throw failure(field, "not a kind") }
                kind = parsed
            case .sortKey:
                do { sortKey = try integerValue(field: field.name) } catch let error {
                    if case .malformedJSON = error.reason { throw error }
                    throw failure(field, "must be an integer in the signed 64-bit range")
                }
            case .tags:
                try indexTags(into: &builder, from: tagStart, failure)
            case .title, .answer, .explanation, .text:
                let value = try json { (s) throws(JSONError) -> (raw: Range<Int>, escaped: Bool)? in
                    s.skipWhitespace()
                    guard !s.isAtEnd else { throw s.unexpected("a value") }
                    return s.current == UInt8(ascii: "\"") ? try s.skipString() : nil
                }
                guard let value else { throw failure(field, "must be a string") }
                // An escape always decodes to at least one byte.
                if field == .text && value.raw.isEmpty { throw failure(field, "text must not be empty") }
            }
        } while try json({ (s) throws(JSONError) in try s.separator(close: UInt8(ascii: "}")) })

        guard present & (1 << Field.id.rawValue) != 0 else { throw failure(.id, "missing required field") }
        guard let kind else { throw failure(.kind, "missing required field") }
        guard let sortKey else { throw failure(.sortKey, "missing required field") }
        guard present & (1 << Field.tags.rawValue) != 0 else { throw failure(.tags, "missing required field") }
        guard present & (1 << Field.text.rawValue) != 0 else { throw failure(.text, "missing required field") }
        let hasAnswer = present & (1 << Field.answer.rawValue) != 0
        if (kind == .question) != hasAnswer { throw failure(.answer, "answer only and always on questions") }
        builder.entries.append(SnapshotIndex.Entry(
            sortKey: sortKey, line: start..<scanner.position,
            idStart: Int32(idStart), idCount: Int32(builder.idBytes.count - idStart),
            tagStart: Int32(tagStart), tagCount: Int32(builder.tagCodes.count - tagStart), kind: kind))
    }

    /// A known field's key written exactly as the encoder writes it (`"name":`), consumed; nil
    /// (nothing consumed) for anything else, which the general path then reads and judges.
    /// The bytes are compared with the field's own name, so such a key has no escape, control or
    /// non-ASCII byte: exactly what `stringToken` would accept for it.
    @inline(__always)
    private mutating func plainKey() -> Field? {
        let bytes = scanner.bytes
        let first = scanner.position + 1
        guard first + 2 < bytes.count, bytes[first - 1] == UInt8(ascii: "\"") else { return nil }
        let field: Field
        let key: StaticString
        // The first letter (and for `t`, the second) picks the only candidate; its bytes then decide.
        switch bytes[first] {
        case UInt8(ascii: "i"): (field, key) = (.id, "id\":")
        case UInt8(ascii: "k"): (field, key) = (.kind, "kind\":")
        case UInt8(ascii: "s"): (field, key) = (.sortKey, "sortKey\":")
        case UInt8(ascii: "a"): (field, key) = (.answer, "answer\":")
        case UInt8(ascii: "e"): (field, key) = (.explanation, "explanation\":")
        case UInt8(ascii: "t"):
            switch bytes[first + 1] {
            case UInt8(ascii: "a"): (field, key) = (.tags, "tags\":")
            case UInt8(ascii: "e"): (field, key) = (.text, "text\":")
            case UInt8(ascii: "i"): (field, key) = (.title, "title\":")
            default: return nil
            }
        default: return nil
        }
        let count = key.utf8CodeUnitCount
        guard bytes.count - first >= count else { return nil }
        let expected = key.utf8Start
        for offset in 1..<count where bytes[first + offset] != expected[offset] { return nil }
        scanner.position = first + count
        return field
    }

    /// A string value's token, or nil when the value is not a string.
    private mutating func stringTokenValue() throws(SnapshotError) -> JSONScanner.StringToken? {
        try json { (s) throws(JSONError) in
            s.skipWhitespace()
            guard !s.isAtEnd else { throw s.unexpected("a value") }
            return s.current == UInt8(ascii: "\"") ? try s.stringToken() : nil
        }
    }

    /// An id written as the encoder writes most of them (quotes around printable ASCII, no escape),
    /// consumed; nil (nothing consumed) for anything else. Such bytes are valid UTF-8 with no C0, DEL
    /// or C1 control, so only the length is left to check.
    @inline(__always)
    private mutating func plainID() -> UnsafeBufferPointer<UInt8>? {
        let bytes = scanner.bytes
        let open = scanner.position
        guard open < bytes.count, bytes[open] == UInt8(ascii: "\"") else { return nil }
        var close = open + 1
        if let base = bytes.baseAddress {
            // Eight bytes at a time: stop at the first quote, backslash, control, non-ASCII byte or DEL
            // (0x7F + 1 carries into the top bit).
            while close + 8 <= bytes.count {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: close, as: UInt64.self)
                let special = JSONScanner.specialBytes(word) | (word &+ JSONScanner.ones) & JSONScanner.highs
                if special != 0 {
                    close += JSONScanner.firstFlagged(special)
                    break
                }
                close += 8
            }
        }
        while close < bytes.count {
            let byte = bytes[close]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            close += 1
        }
        guard close < bytes.count else { return nil }
        scanner.position = close + 1
        return UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
    }

    /// Appends the id's bytes, checked against `ItemRules.idProblem`.
    private mutating func indexID(
        into builder: inout SnapshotIndexBuilder, _ failure: (Field?, String) -> SnapshotError
    ) throws(SnapshotError) {
        if let raw = plainID() {
            guard !raw.isEmpty, raw.count <= PackLimits.maxIDBytes else { throw failure(.id, "id length") }
            builder.idBytes.append(contentsOf: raw)
            return
        }
        guard let token = try stringTokenValue() else { throw failure(.id, "must be a string") }
        switch token {
        case .raw(let range):
            let raw = UnsafeBufferPointer(rebasing: scanner.bytes[range])
            guard !raw.isEmpty, raw.count <= PackLimits.maxIDBytes else { throw failure(.id, "id length") }
            // Valid UTF-8 without C0 controls (the scanner saw to that): DEL and C1 (C2 80–9F) remain.
            for i in raw.indices {
                let byte = raw[i]
                if byte == 0x7F || (byte == 0xC2 && i + 1 < raw.count && raw[i + 1] <= 0x9F) {
                    throw failure(.id, "control character")
                }
            }
            builder.idBytes.append(contentsOf: raw)
        case .decoded(let id):
            if let reason = ItemRules.idProblem(id) { throw failure(.id, reason.description) }
            builder.idBytes.append(contentsOf: id.utf8)
        }
    }

    private func kindValue(_ token: JSONScanner.StringToken) -> Kind? {
        switch token {
        case .raw(let range):
            let raw = UnsafeBufferPointer(rebasing: scanner.bytes[range])
            func equals(_ name: StaticString) -> Bool {
                raw.count == name.utf8CodeUnitCount && raw.indices.allSatisfy { raw[$0] == name.utf8Start[$0] }
            }
            if equals("fact") { return .fact }
            if equals("formula") { return .formula }
            if equals("question") { return .question }
            return nil
        case .decoded(let text):
            // Byte-exact like `Kind(rawValue:)` on a decoded string (an escaped ASCII letter is still that letter).
            return Kind.rotation.first { $0.rawValue.utf8.elementsEqual(text.utf8) }
        }
    }

    /// Appends the item's tags: two ASCII capitals each, none repeated.
    private mutating func indexTags(
        into builder: inout SnapshotIndexBuilder, from tagStart: Int, _ failure: (Field?, String) -> SnapshotError
    ) throws(SnapshotError) {
        let opened = try json { (s) throws(JSONError) -> Bool in
            s.skipWhitespace()
            return s.consume(UInt8(ascii: "["))
        }
        guard opened else { throw failure(.tags, "must be an array of branch codes") }
        if try json({ (s) throws(JSONError) in s.consume(UInt8(ascii: "]")) }) { return }
        repeat {
            guard let token = try stringTokenValue() else { throw failure(.tags, "tag that is not a string") }
            var pair: (UInt8, UInt8)?
            switch token {
            case .raw(let range):
                if range.count == 2 { pair = (scanner.bytes[range.lowerBound], scanner.bytes[range.lowerBound + 1]) }
            case .decoded(let text):
                let bytes = Array(text.utf8)
                if bytes.count == 2 { pair = (bytes[0], bytes[1]) }
            }
            let capital: ClosedRange<UInt8> = 0x41...0x5A
            guard let pair, capital.contains(pair.0), capital.contains(pair.1) else {
                throw failure(.tags, ItemRules.branchCodeRule)
            }
            let code = UInt16(pair.0) << 8 | UInt16(pair.1)
            guard !builder.tagCodes[tagStart...].contains(code) else { throw failure(.tags, "tag appears more than once") }
            builder.tagCodes.append(code)
        } while try json({ (s) throws(JSONError) in try s.separator(close: UInt8(ascii: "]")) })
    }
}
