/// A cursor over UTF-8 bytes with the lexical pieces of strict JSON.
///
/// Shared by the tree parser and the snapshot decoder, so both accept exactly the same
/// language. Works on an `UnsafeBufferPointer` that the caller keeps alive; strings are
/// validated while scanning and built from byte slices in one go.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Reused buffer for strings with escapes, so each one costs no fresh allocation.
    private var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func error(_ reason: JSONError.Reason, at offset: Int) -> JSONError {
        JSONError(reason, in: bytes, at: offset)
    }

    /// The error for the current byte (or the end) when `expected` was needed.
    func unexpected(_ expected: String) -> JSONError {
        position < bytes.count
            ? error(.unexpectedCharacter(bytes[position], expected: expected), at: position)
            : error(.unexpectedEnd(expected: expected), at: position)
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The current byte; only call when not at the end.
    var current: UInt8 { bytes[position] }

    /// Rejects a UTF-8 byte order mark up front, with a message that says what it is.
    func rejectByteOrderMark() throws(JSONError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw error(.byteOrderMark, at: 0)
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Skips whitespace, then consumes `byte` or fails naming `expected`.
    mutating func expect(_ byte: UInt8, _ expected: String) throws(JSONError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { throw unexpected(expected) }
        position += 1
    }

    /// Skips whitespace and consumes `byte` when it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        if position < bytes.count && bytes[position] == byte {
            position += 1
            return true
        }
        return false
    }

    /// Consumes `true`, `false` or `null` at the cursor.
    mutating func literal() throws(JSONError) -> JSONValue {
        func matches(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - position >= count else { return false }
            let start = word.utf8Start
            for i in 0..<count where bytes[position + i] != start[i] { return false }
            return true
        }
        if matches("true") { position += 4; return .bool(true) }
        if matches("false") { position += 5; return .bool(false) }
        if matches("null") { position += 4; return .null }
        throw unexpected("a value")
    }

    // MARK: Numbers

    /// Consumes a number at the cursor and returns its byte range (the lexeme).
    mutating func numberRange() throws(JSONError) -> Range<Int> {
        let start = position
        let n = bytes.count
        var i = position
        if i < n && bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n, isDigit(bytes[i]) else {
            throw error(.invalidNumber("expected a digit"), at: i)
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < n && isDigit(bytes[i]) {
                throw error(.invalidNumber("leading zeros are not allowed"), at: i - 1)
            }
        } else {
            while i < n && isDigit(bytes[i]) { i += 1 }
        }
        if i < n && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < n, isDigit(bytes[i]) else {
                throw error(.invalidNumber("expected a digit after the decimal point"), at: i)
            }
            while i < n && isDigit(bytes[i]) { i += 1 }
        }
        if i < n && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            if i < n && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard i < n, isDigit(bytes[i]) else {
                throw error(.invalidNumber("expected a digit in the exponent"), at: i)
            }
            while i < n && isDigit(bytes[i]) { i += 1 }
        }
        position = i
        return start..<i
    }

    /// The lexeme of a number range as a String (ASCII, so no validation is needed).
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    // MARK: Strings

    /// A string's content: a byte range when it had no escapes (the common case), else decoded.
    enum StringToken {
        case raw(Range<Int>)
        case decoded(String)
    }

    /// Consumes a string at the cursor (which must be on the opening quote).
    mutating func string() throws(JSONError) -> String {
        switch try stringToken() {
        case .raw(let range): return text(range)
        case .decoded(let s): return s
        }
    }

    /// Consumes a string at the cursor, validating UTF-8, escapes and control characters.
    mutating func stringToken() throws(JSONError) -> StringToken {
        let (raw, escaped) = try skipString()
        guard escaped else { return .raw(raw) }
        // Validated already: copy the runs between escapes, each escape decoded into the scratch buffer.
        // A backslash byte there always starts an escape (UTF-8 continuation bytes are 0x80 and up).
        scratch.removeAll(keepingCapacity: true)
        var i = raw.lowerBound
        var runStart = i
        while i < raw.upperBound {
            if bytes[i] == 0x5C {
                scratch.append(contentsOf: bytes[runStart..<i])
                i = try escape(at: i)
                runStart = i
            } else {
                i += 1
            }
        }
        scratch.append(contentsOf: bytes[runStart..<raw.upperBound])
        return .decoded(String(decoding: scratch, as: UTF8.self))
    }

    /// Consumes a string at the cursor, validating UTF-8, escapes and control characters, but builds
    /// nothing: returns the raw bytes between the quotes and whether they hold escapes.
    mutating func skipString() throws(JSONError) -> (raw: Range<Int>, escaped: Bool) {
        let open = position
        let n = bytes.count
        var i = position + 1
        let start = i
        var escaped = false
        while true {
            i = skipPlainASCII(from: i)
            guard i < n else { throw error(.unterminatedString, at: open) }
            let byte = bytes[i]
            if byte == 0x22 {
                position = i + 1
                return (start..<i, escaped)
            }
            if byte == 0x5C {
                escaped = true
                // The one-letter escapes are checked in place; `\u` goes through `escape` (surrogate rules).
                switch i + 1 < n ? bytes[i + 1] : 0 {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                default:
                    scratch.removeAll(keepingCapacity: true)
                    i = try escape(at: i)  // validates (or throws the same error); the decoded bytes are not kept
                }
            } else if byte < 0x20 {
                throw error(.controlCharacterInString(byte), at: i)
            } else {
                i = try utf8SequenceEnd(at: i)
            }
        }
    }

    /// Skips bytes that need no attention inside a string: ASCII other than `"`, `\` and controls.
    /// Eight bytes at a time while it can, because long texts dominate a snapshot.
    @inline(__always)
    private func skipPlainASCII(from start: Int) -> Int {
        var i = start
        let n = bytes.count
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= n {
                let special = Self.specialBytes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if special != 0 { return i + Self.firstFlagged(special) }
                i += 8
            }
        }
        while i < n {
            let byte = bytes[i]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
            i += 1
        }
        return i
    }

    /// The top bit of every byte of `word` that a string scan must stop at: `"`, `\`, a control
    /// character or a non-ASCII byte (SWAR: subtracting from a zero, or a below-0x20, byte borrows
    /// into its top bit).
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let quote = word ^ (ones &* 0x22)
        let slash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasSlash = (slash &- ones) & ~slash
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasSlash | hasControl | word) & highs
    }

    /// The offset of the first byte flagged in a non-zero `specialBytes` mask. Borrows (and carries)
    /// only ever flag bytes above a truly flagged one, so the lowest flag is exact (little-endian: the
    /// lowest set bit is the first byte in memory).
    @inline(__always)
    static func firstFlagged(_ mask: UInt64) -> Int { mask.trailingZeroBitCount / 8 }

    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Validates one multi-byte UTF-8 sequence (or an ASCII byte) and returns where it ends.
    @inline(__always)
    private func utf8SequenceEnd(at i: Int) throws(JSONError) -> Int {
        let lead = bytes[i]
        if lead < 0x80 { return i + 1 }
        // Allowed range of the second byte and how many continuation bytes follow it (RFC 3629).
        let second: ClosedRange<UInt8>
        let tail: Int
        switch lead {
        case 0xC2...0xDF: second = 0x80...0xBF; tail = 0
        case 0xE0: second = 0xA0...0xBF; tail = 1  // excludes overlong forms
        case 0xE1...0xEC, 0xEE...0xEF: second = 0x80...0xBF; tail = 1
        case 0xED: second = 0x80...0x9F; tail = 1  // excludes UTF-16 surrogates
        case 0xF0: second = 0x90...0xBF; tail = 2
        case 0xF1...0xF3: second = 0x80...0xBF; tail = 2
        case 0xF4: second = 0x80...0x8F; tail = 2  // nothing above U+10FFFF
        default: throw error(.invalidUTF8, at: i)
        }
        let end = i + 2 + tail
        guard end <= bytes.count, second.contains(bytes[i + 1]) else { throw error(.invalidUTF8, at: i) }
        var j = i + 2
        while j < end {
            guard bytes[j] & 0xC0 == 0x80 else { throw error(.invalidUTF8, at: i) }
            j += 1
        }
        return end
    }

    /// Decodes the escape at `i` (a backslash) into the scratch buffer; returns the next index.
    private mutating func escape(at i: Int) throws(JSONError) -> Int {
        guard i + 1 < bytes.count else { throw error(.invalidEscape("backslash at end of input"), at: i) }
        let decoded: UInt8
        switch bytes[i + 1] {
        case UInt8(ascii: "\""): decoded = 0x22
        case UInt8(ascii: "\\"): decoded = 0x5C
        case UInt8(ascii: "/"): decoded = 0x2F
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"): return try unicodeEscape(at: i)
        case let other:
            throw error(.invalidEscape("\\\(JSONError.show(other)) is not a JSON escape"), at: i)
        }
        scratch.append(decoded)
        return i + 2
    }

    /// Decodes `\uXXXX`, pairing surrogates; a lone or misordered surrogate is an error.
    private mutating func unicodeEscape(at i: Int) throws(JSONError) -> Int {
        let high = try hex4(at: i)
        var scalarValue = UInt32(high)
        var next = i + 6
        if (0xDC00...0xDFFF).contains(high) {
            throw error(.invalidSurrogate("low surrogate \\u\(hexText(high)) without a high surrogate before it"), at: i)
        }
        if (0xD800...0xDBFF).contains(high) {
            guard next + 1 < bytes.count, bytes[next] == 0x5C, bytes[next + 1] == UInt8(ascii: "u") else {
                throw error(.invalidSurrogate("high surrogate \\u\(hexText(high)) not followed by a low surrogate"), at: i)
            }
            let low = try hex4(at: next)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(.invalidSurrogate("high surrogate \\u\(hexText(high)) followed by \\u\(hexText(low))"), at: i)
            }
            scalarValue = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        }
        // Surrogates are excluded above, so this scalar always exists.
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        scratch.append(contentsOf: scalar.utf8)
        return next
    }

    /// The four hex digits after the `\u` at `i`.
    private func hex4(at i: Int) throws(JSONError) -> UInt16 {
        guard i + 6 <= bytes.count else {
            throw error(.invalidEscape("\\u needs four hex digits"), at: i)
        }
        var value: UInt16 = 0
        for j in (i + 2)..<(i + 6) {
            let byte = bytes[j]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw error(.invalidEscape("\\u needs four hex digits"), at: i)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private func hexText(_ value: UInt16) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - text.count) + text
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
