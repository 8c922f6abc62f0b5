import DoseCore
import DoseTestSupport
import Testing

/// Parses text, returning the error (or nil when it parsed).
private func failure(_ bytes: [UInt8], maxDepth: Int = 64) -> JSONError? {
    do {
        _ = try JSONParser.parse(bytes, maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

private func failure(_ text: String, maxDepth: Int = 64) -> JSONError? {
    failure(Array(text.utf8), maxDepth: maxDepth)
}

@Suite(.timeLimit(.minutes(5)), .watched) struct JSONParserTests {
    @Test func parsesScalarsAndContainers() throws {
        #expect(try JSONParser.parse("null") == .null)
        #expect(try JSONParser.parse(" true ") == .bool(true))
        #expect(try JSONParser.parse("false") == .bool(false))
        #expect(try JSONParser.parse("-12.5e+3") == .number("-12.5e+3"))
        #expect(try JSONParser.parse(#""a""#) == .string("a"))
        #expect(try JSONParser.parse("[1, [], {}]") == .array([.number("1"), .array([]), .object([])]))
        let object = try JSONParser.parse(#"{"b": 1, "a": [true, null]}"#)
        #expect(object == ["b": 1, "a": [true, nil]])
        // Order is part of an object's identity.
        #expect(object != ["a": [true, nil], "b": 1])
        #expect(object["a"] == [true, nil])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#""q\"b\\s\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00""#)
        #expect(value == .string("q\"b\\s/\u{8}\u{C}\n\r\tAé€😀"))
        #expect(try JSONParser.parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try JSONParser.parse("\"héllo 😀 ok\"") == .string("héllo 😀 ok"))
    }

    @Test func stringsCompareByExactBytes() {
        // Canonically equivalent but different code points: JSON treats them as different.
        #expect(JSONValue.string("\u{E9}") != JSONValue.string("e\u{301}"))
    }

    @Test func rejectsBadEscapes() {
        #expect(failure(#""\x""#)?.reason == .invalidEscape("\\'x' is not a JSON escape"))
        #expect(failure(#""\u12G4""#)?.reason == .invalidEscape("\\u needs four hex digits"))
        #expect(failure(#""\u12""#)?.reason == .invalidEscape("\\u needs four hex digits"))
    }

    @Test func rejectsLoneAndMisorderedSurrogates() throws {
        let lowFirst = try #require(failure(#""\udc00""#))
        guard case .invalidSurrogate = lowFirst.reason else { Issue.record("got \(lowFirst)"); return }
        #expect(lowFirst.column == 2)
        for text in [#""\ud800""#, #""\ud800x""#, #""\ud800\u0041""#, #""\ud800\ud800""#] {
            guard case .invalidSurrogate? = failure(text)?.reason else {
                Issue.record("\(text) was not rejected as a surrogate error")
                continue
            }
        }
    }

    @Test func rejectsRawControlCharactersInStrings() throws {
        let error = try #require(failure("[\"a\nb\"]"))
        #expect(error.reason == .controlCharacterInString(0x0A))
        #expect(error.line == 1 && error.column == 4)
        #expect(failure("\"\u{1F}\"")?.reason == .controlCharacterInString(0x1F))
        #expect(failure("\"a\tb\"")?.reason == .controlCharacterInString(0x09))
    }

    @Test func rejectsInvalidUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xC3, 0x28, 0x22],  // lead byte followed by ASCII
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong 3-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-16 surrogate encoded in UTF-8
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0x80, 0x22],  // stray continuation byte
            [0x22, 0xFF, 0x22],
            [0x22, 0xE2, 0x82],  // truncated at end of input
        ]
        for bytes in cases {
            let error = failure(bytes)
            #expect(error?.reason == .invalidUTF8, "\(bytes)")
            #expect(error?.offset == 1, "\(bytes)")
        }
        // Valid multi-byte sequences at each length pass.
        #expect(failure([0x22, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x22]) == nil)
    }

    @Test func reportsUnterminatedStringAtItsOpeningQuote() throws {
        let error = try #require(failure("{\n  \"key\": \"never closed"))
        #expect(error.reason == .unterminatedString)
        #expect(error.line == 2 && error.column == 10)
        #expect(error.description == "line 2, column 10: unterminated string (no closing quote)")
    }

    @Test func validatesNumberGrammar() throws {
        for good in ["0", "-0", "12", "-1.0", "1e5", "1E-5", "0.5e+10", "9223372036854775808"] {
            #expect(try JSONParser.parse(good) == .number(good))
        }
        let bad: [(String, String)] = [
            ("01", "leading zeros are not allowed"), ("-", "expected a digit"), ("1.", "expected a digit after the decimal point"),
            ("1e", "expected a digit in the exponent"), ("1e+", "expected a digit in the exponent"),
            ("-a", "expected a digit"), (".5", ""), ("+1", ""),
        ]
        for (text, detail) in bad {
            let error = failure(text)
            if detail.isEmpty {
                guard case .unexpectedCharacter? = error?.reason else { Issue.record("\(text): \(String(describing: error))"); continue }
            } else {
                #expect(error?.reason == .invalidNumber(detail), "\(text)")
            }
        }
    }

    @Test func int64AcceptsOnlyExactIntegers() {
        #expect(JSONValue.number("9223372036854775807").int64 == Int64.max)
        #expect(JSONValue.number("-9223372036854775808").int64 == Int64.min)
        #expect(JSONValue.number("-0").int64 == 0)
        #expect(JSONValue.number("42").int64 == 42)
        #expect(JSONValue.number("9223372036854775808").int64 == nil)
        #expect(JSONValue.number("-9223372036854775809").int64 == nil)
        #expect(JSONValue.number("1.0").int64 == nil)
        #expect(JSONValue.number("1e3").int64 == nil)
        #expect(JSONValue.string("1").int64 == nil)
        #expect(JSONValue.integer(-7) == .number("-7"))
    }

    @Test func boundsNestingDepthExactly() throws {
        let limit = 10
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(failure(atLimit, maxDepth: limit) == nil)
        let past = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = try #require(failure(past, maxDepth: limit))
        #expect(error.reason == .tooDeep(limit: limit))
        #expect(error.column == limit + 1)
        let objects = String(repeating: "{\"a\":", count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)
        #expect(failure(objects, maxDepth: limit)?.reason == .tooDeep(limit: limit))
        #expect(failure("1", maxDepth: 0) == nil)
        #expect(failure("[]", maxDepth: 0)?.reason == .tooDeep(limit: 0))
    }

    @Test func rejectsTrailingDataAndStructuralErrors() {
        #expect(failure("{} x")?.reason == .trailingData)
        #expect(failure("1 2")?.reason == .trailingData)
        #expect(failure("[1,]")?.reason == .unexpectedCharacter(UInt8(ascii: "]"), expected: "a value"))
        #expect(failure(#"{"a":1,}"#)?.reason == .unexpectedCharacter(UInt8(ascii: "}"), expected: "a string key"))
        #expect(failure("[1 2]")?.reason == .unexpectedCharacter(UInt8(ascii: "2"), expected: "',' or ']'"))
        #expect(failure("{a:1}")?.reason == .unexpectedCharacter(UInt8(ascii: "a"), expected: "a string key or '}'"))
        #expect(failure("[")?.reason == .unexpectedEnd(expected: "a value"))
        #expect(failure("")?.reason == .unexpectedEnd(expected: "a value"))
        #expect(failure("tru")?.reason == .unexpectedCharacter(UInt8(ascii: "t"), expected: "a value"))
        #expect(failure("nul")?.reason == .unexpectedCharacter(UInt8(ascii: "n"), expected: "a value"))
    }

    @Test func rejectsDuplicateKeysWithPosition() throws {
        let error = try #require(failure("{\"a\": 1,\n \"a\": 2}"))
        #expect(error.reason == .duplicateKey("a"))
        #expect(error.line == 2 && error.column == 2)
        #expect(error.description == "line 2, column 2: duplicate key \"a\"")
        // Large objects switch to a set; duplicates are still found.
        let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0"]
        #expect(failure("{" + members.joined(separator: ",") + "}")?.reason == .duplicateKey("k7"))
        // Escaped spelling of the same key is the same key.
        #expect(failure(#"{"ab": 1, "a\u0062": 2}"#)?.reason == .duplicateKey("ab"))
    }

    @Test func rejectsByteOrderMark() throws {
        let error = try #require(failure([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
        #expect(error.reason == .byteOrderMark)
        #expect(error.description.contains("byte order mark"))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try #require(failure("[\"é\", x]"))
        #expect(error.column == 7)
        #expect(error.offset == 7)
    }
}
