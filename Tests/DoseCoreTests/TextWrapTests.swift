import DoseCore
import DoseTestSupport
import Testing

/// Paragraph wrapping to a given width, counting terminal columns.
@Suite(.timeLimit(.minutes(5)), .watched) struct TextWrapTests {
    static let paragraph = "Water flows through a pipe at a Reynolds number of 1000. Is the flow laminar or turbulent? "
        + "Below about 2300 it stays laminar, which is why honey pours smoothly."

    @Test(arguments: [20, 33, 40, 57, 80, 100])
    func noLineIsWiderThanTheWidthAndNoWordIsLost(width: Int) {
        let wrapped = TextWrap.wrap(Self.paragraph, width: width)
        for line in wrapped.split(separator: "\n") {
            #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
            #expect(!line.hasSuffix(" ") && !line.hasPrefix(" "), "\(line)")
        }
        #expect(wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" }) == Self.paragraph.split(separator: " "))
        // Greedy: each line's next word would not have fitted on it.
        let lines = wrapped.split(separator: "\n")
        for (line, next) in zip(lines, lines.dropFirst()) {
            let firstWord = next.split(separator: " ").first ?? ""
            #expect(DisplayWidth.of(line) + 1 + DisplayWidth.of(firstWord) > width, "\(line) | \(next)")
        }
    }

    @Test func aTextThatFitsIsUnchangedAndParagraphsStaySeparate() {
        let text = "Fact of the day\n\nShort line.\n\nid: f-ohm"
        #expect(TextWrap.wrap(text, width: 40) == text)
        #expect(TextWrap.wrap("aaa bbb\n\nccc ddd", width: 5) == "aaa\nbbb\n\nccc\nddd")
    }

    @Test func aWordWiderThanTheLineStaysWholeOnItsOwnLine() {
        let formula = "E=mc²·(1+v²/c²+v⁴/c⁴+…)"
        #expect(TextWrap.wrap("so \(formula) holds", width: 10) == "so\n\(formula)\nholds")
    }

    @Test func wideAndCombiningCharactersCountAsTheyShow() {
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("x̄ ± σ") == 5)
        #expect(DisplayWidth.of("ε₀") == 2)
        // Five CJK words of width 4 each: two fit in 9 columns, not three.
        #expect(TextWrap.wrap("漢字 漢字 漢字 漢字 漢字", width: 9) == "漢字 漢字\n漢字 漢字\n漢字")
        // Combining overlines add no width: "A̅B̅ x" is 4 columns and fits in 4.
        #expect(TextWrap.wrap("A\u{305}B\u{305} x", width: 4) == "A\u{305}B\u{305} x")
    }

    @Test func indentationIsKeptOnContinuationLines() {
        #expect(TextWrap.wrap("  one two three", width: 9) == "  one two\n  three")
    }

    @Test func aWidthOfZeroLeavesTheTextAlone() {
        #expect(TextWrap.wrap(Self.paragraph, width: 0) == Self.paragraph)
    }
}
