import DoseCore
import DoseDesktop
import DoseTestSupport
import Foundation
import Testing

/// The card as part of the window: one rendering of a question, no id before (or after) Reveal, the window's
/// colours and font in its page, escaping as strict as `dose open`'s.
@Suite(.timeLimit(.minutes(5)), .watched) struct CardPageTests {
    let start = CivilDate(year: 2026, month: 11, day: 30)!
    let assets = DosePage.Assets(katexBase: "file:///k", renderScript: "file:///s.js")
    let theme = PageTheme.adwaita(dark: true, highContrast: false, fontName: "Cantarell 11")

    /// The text of every element of `html`'s body (tags dropped, entities left), for counting what a reader sees.
    private func bodyText(_ html: String) -> String {
        let body = html.components(separatedBy: "<body>").last ?? ""
        return body.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
    }

    @Test func aQuestionWithoutATitleIsRenderedOnceUnderItsKindAndDay() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        var browser = DoseBrowser(pool: home.pool(on: start))
        browser.show(day: start, pool: home.pool(on: start))
        #expect(browser.card.headingText.hasSuffix(" · Monday, November 30, 2026"))
        browser.open("q-weber", home.pool(on: start))
        // Opened by id, not tied to a day: the kind alone; no title line, so the page is the question's one rendering.
        #expect(browser.card.headingText == "Question")
        #expect(browser.card.titleText == nil)
        let page = browser.card.html(assets: assets, dark: false, theme: theme)
        #expect(page.components(separatedBy: "What is one").count == 2, "the question's text once in the page")
        #expect(page.contains("<span class=\"dd-math\" data-display=\"inline\">\\Phi</span>"), "its maths for KaTeX")
        #expect(browser.card.plainText.components(separatedBy: "What is one").count == 2, "and once for a screen reader")
        // A dose with a title of its own keeps its title line.
        browser.open("f-ohm", home.pool(on: start))
        #expect(browser.card.titleText == "Ohm's law")
        #expect(browser.card.headingText == "Fact")
    }

    @Test func theHeadingIsTheKindAndTheDayInTheUsersLanguage() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        let pool = home.pool(on: start)
        var browser = DoseBrowser(pool: pool)
        let kind = try #require(browser.card.item?.kind)
        #expect(browser.card.headingText == kind.name + " · Monday, November 30, 2026")
        try German.run {
            browser.show(day: start, pool: pool)
            let german = ["fact": "Fakt", "formula": "Formel", "question": "Frage"][kind.rawValue] ?? "?"
            #expect(browser.card.headingText == german + " · Montag, 30. November 2026")
        }
    }

    @Test func noIdIsOnTheAppsPageBeforeOrAfterReveal() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        var browser = DoseBrowser(pool: home.pool(on: start))
        for id in ["q-weber", "f-ohm", "q-stack"] {
            browser.open(id, home.pool(on: start))
            for dark in [false, true] {
                let page = browser.card.html(assets: assets, dark: dark, theme: theme)
                #expect(!bodyText(page).contains(id), "\(id) before Reveal")
                #expect(!page.contains("class=\"dd-id\""))
            }
            browser.reveal()
            #expect(!bodyText(browser.card.html(assets: assets, dark: false, theme: theme)).contains(id), "\(id) revealed")
            #expect(!browser.card.plainText.contains(id))
            #expect(browser.card.headingText.contains(id) == false && (browser.card.titleText ?? "").contains(id) == false)
        }
        // Upcoming's rows carry no id either (the row keeps it for opening, not for showing).
        for row in try Upcoming.rows(home.pool(on: start)) {
            #expect(![row.weekday, row.date, row.kind, row.title].contains { $0.contains(row.itemID) })
        }
    }

    @Test func theBrowserPageShowsTheIdOnlyWithTheAnswer() throws {
        let question = Item(id: "q-weber-unit", kind: .question, text: "What is the SI unit of magnetic flux?", answer: "The weber")
        let page = DosePage.html(item: question, requestedID: question.id, assets: assets)
        let details = try #require(page.range(of: "<details")).lowerBound
        let id = try #require(page.range(of: "<p class=\"dd-id\">q-weber-unit</p>")).lowerBound
        #expect(id > details, "inside the answer's details, never before them")
        let fact = Item(id: "f-plain", kind: .fact, text: "A fact.")
        #expect(DosePage.html(item: fact, requestedID: fact.id, assets: assets).contains("<p class=\"dd-id\">f-plain</p>"))
    }

    @Test func theAppsPageTakesTheWindowsColoursAndFontAndNoBackground() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        var browser = DoseBrowser(pool: home.pool(on: start))
        browser.open("f-ohm", home.pool(on: start))
        let dark = browser.card.html(assets: assets, dark: true, theme: theme)
        #expect(dark.contains("<html lang=\"en\" class=\"dd-dark dd-app\">"))
        #expect(dark.contains(":root.dd-app { --fg: rgb(255 255 255 / 1); --muted: rgb(255 255 255 / 0.549); --accent: rgb(120 174 237 / 1); --bg: transparent; }"))
        #expect(dark.contains(":root.dd-app, :root.dd-app body { background: transparent; }"))
        #expect(dark.contains("font: 11pt/1.5 \"Cantarell\", system-ui, sans-serif;"))
        #expect(dark.contains(":root.dd-app main { max-width: none; margin: 0;"))
        let light = PageTheme.adwaita(dark: false, highContrast: false, fontName: "Noto Sans Bold 10")
        let lightPage = browser.card.html(assets: assets, dark: false, theme: light)
        #expect(lightPage.contains("--fg: rgb(0 0 0 / 0.800); --muted: rgb(0 0 0 / 0.549); --accent: rgb(28 113 216 / 1)"))
        #expect(lightPage.contains("font: 10pt/1.5 \"Noto Sans\", system-ui, sans-serif;"))
        // Pango sizes may be fractional (GNOME Tweaks offers 11.5): the size is kept, not the family's last word.
        let fractional = PageTheme.adwaita(dark: false, highContrast: false, fontName: "Cantarell 11.5")
        #expect(browser.card.html(assets: assets, dark: false, theme: fractional).contains("font: 11.5pt/1.5 \"Cantarell\", system-ui, sans-serif;"))
        // High contrast: opaque text, a darker accent.
        let contrast = PageTheme.adwaita(dark: false, highContrast: true, fontName: nil)
        #expect(contrast.text == DosePage.Theme.Color(red: 0, green: 0, blue: 0))
        #expect(contrast.accent == DosePage.Theme.Color(hex: "#1a5fb4"))
        #expect(browser.card.html(assets: assets, dark: false, theme: contrast).contains("font: 11pt/1.5 system-ui, sans-serif;"))
        // Without a theme (`dose open`), the page paints its own, as before.
        #expect(!browser.card.html(assets: assets, dark: false).contains("dd-app"))
    }

    @Test func aFontNameFromSettingsCannotEscapeTheStyleSheet() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        var browser = DoseBrowser(pool: home.pool(on: start))
        browser.open("f-ohm", home.pool(on: start))
        for hostile in ["Evil\"; } body { display: none } x { 11", "A</style><script>alert(1)</script> 12", "Sans; color: red 9"] {
            let page = browser.card.html(
                assets: assets, dark: false, theme: PageTheme.adwaita(dark: false, highContrast: false, fontName: hostile))
            #expect(!page.contains("display: none") && !page.contains("<script>alert") && !page.contains("color: red"), "\(hostile)")
        }
        // The content is escaped as on `dose open`'s page, theme or not, under the same CSP.
        let page = browser.card.html(assets: assets, dark: true, theme: theme)
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !page.contains("<script>alert"))
        #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none'; script-src file:;"))
    }

    @Test func aDisplayFormulaIsANamedRegionTheRenderScriptFitsOrMakesATabStop() {
        let formula = Item(id: "fm-wide", kind: .formula, title: "Wide", text: "a + b")
        let page = DosePage.html(item: formula, requestedID: formula.id, assets: assets, presentation: .init(
            heading: false, answer: .withheld, dark: false, words: .english, theme: theme))
        #expect(page.contains("<div class=\"dd-formula\" role=\"region\" aria-label=\"Formula\"><span class=\"dd-math\" data-display=\"block\">a + b</span></div>"))
        #expect(DosePage.renderScript.contains("block.setAttribute(\"tabindex\", \"0\")"))
        #expect(DosePage.renderScript.contains("handlers.ddHeight"), "the app's view is sized to the page")
    }

    @Test func aScrolledColumnStopsAtItsEnds() {
        #expect(PageScroll.pageDown.target(from: 0, page: 400, lower: 0, upper: 2000) == 350)
        #expect(PageScroll.pageDown.target(from: 1500, page: 400, lower: 0, upper: 2000) == 1600)
        #expect(PageScroll.pageUp.target(from: 100, page: 400, lower: 0, upper: 2000) == 0)
        #expect(PageScroll.bottom.target(from: 0, page: 400, lower: 0, upper: 2000) == 1600)
        #expect(PageScroll.top.target(from: 900, page: 400, lower: 0, upper: 2000) == 0)
        #expect(PageScroll.bottom.target(from: 0, page: 400, lower: 0, upper: 300) == 0, "a column shorter than its view")
        #expect(PageScroll.forKey(.tab, modifiers: [], on: .today) == nil)
    }
}
