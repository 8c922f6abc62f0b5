import DoseCore
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct JSONWriterTests {
    @Test func quotesAndEscapes() {
        #expect(JSONWriter.quoted("plain") == "\"plain\"")
        #expect(JSONWriter.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONWriter.quoted("\n\t\r\u{8}\u{C}") == #""\n\t\r\b\f""#)
        #expect(JSONWriter.quoted("\u{0}\u{1F}") == #""\u0000\u001f""#)
        #expect(JSONWriter.quoted("é😀") == "\"é😀\"")
    }

    /// JSON printed to a terminal (`--json`) carries no escape: ESC, DEL and C1 controls are `\u` escapes.
    @Test func escapesDELAndC1() throws {
        #expect(JSONWriter.quoted("a\u{7F}b") == #""a\u007fb""#)
        #expect(JSONWriter.quoted("\u{1B}]0;t\u{7}") == #""\u001b]0;t\u0007""#)
        #expect(JSONWriter.quoted("x\u{9B}2J\u{80}\u{9F}") == #""x\u009b2J\u0080\u009f""#)
        // U+00A0 and U+00C2 share C2/C3 lead bytes with C1 but are printable: written as they are.
        #expect(JSONWriter.quoted("\u{A0}\u{C2}\u{C2}\u{9B}") == "\"\u{A0}\u{C2}\u{C2}\\u009b\"")
        let value: JSONValue = ["e": .string("\u{9D}52;c;aGk=\u{9C}")]
        #expect(value.serialized() == #"{"e":"\u009d52;c;aGk=\u009c"}"#)
        #expect(try JSONParser.parse(value.serialized())["e"]?.string == "\u{9D}52;c;aGk=\u{9C}")
    }

    @Test func serializesCompactAndPretty() {
        let value: JSONValue = ["a": [1, true, nil], "b": [:], "c": []]
        #expect(value.serialized() == #"{"a":[1,true,null],"b":{},"c":[]}"#)
        #expect(value.serialized(pretty: true) == """
            {
              "a": [
                1,
                true,
                null
              ],
              "b": {},
              "c": []
            }
            """)
        #expect(JSONValue.double(0.5)?.serialized() == "0.5")
        #expect(JSONValue.double(.infinity) == nil)
    }
}

/// SplitMix64: a tiny deterministic generator, so failures reproduce.
struct JSONTestRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    mutating func string() -> String {
        let pool: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}",
                                      "é", "€", "\u{2028}", "😀", "\u{10FFFF}", "\u{FFFF}", "\u{301}"]
        var s = String.UnicodeScalarView()
        for _ in 0..<below(12) { s.append(pool[below(pool.count)]) }
        return String(s)
    }

    mutating func number() -> String {
        switch below(4) {
        case 0: return String(Int64(bitPattern: next()))
        case 1: return "\(below(2) == 0 ? "-" : "")\(below(1000)).\(below(1000))"
        case 2: return "\(below(10))e\(["", "+", "-"][below(3)])\(below(400))"
        default: return Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF).description
        }
    }

    mutating func value(depth: Int) -> JSONValue {
        switch below(depth > 4 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(below(2) == 0)
        case 2: return .number(number())
        case 3, 4: return .string(string())
        case 5: return .array((0..<below(5)).map { _ in value(depth: depth + 1) })
        default:
            var members: [(key: String, value: JSONValue)] = []
            for i in 0..<below(5) { members.append((key: string() + "#\(i)", value: value(depth: depth + 1))) }
            return .object(members)
        }
    }
}

@Test(.timeLimit(.minutes(5)), .watched) func randomValuesRoundTrip() throws {
    var random = JSONTestRandom(state: 20_240_601)
    for _ in 0..<2_000 {
        let value = random.value(depth: 0)
        for pretty in [false, true] {
            let text = value.serialized(pretty: pretty)
            let parsed = try JSONParser.parse(text)
            #expect(parsed == value, "\(text)")
        }
    }
}
