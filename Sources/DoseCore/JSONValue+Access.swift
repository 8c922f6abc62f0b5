/// Typed read access and builders.
extension JSONValue {
    /// The value as a signed 64-bit integer: only for an integer lexeme (no fraction, no
    /// exponent) inside `Int64`'s range. `1.0`, `1e3` and `9223372036854775808` give nil.
    public var int64: Int64? {
        guard case .number(let lexeme) = self else { return nil }
        return JSONValue.exactInt64(lexeme.utf8)
    }

    /// The string, when this is a string.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The Boolean, when this is `true` or `false`.
    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members in order, when this is an object.
    public var object: [(key: String, value: JSONValue)]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The first member named `key` (byte-exact match), when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key.hasSameBytes(as: key) }?.value
    }

    /// An integer number.
    public static func integer(_ value: Int64) -> JSONValue {
        .number(String(value))
    }

    /// A number from a `Double`; nil for infinities and NaN, which JSON cannot express.
    public static func double(_ value: Double) -> JSONValue? {
        // Swift's shortest round-trip description (`1.0`, `1e-05`, `1e+20`) is valid JSON.
        value.isFinite ? .number(value.description) : nil
    }

    /// Parses an integer lexeme exactly, with overflow checks; nil for anything else.
    static func exactInt64(_ bytes: some Sequence<UInt8>) -> Int64? {
        var iterator = bytes.makeIterator()
        guard var byte = iterator.next() else { return nil }
        let negative = byte == UInt8(ascii: "-")
        if negative {
            guard let next = iterator.next() else { return nil }
            byte = next
        }
        // Accumulate negatively so Int64.min, whose magnitude has no positive twin, fits.
        var value: Int64 = 0
        var digits = 0
        while true {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            if digits == 1 && value == 0 { return nil }  // leading zero: not a JSON integer
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.subtractingReportingOverflow(Int64(byte - 0x30))
            guard !o1, !o2 else { return nil }
            value = sum
            digits += 1
            guard let next = iterator.next() else { break }
            byte = next
        }
        if negative { return value }
        let (positive, overflow) = (0 as Int64).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }
}
