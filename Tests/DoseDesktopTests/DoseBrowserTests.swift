import DoseApp
import DoseCore
import DoseDesktop
import DoseStore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// The window's logic on a real store, held to what the real `dose` and `dose-notify` say.
@Suite(.timeLimit(.minutes(5)), .watched) struct DoseBrowserTests {
    let start = CivilDate(year: 2026, month: 11, day: 30)!

    private func doseToday(_ home: Home, _ day: CivilDate) throws -> String? {
        let result = try home.run("dose", "today", "--date", day.description, "--json")
        guard result.status == 0 else { return nil }
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["id"] as? String
    }

    @Test func eachDayIsTheOneDoseTodayPicks() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        for branch in [nil, "CS"] as [String?] {
            if let branch { _ = try home.pool(on: start).set(.branch, to: branch) }
            var browser = DoseBrowser(pool: home.pool(on: start))
            var ids: Set<String> = []
            for offset in 0..<12 {
                let day = start.adding(days: offset)
                if offset > 0 { browser.step(1, home.pool(on: start)) }
                #expect(browser.card.date == day)
                let id = try #require(browser.card.item?.id)
                #expect(id == (try doseToday(home, day)), "day \(day), branch \(branch ?? "none")")
                ids.insert(id)
            }
            #expect(ids.count > 1, "the days rotate through the pool")
        }
    }

    @Test func previousNextAndBackToToday() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        let pool = home.pool(on: start)
        var browser = DoseBrowser(pool: pool)
        #expect(browser.isToday(pool))
        browser.step(-1, pool)
        browser.step(-1, pool)
        #expect(browser.day == start.adding(days: -2))
        #expect(!browser.isToday(pool))
        browser.step(1, pool)
        #expect(browser.card.date == start.adding(days: -1))
        browser.showToday(pool)
        #expect(browser.day == start && browser.isToday(pool))
        // Today follows the clock: a pool made the next day shows that day.
        browser.showToday(home.pool(on: start.adding(days: 1)))
        #expect(browser.day == start.adding(days: 1))
    }

    @Test func answerAndExplanationOnlyAfterReveal() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        var browser = DoseBrowser(pool: home.pool(on: start))
        browser.open("q-weber", home.pool(on: start))
        let assets = DosePage.Assets(katexBase: "file:///usr/share/javascript/katex", renderScript: "file:///run/x/dose-page.js")
        #expect(browser.card.hasHiddenPart)
        #expect(browser.card.revealLabel == "Reveal the answer")
        #expect(!browser.card.html(assets: assets, dark: false).contains("ANSWER-weber"))
        #expect(!browser.card.html(assets: assets, dark: false).contains("EXPLAIN-weber"))
        #expect(!browser.card.plainText.contains("ANSWER"))
        #expect(browser.card.plainText == "What is one Φ weber?")
        browser.reveal()
        #expect(browser.card.html(assets: assets, dark: false).contains("ANSWER-weber"))
        #expect(browser.card.html(assets: assets, dark: false).contains("EXPLAIN-weber"))
        #expect(browser.card.plainText == "What is one Φ weber?\nAnswer: ANSWER-weber\nEXPLAIN-weber")
        // A new day starts hidden again.
        browser.step(1, home.pool(on: start))
        #expect(!browser.card.revealed)
        // A fact has nothing to reveal.
        browser.open("f-kcl", home.pool(on: start))
        browser.reveal()
        #expect(!browser.card.hasHiddenPart && !browser.card.revealed)
    }

    @Test func openLooksInTheUnfilteredPoolAndIsHonestAboutTheRest() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        _ = try home.pool(on: start).set(.branch, to: "EE")
        var browser = DoseBrowser(pool: home.pool(on: start))
        // A CS item, outside the configured branch: found all the same, as a click's id is.
        browser.open("q-stack", home.pool(on: start))
        #expect(browser.card.item?.id == "q-stack")
        #expect(browser.card.date == nil && browser.card.dateText == "")
        // The hint's short code names it too, as `dose open CODE` takes it.
        browser.open(ShortCode.code(forID: "f-ohm"), home.pool(on: start))
        #expect(browser.card.item?.id == "f-ohm")
        // Retired: an id the pool no longer holds.
        browser.open("q-retired-yesterday", home.pool(on: start))
        #expect(browser.card.content == .retired(id: "q-retired-yesterday"))
        #expect(browser.card.titleText == "This dose is no longer available")
        let assets = DosePage.Assets(katexBase: "file:///k", renderScript: "file:///s.js")
        #expect(browser.card.html(assets: assets, dark: false).contains("<code>q-retired-yesterday</code>"))
        // No id at all.
        for bad in ["", "a\u{1}b", String(repeating: "x", count: 200)] {
            browser.open(bad, home.pool(on: start))
            #expect(browser.card.content == .unknown(id: bad))
            #expect(browser.card.titleText == "There is no such dose")
        }
        // Next from an opened item goes on from the day it was opened on.
        browser.step(1, home.pool(on: start))
        #expect(browser.card.date == start.adding(days: 1))
    }

    @Test func pageIsTheBrowserPagesBuilderEscapedUnderTheSameCSP() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        var browser = DoseBrowser(pool: home.pool(on: start))
        browser.open("f-ohm", home.pool(on: start))
        let assets = try PageAssets.prepare(paths: home.paths)
        #expect(PageAssets.baseURI == "file:///usr/share/javascript/katex/")
        #expect(FileManager.default.fileExists(atPath: assets.directory + "/dose-page.js"))
        let light = browser.card.html(assets: assets.assets, dark: false)
        #expect(light.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!light.contains("<script>alert"))
        #expect(light.contains("Content-Security-Policy\" content=\"default-src 'none'; script-src file:;"))
        #expect(light.contains("<script src=\"\(assets.assets.renderScript)\"></script>"), "the one render script, dose open's")
        #expect(light.contains("<span class=\"dd-math\" data-display=\"inline\">V = IR</span>"))
        #expect(light.contains("<html lang=\"en\" class=\"dd-light\">"))
        #expect(browser.card.html(assets: assets.assets, dark: true).contains("<html lang=\"en\" class=\"dd-dark\">"))
        // The native labels carry kind and title; the page does not repeat them.
        #expect(!light.contains("<h1>"))
        #expect(browser.card.headingText == "Fact")
        #expect(browser.card.titleText == "Ohm's law")
        #expect(browser.card.plainText == "Ohm: V = IR <script>alert(1)</script>")
        // `dose open`'s page is unchanged by the app's presentation.
        let browserPage = DosePage.html(item: browser.card.item, requestedID: "f-ohm", assets: assets.assets)
        #expect(browserPage.contains("<h1>Ohm&#39;s law</h1>") || browserPage.contains("<h1>Ohm's law</h1>"))
        #expect(browserPage.contains("<html lang=\"en\">"))
    }

    @Test func theWebViewGoesNowhereButItsOwnDocument() {
        #expect(PageAssets.allowsNavigation(to: "file:///usr/share/javascript/katex/"))
        #expect(PageAssets.allowsNavigation(to: "about:blank"))
        for uri in [
            "https://example.org/", "http://127.0.0.1:9/", "file:///etc/passwd", "file:///usr/share/javascript/katex/katex.js",
            "file:///usr/share/javascript/katex", "javascript:alert(1)", "data:text/html,x", "",
        ] {
            #expect(!PageAssets.allowsNavigation(to: uri), "\(uri)")
        }
    }

    @Test func anEmptyHomeHasAnEmptyCardAndNoUpcoming() throws {
        let home = try Home()
        let browser = DoseBrowser(pool: home.pool(on: start))
        #expect(browser.card.content == .empty)
        #expect(browser.card.titleText == "No dose for this day")
        #expect(try Upcoming.rows(home.pool(on: start)).isEmpty)
    }

    @Test func upcomingAgreesWithTheSchedulersDryRun() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        _ = try home.pool(on: start).set(.branch, to: "CS")
        let rows = try Upcoming.rows(home.pool(on: start))
        #expect(rows.count == 30)
        let dryRun = try home.run("dose-notify", "--dry-run", "--date", start.description, "--days", "30", "--json")
        #expect(dryRun.status == 0)
        let lines = dryRun.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
        #expect(lines.count == 30)
        #expect(rows.map(\.itemID) == lines.map { $0["id"] as? String ?? "?" })
        #expect(rows.map(\.day.description) == lines.map { $0["date"] as? String ?? "?" })
        #expect(rows.first?.weekday == "Monday" && rows.first?.date == "November 30, 2026")
        #expect(rows.contains { $0.itemID == "q-stack" && $0.kind == "Question of the day" && $0.title == "LIFO or FIFO?" })
        #expect(!rows.contains { "\($0)".contains("ANSWER") })
    }

    @Test func preferencesGoThroughDoseConfigSetsValidation() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        let pool = home.pool(on: start)
        #expect(pool.value(.notifyTime) == "08:00")
        #expect(try pool.set(.notifyTime, to: "07:45") == "07:45")
        #expect(try String(contentsOfFile: home.configPath, encoding: .utf8).contains("notify-time=07:45"))
        #expect(throws: CommandError.self) { try pool.set(.notifyTime, to: "25:00") }
        #expect(try pool.set(.branch, to: " cs ") == "CS")
        #expect(pool.value(.branch) == "CS")
        #expect(try pool.branchCodes() == ["CS", "EE"])
        #expect(try home.run("dose", "config", "get", "notify-time").stdout == "07:45\n")
    }

    @Test func daysAreWrittenByOneFunction() throws {
        #expect(DayText.long(start) == "Monday, November 30, 2026")
        #expect(DayText.format(CivilDate(year: 1969, month: 12, day: 31)!).weekday == "Wednesday")
        #expect(DayText.format(CivilDate(year: 2024, month: 2, day: 29)!) == ("Thursday", "February 29, 2024"))
        // The user's LC_TIME names the days (de_DE.UTF-8 is generated by scripts/install-deps.sh).
        let german = try #require(DateText(localeNamed: "de_DE.UTF-8"))
        #expect(DayText.format(start, in: german).weekday == "Montag")
        #expect(DayText.long(start, in: german).hasPrefix("Montag, "))
    }

    /// The card, its page and Upcoming in the user's language (German here): the words the app adds, never the
    /// content; the page's escaping and CSP as in English.
    @Test func theCardAndUpcomingSpeakTheUsersLanguage() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        let pool = home.pool(on: start)
        let assets = DosePage.Assets(katexBase: "file:///k", renderScript: "file:///s.js")
        var browser = DoseBrowser(pool: pool)
        browser.open("q-weber", pool)
        let english = browser.card.html(assets: assets, dark: false)
        try German.run {
            browser.show(day: start, pool: pool)
            #expect(browser.card.dateText == "Montag, 30. November 2026")
            browser.open("q-weber", pool)
            #expect(browser.card.headingText == "Frage")
            #expect(browser.card.revealLabel == "Antwort aufdecken")
            // Before Reveal the page is the English one's, word for word, but for its language and its document
            // title (this dose has no title of its own, so the page is named by its kind's headline).
            #expect(english.contains("<html lang=\"en\"") && english.contains("<title>Question of the day — Daily Dose</title>"))
            #expect(browser.card.html(assets: assets, dark: false)
                == english.replacing("<html lang=\"en\"", with: "<html lang=\"de\"", maxReplacements: 1)
                    .replacing("<title>Question of the day — ", with: "<title>Frage des Tages — ", maxReplacements: 1))
            browser.reveal()
            let page = browser.card.html(assets: assets, dark: false)
            #expect(page.contains("<p class=\"dd-answer\"><strong>Antwort:</strong> ANSWER-weber</p>"))
            #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none'; script-src file:;"))
            #expect(browser.card.plainText == "What is one Φ weber?\nAntwort: ANSWER-weber\nEXPLAIN-weber")
            browser.open("f-kcl", pool)
            #expect(browser.card.revealLabel == "Erklärung aufdecken")

            browser.open("q-<retired>", pool)
            #expect(browser.card.titleText == "Diese Dosis ist nicht mehr verfügbar")
            #expect(browser.card.html(assets: assets, dark: false).contains(
                "Die Benachrichtigung hat die Dosis <code>q-&lt;retired&gt;</code> angekündigt"))
            #expect(browser.card.plainText.hasPrefix("Die Benachrichtigung hat die Dosis q-<retired> angekündigt, "))
            browser.open("", pool)
            #expect(browser.card.titleText == "Diese Dosis gibt es nicht")
            #expect(browser.card.plainText == "\"\" ist keine ID einer Dosis; an ihrer Stelle wurde nichts geöffnet.")

            let rows = try Upcoming.rows(pool)
            #expect(rows.first?.weekday == "Montag" && rows.first?.date == "30. November 2026")

            // The branch row, with German's plural rule.
            let code = try #require(BranchCode(exactly: "CS"))
            #expect(BranchChoice.none.label == "Keine Fachrichtung (jede Dosis)")
            #expect(BranchChoice.branch(code, items: 1).label == "Informatik — 1 eigene")
            #expect(BranchChoice.branch(code, items: 12).label == "Informatik — 12 eigene")
            #expect(BranchNames.name(try #require(BranchCode(exactly: "ZZ"))) == "ZZ", "a code the app does not know")
            #expect(rows.contains { $0.itemID == "q-stack" && $0.kind == "Frage des Tages" && $0.title == "LIFO or FIFO?" })
        }
        // English again outside, on this thread too.
        #expect(browser.card.titleText == "There is no such dose")
        #expect(try Upcoming.rows(pool).first?.date == "November 30, 2026")
        #expect(BranchChoice.branch(try #require(BranchCode(exactly: "EE")), items: 1).label == "Electrical engineering — 1 of its own")
    }

    /// Today's card carries the morning notification's line, counted as the study queue holds the cards at the
    /// card's moment; another day's card has none.
    @Test func todaysCardShowsTheFlashcardsDueAsTheQueueHoldsThem() throws {
        let home = try Home()
        try home.importPack(Home.pack)
        let pool = home.pool(on: start)
        let now = Int64(start.daysSinceEpoch) * 86_400 + 43_200
        var browser = DoseBrowser(pool: pool)
        #expect(browser.card.dueText == nil, "no deck: no line")
        let database = try Database(path: home.paths.database)
        let learning = LearningStore(database: database)
        let deck = #"{"cards":[{"front":"f1","back":"b1"},{"front":"f2","back":"b2"},{"front":"f3","back":"b3"}]}"#
        for topic in ["Limits", "Series"] {
            _ = try learning.tick(subject: "Calculus", topic: topic, now: now)
            try learning.storeArtifact(subject: "Calculus", topic: topic, kind: .deck, body: deck, model: nil, now: now)
        }
        let study = StudyStore(database: database)
        func queued() throws -> String {
            let cards = try study.queue(now: now, dayStart: FixedOffsetZone.utc.startOfDay(at: now)).filter { $0.state.due <= now }
            return "\(cards.count) flashcards due in \(Set(cards.map(\.topic)).count) topics"
        }
        browser.refreshDue(pool)
        #expect(browser.card.dueText == "6 flashcards due in 2 topics")
        #expect(browser.card.dueText == (try queued()))
        try study.grade(subject: "Calculus", topic: "Limits", index: 0, grade: .easy, now: now)
        browser.refreshDue(pool)
        #expect(browser.card.dueText == "5 flashcards due in 2 topics")
        #expect(browser.card.dueText == (try queued()))
        #expect(browser.card.dueText.map { !$0.contains("b2") && !$0.contains("Limits") } == true)
        browser.step(1, pool)
        #expect(browser.card.dueText == nil, "tomorrow's card: no line")
        browser.refreshDue(pool)
        #expect(browser.card.dueText == nil)
        browser.showToday(pool)
        #expect(browser.card.dueText == "5 flashcards due in 2 topics")
    }
}
