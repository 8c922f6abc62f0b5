/// Strict RFC 8259 parser: exact numbers, byte-exact strings, bounded depth, precise errors.
///
/// Beyond the RFC's minimum it rejects duplicate keys (the RFC leaves them undefined; for
/// packs a silently shadowed field is a bug) and a leading UTF-8 byte order mark (the RFC
/// forbids senders to add one; rejecting it with a clear message beats guessing).
/// Top-level scalars are accepted, as RFC 8259 allows.
public enum JSONParser {
    /// Parses one JSON document; `maxDepth` bounds nested arrays/objects (`[]` is depth 1).
    ///
    /// The parser recurses once per nesting level, so keep `maxDepth` modest (hundreds).
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
            try parse(buffer, maxDepth: maxDepth)
        }
    }

    /// Parses the UTF-8 of `text`.
    public static func parse(_ text: String, maxDepth: Int = 64) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws(JSONError) -> JSONValue {
        var tree = TreeBuilder(scanner: JSONScanner(buffer), maxDepth: maxDepth)
        try tree.scanner.rejectByteOrderMark()
        let value = try tree.value(depth: 0)
        tree.scanner.skipWhitespace()
        guard tree.scanner.isAtEnd else {
            throw tree.scanner.error(.trailingData, at: tree.scanner.position)
        }
        return value
    }

    /// Recursive descent over the scanner, building `JSONValue`s.
    private struct TreeBuilder {
        var scanner: JSONScanner
        let maxDepth: Int

        /// Parses the value at the cursor; `depth` counts the containers already open.
        mutating func value(depth: Int) throws(JSONError) -> JSONValue {
            scanner.skipWhitespace()
            guard !scanner.isAtEnd else { throw scanner.unexpected("a value") }
            switch scanner.current {
            case UInt8(ascii: "{"):
                return try object(depth: depth + 1)
            case UInt8(ascii: "["):
                return try array(depth: depth + 1)
            case UInt8(ascii: "\""):
                return .string(try scanner.string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(scanner.text(try scanner.numberRange()))
            default:
                return try scanner.literal()
            }
        }

        private mutating func array(depth: Int) throws(JSONError) -> JSONValue {
            guard depth <= maxDepth else { throw scanner.error(.tooDeep(limit: maxDepth), at: scanner.position) }
            scanner.position += 1
            var elements: [JSONValue] = []
            if scanner.consume(UInt8(ascii: "]")) { return .array(elements) }
            while true {
                elements.append(try value(depth: depth))
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
                return .array(elements)
            }
        }

        private mutating func object(depth: Int) throws(JSONError) -> JSONValue {
            guard depth <= maxDepth else { throw scanner.error(.tooDeep(limit: maxDepth), at: scanner.position) }
            scanner.position += 1
            var members: [(key: String, value: JSONValue)] = []
            // Room for a pack item's eight fields at once: growing 1, 2, 4, 8 was four allocations per object.
            members.reserveCapacity(8)
            // Small objects check duplicates by scanning; large ones switch to a set.
            var seen: Set<ExactString>?
            if scanner.consume(UInt8(ascii: "}")) { return .object(members) }
            while true {
                scanner.skipWhitespace()
                guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
                    throw scanner.unexpected(members.isEmpty ? "a string key or '}'" : "a string key")
                }
                let keyStart = scanner.position
                let key = try scanner.string()
                if members.count >= 16 {
                    if seen == nil { seen = Set(members.map { ExactString($0.key) }) }
                    if !seen!.insert(ExactString(key)).inserted {
                        throw scanner.error(.duplicateKey(key), at: keyStart)
                    }
                } else if members.contains(where: { $0.key.hasSameBytes(as: key) }) {
                    throw scanner.error(.duplicateKey(key), at: keyStart)
                }
                try scanner.expect(UInt8(ascii: ":"), "':'")
                members.append((key: key, value: try value(depth: depth)))
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
                return .object(members)
            }
        }
    }
}
