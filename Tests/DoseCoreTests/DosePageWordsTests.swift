import DoseCore
import DoseTestSupport
import Testing

/// The page's own words: English on `dose open`'s page as it always was, a translation's words escaped like
/// content, and the retired page's id put in its place escaped, once.
@Suite(.timeLimit(.minutes(5)), .watched) struct DosePageWordsTests {
    let assets = DosePage.Assets(katexBase: "file:///k", renderScript: "file:///s.js")
    let question = Item(id: "q-1", kind: .question, text: "Why?", answer: "Because", explanation: "So it is")

    @Test func theBrowserPageKeepsItsEnglishWords() {
        let page = DosePage.html(item: question, requestedID: "q-1", assets: assets)
        #expect(page.contains("<details class=\"dd-reveal\"><summary>Show the answer</summary>\n"))
        #expect(page.contains("<p class=\"dd-answer\"><strong>Answer:</strong> Because</p>\n"))
        let retired = DosePage.html(item: nil, requestedID: "q-<gone>", assets: assets)
        #expect(retired.contains("<h1>This dose is no longer available</h1>\n<p class=\"dd-text\">The notification "
            + "advertised the dose <code>q-&lt;gone&gt;</code>, but it has been retired from the content pool since. "
            + "Nothing else was opened in its place.</p>\n</main>"))
        #expect(retired.contains("<title>Dose no longer available — Daily Dose</title>"))
    }

    @Test func translatedWordsAreEscapedAndTheIdGoesInOnce() {
        let words = DosePage.Words(
            answer: "<b>Antwort</b>:", showAnswer: "Antwort \"zeigen\"", showExplanation: "Erklärung & mehr",
            retiredHeading: "Nicht mehr da <i>", retiredTitle: "Weg's", retiredText: "Dosis {id} ist weg; {id} bleibt <so>.")
        let details = DosePage.Presentation(heading: true, answer: .details, dark: nil, words: words)
        let page = DosePage.html(item: question, requestedID: "q-1", assets: assets, presentation: details)
        #expect(page.contains("<summary>Antwort &quot;zeigen&quot;</summary>"))
        #expect(page.contains("<strong>&lt;b&gt;Antwort&lt;/b&gt;:</strong> Because"))
        #expect(!page.contains("<b>Antwort"))
        let fact = Item(id: "f-1", kind: .fact, text: "It is.", explanation: "Why")
        #expect(DosePage.html(item: fact, requestedID: "f-1", assets: assets, presentation: details)
            .contains("<summary>Erklärung &amp; mehr</summary>"))

        // An id that itself reads "{id}" is not expanded again; the sentence's second {id} stays as written.
        let retired = DosePage.html(item: nil, requestedID: "<{id}>", assets: assets, presentation: details)
        #expect(retired.contains("<h1>Nicht mehr da &lt;i&gt;</h1>"))
        #expect(retired.contains("<p class=\"dd-text\">Dosis <code>&lt;{id}&gt;</code> ist weg; {id} bleibt &lt;so&gt;.</p>"))
        #expect(retired.contains("<title>Weg&#39;s — Daily Dose</title>"))
        // Shown in the app's way: the section, no summary.
        let shown = DosePage.Presentation(heading: false, answer: .shown, dark: false, words: words)
        let app = DosePage.html(item: question, requestedID: "q-1", assets: assets, presentation: shown)
        #expect(app.contains("<section class=\"dd-reveal\">\n<p class=\"dd-answer\"><strong>&lt;b&gt;Antwort&lt;/b&gt;:</strong>"))
        #expect(!app.contains("<summary>"))
    }
}
