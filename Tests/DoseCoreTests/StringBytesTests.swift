import DoseTestSupport
import Testing
@testable import DoseCore

/// `hasSameBytes(as:)` and `precedesInBytes(_:)` agree with the generic walks over `utf8`.
@Suite(.timeLimit(.minutes(5)), .watched) struct StringBytesTests {
    /// Small (inline) and large strings, shared prefixes, proper prefixes, bytes above 0x7F,
    /// and the two spellings of é (equal as Strings, different bytes).
    static let strings: [String] = [
        "", "a", "b", "ab", "abc", "abcdefgh", "abcdefghi", "abcdefgh\u{1}", "abcdefgz",
        "f-000001-2cd5a377", "f-000001-2cd5a378", "f-000001-2cd5a37", "q-000002-380e7fad",
        "caf\u{E9}", "cafe\u{301}", "café long enough to be a heap string", "cafe\u{301} long enough to be a heap string",
        "π/𝄞", "\u{7F}", "\u{80}", "\u{FFFF}", "𝄞", String(repeating: "é", count: 64),
    ]

    @Test func agreesWithTheGenericComparisons() {
        for left in Self.strings {
            for right in Self.strings {
                #expect(left.hasSameBytes(as: right) == left.utf8.elementsEqual(right.utf8), "\(left) \(right)")
                #expect(left.precedesInBytes(right) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left) \(right)")
            }
        }
    }

    @Test func canonicallyEquivalentStringsDifferInBytes() {
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(!"caf\u{E9}".hasSameBytes(as: "cafe\u{301}"))
        #expect("cafe\u{301}".precedesInBytes("caf\u{E9}"))  // 0x65 'e' before 0xC3
    }

    /// Substrings turned into Strings and strings built by appending are contiguous too; the result is the same.
    @Test func builtStringsCompareTheSame() {
        var built = "abcdefgh"
        built.append("i")
        let sliced = String("xabcdefghi".dropFirst())
        #expect(built.hasSameBytes(as: sliced))
        #expect(!built.precedesInBytes(sliced) && !sliced.precedesInBytes(built))
        #expect(BranchCode(exactly: "CS")! < BranchCode(exactly: "EE")!)
        #expect(!(BranchCode(exactly: "ZZ")! < BranchCode(exactly: "AA")!))
    }
}
