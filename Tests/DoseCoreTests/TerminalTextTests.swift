import DoseCore
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct TerminalTextTests {
    static let hostile = "a\u{1B}]0;title\u{7}b\u{1B}[2Jc\u{1B}]52;c;aGVsbG8=\u{7}d\u{9B}31me\u{7F}f\u{0}g\r"

    @Test func escapesEveryControlVisibly() {
        let safe = TerminalText.safe(Self.hostile)
        #expect(safe == #"a\u{1B}]0;title\u{7}b\u{1B}[2Jc\u{1B}]52;c;aGVsbG8=\u{7}d\u{9B}31me\u{7F}f\u{0}g\u{D}"#)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func keepsLayoutOnlyWhenAsked() {
        #expect(TerminalText.safe("one\n\ttwo") == "one\n\ttwo")
        #expect(TerminalText.safe("one\n\ttwo", keepingLayout: false) == #"one\u{A}\u{9}two"#)
    }

    @Test func leavesPrintableTextAlone() {
        let text = "Ohm's law: V = I·R — µ, Â, \u{A0}, 😀, עברית"
        #expect(TerminalText.safe(text) == text)
        #expect(TerminalText.safe(text, keepingLayout: false) == text)
    }

    /// A bidi override stored before the content rules refused it would reorder the rest of the line
    /// (`dose learn deck` printed "Invoice \u{202E}gpj.exe" as "Invoice exe.jpg"); marks, which Arabic and
    /// Hebrew prose needs, and the neighbouring characters stay.
    @Test func escapesBidiControlsAndKeepsMarks() {
        #expect(TerminalText.safe("Invoice \u{202E}gpj.exe") == #"Invoice \u{202E}gpj.exe"#)
        for value: UInt32 in 0x2000...0x206F {
            let text = "a" + String(Character(Unicode.Scalar(value)!)) + "b"
            let bidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            #expect(TerminalText.safe(text) == (bidi ? "a\\u{\(String(value, radix: 16, uppercase: true))}b" : text),
                    "U+\(String(value, radix: 16))")
        }
        #expect(TerminalText.safe("שלום\u{200F}, عالم\u{061C}.") == "שלום\u{200F}, عالم\u{061C}.")
    }

    /// Every scalar from U+0000 to U+00FF: exactly C0, DEL and C1 are escaped.
    @Test func sweepsTheFirst256Scalars() {
        for value in 0...0xFF as ClosedRange<UInt32> {
            let scalar = Unicode.Scalar(value)!
            let safe = TerminalText.safe(String(Character(scalar)), keepingLayout: false)
            let control = value < 0x20 || (0x7F...0x9F).contains(value)
            #expect((safe != String(Character(scalar))) == control, "U+\(String(value, radix: 16))")
        }
    }
}
