import DoseCore
import DoseTestSupport
import Testing

/// A page of parts (the app's quiz): every text and lead escaped, `$…$` handed to KaTeX as text, the same CSP.
@Suite(.timeLimit(.minutes(5)), .watched) struct DosePageParagraphsTests {
    @Test func partsAreEscapedAndMathsGoesToKaTeX() {
        let page = DosePage.paragraphs(
            title: "Quiz: <A> & B",
            [
                DosePage.Paragraph("What is $\\frac{a}{b}$ <script>alert(1)</script>?", style: .prompt),
                DosePage.Paragraph("$x < y$", lead: "<b>A</b>", style: .right),
                DosePage.Paragraph("no", lead: "B", style: .wrong),
            ],
            assets: DosePage.Assets(katexBase: "file:///k", renderScript: "file:///s.js"),
            presentation: DosePage.Presentation(heading: false, answer: .withheld, dark: true))
        #expect(page.contains(#"<p class="dd-text">What is <span class="dd-math" data-display="inline">\frac{a}{b}</span> &lt;script&gt;alert(1)&lt;/script&gt;?</p>"#))
        #expect(page.contains(#"<p class="dd-right"><strong>&lt;b&gt;A&lt;/b&gt;</strong> <span class="dd-math" data-display="inline">x &lt; y</span></p>"#))
        #expect(page.contains(#"<p class="dd-wrong"><strong>B</strong> no</p>"#))
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("<title>Quiz: &lt;A&gt; &amp; B — Daily Dose</title>"))
        #expect(page.contains("default-src 'none'; script-src file:;") && page.contains(#"<html lang="en" class="dd-dark">"#))
    }
}
