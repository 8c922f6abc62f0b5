import DoseApp
import DoseCore
import DoseDesktop
import DoseLearning
import DoseSystem

/// The application window: today's card (its heading, kind and day, and an item's own title in native labels;
/// the text in a web view as tall as its page, so Reveal sits right below it) and the Upcoming list. It draws
/// what `DoseBrowser` decides and forwards every move to it.
final class DoseWindow {
    let widget: Widget
    private var browser: DoseBrowser
    private let pages: Widget
    private let headingLabel: Widget
    private let titleLabel: Widget
    private let webView: WebView
    /// The card's column, scrolled as a whole (the page in it is as tall as its content).
    private let cardScroller: Widget
    /// Whether the card's page has a display formula too wide to fit, which scrolls sideways: the page is then a
    /// tab stop, and Tab into it focuses the formula, which the arrow keys move.
    private var pageScrolls = false
    private let revealButton: Widget
    /// Previous day, Next day and Back to today: in the header while the card is on show.
    private let dayButtons: [Widget]
    /// The morning notification's line of due flashcards, and Study, which opens the Learn page.
    private let dueRow: Widget
    private let dueLabel: Widget
    /// The due summary's file: rewritten by every grade, deck and untick of any process, so the line follows.
    private var dueWatch: FileWatch?
    private let upcomingList: Widget
    private var upcoming: [UpcomingRow] = []
    private var assets: DosePage.Assets?
    /// The Learn page: the checklist and the Study page.
    private let learn: LearnPage
    /// The first-run page while the pool is empty.
    private var welcome: WelcomePage?
    /// The Quiz page while a quiz is on (`app.quiz`), in place of the window's pages; and how many began.
    private var quiz: QuizPage?
    private var quizzesBegun: UInt64 = 0
    private var root: Widget?
    private var content: Widget?
    /// Called once the page on show has finished loading (the ready protocol waits for the first).
    var onPageLoaded: () -> Void = {}
    /// Background work, which the first-run page turns on and the Learn view tells about.
    private let background: BackgroundWorkControl
    /// Where the window's size is remembered.
    private let statePaths: DosePaths

    /// The window on today's dose, or on the item `reference` names (a click's id).
    init(application: Application, opening reference: String?, background: BackgroundWorkControl) {
        self.background = background
        let pool = Self.pool()
        browser = DoseBrowser(pool: pool)
        if let reference { browser.open(reference, pool) }
        do {
            let prepared = try PageAssets.prepare(paths: pool.paths)
            WebView.allowReading(prepared.directory)
            assets = prepared.assets
        } catch {
            Log.warning("daily-dose: the page's render script could not be written (\(error)); maths is shown as LaTeX")
        }

        widget = Adwaita.applicationWindow(application)
        // The app's name stays as it is in every language.
        Gtk.setTitle(widget, "Daily Dose")
        // The size the student left it at (the first run's standard size otherwise), at least a phone's.
        let state = WindowState.load(pool.paths)
        Gtk.setDefaultSize(widget, width: state.width, height: state.height)
        Gtk.setSizeRequest(widget, width: WindowState.minimumWidth, height: WindowState.minimumHeight)
        if state.maximized { Gtk.maximize(widget) }
        statePaths = pool.paths

        // The card.
        headingLabel = Gtk.label("", cssClasses: ["caption-heading", "accent"])
        titleLabel = Gtk.label("", cssClasses: ["title-2"])
        // TRANSLATORS: what a screen reader calls the page that shows the dose's text.
        let page = WebView.card(accessibleLabel: tr("Dose"))
        webView = page.view
        revealButton = Gtk.pillButton(tr("Reveal the answer"))
        dueLabel = Gtk.label("")
        // TRANSLATORS: the button beside "12 flashcards due in 3 topics" on the card; it opens the Learn page.
        let studyButton = Gtk.button(tr("Study")) {}
        Gtk.setTooltip(studyButton, tr("Study the flashcards due on the Learn page"))
        dueRow = Gtk.box(vertical: false, spacing: 12)
        Gtk.setCenter(dueRow)
        Gtk.append(dueRow, dueLabel)
        Gtk.append(dueRow, studyButton)
        let card = Gtk.box(vertical: true, spacing: 12)
        Gtk.setMargins(card, 12)
        for child in [headingLabel, titleLabel, page.box, revealButton, dueRow] { Gtk.append(card, child) }
        cardScroller = Gtk.scrolled(Adwaita.clamp(card, maximumWidth: 760))

        // Upcoming.
        upcomingList = Gtk.listBox()
        Gtk.setMargins(upcomingList, 12)
        Gtk.setAccessibleLabel(upcomingList, tr("Upcoming doses"))
        let upcomingPage = Gtk.scrolled(Adwaita.clamp(upcomingList, maximumWidth: 760))

        pages = Adwaita.viewStack()
        Gtk.setExpand(pages, vertical: true)
        Adwaita.addPage(pages, cardScroller, name: "today", title: tr("Dose"), icon: "starred-symbolic")
        Adwaita.addPage(pages, upcomingPage, name: "upcoming", title: tr("Upcoming"), icon: "x-office-calendar-symbolic")
        learn = LearnPage(paths: pool.paths, assets: Self.usable(assets))
        learn.background = background.queue
        learn.turnOnBackground = { [unowned background] in background.setEnabled(true) }
        Adwaita.addPage(pages, learn.widget, name: "learn", title: tr("Learn"), icon: "object-select-symbolic")
        let switchers = Adwaita.viewSwitchers(pages)

        let header = Adwaita.headerBar(title: switchers.title)
        dayButtons = [
            Gtk.iconButton("go-previous-symbolic", label: tr("Previous day"), action: "app.previous-day"),
            Gtk.iconButton("go-next-symbolic", label: tr("Next day"), action: "app.next-day"),
            Gtk.iconButton("go-home-symbolic", label: tr("Back to today"), action: "app.today"),
        ]
        for button in dayButtons { Adwaita.packStart(header, button) }
        Adwaita.packEnd(header, Gtk.primaryMenuButton(label: tr("Main Menu"), items: [
            (tr("Preferences"), "app.preferences"),
            (tr("Keyboard Shortcuts"), "win.show-help-overlay"),
            (tr("About Daily Dose"), "app.about"),
        ]))
        Gtk.setHelpOverlay(widget, interface: AppShortcuts.windowInterface())

        let content = Gtk.box(vertical: true)
        Gtk.append(content, header)
        Gtk.append(content, pages)
        Gtk.append(content, switchers.bar)
        let root = Gtk.box(vertical: true)
        Gtk.append(root, content)
        Adwaita.setContent(widget, root)
        (self.root, self.content) = (root, content)

        Gtk.onCloseRequest(widget) { [unowned self] in self.saveState() }
        onSignal(revealButton.pointer, "clicked") { [unowned self] in
            self.browser.reveal()
            self.draw()
            // The focus stays with what was revealed (GTK would move it from the hidden button to the header's
            // first): the page, whose description now holds the answer.
            Gtk.setFocusable(self.webView.widget, true)
            Gtk.grabFocus(self.webView.widget)
        }
        onSignal(studyButton.pointer, "clicked") { [unowned self] in self.showLearn() }
        // Back on the card after studying: the line counts again.
        _ = onNotify(pages.pointer, "visible-child-name") { [unowned self] in
            let onCard = Adwaita.visiblePageName(self.pages) == "today"
            // The day buttons move the card: on Upcoming and Learn they would only yank the student away.
            for button in self.dayButtons { Gtk.setVisible(button, onCard) }
            if onCard { self.drawDue(recount: true) }
        }
        // Its directory first, so GIO watches with inotify rather than polling for a missing parent.
        try? FileSystem.makeDirectories(pool.paths.stateDirectory)
        dueWatch = FileWatch(path: pool.paths.dueSummary) { [unowned self] in self.drawDue(recount: true) }
        webView.onLoadFinished { [unowned self] in self.onPageLoaded() }
        webView.onMessage("ddWide") { [unowned self] wide in
            self.pageScrolls = wide != 0
            self.updateTabStop()
        }
        Gtk.onRowActivated(upcomingList) { [unowned self] index in
            guard index >= 0, index < self.upcoming.count else { return }
            self.browser.show(day: self.upcoming[index].day, pool: Self.pool())
            Adwaita.showPage(self.pages, name: "today")
            self.draw()
        }
        Adwaita.onStyleChanged { [unowned self] in self.drawPage() }
        // The web views take no focus from Tab: the window scrolls the page on show (PageUp/PageDown, Home/End).
        Gtk.onPageKey(widget) { [unowned self] key, modifiers in
            // The card's page, focused after Reveal, would keep Tab for itself (WebKitGTK 2.50 on GTK 4.8): Tab
            // and Shift+Tab take the focus on from it, and it is no tab stop again until the next Reveal.
            if key == .tab, Gtk.hasFocus(self.webView.widget) {
                // Not focusable while the focus moves on, or the page's own focus handling would keep it.
                Gtk.setFocusable(self.webView.widget, false)
                Gtk.moveFocus(self.widget, backward: modifiers.contains(.shift))
                self.updateTabStop()
                return true
            }
            let focused = self.screen == .today && Gtk.hasFocus(self.webView.widget)
            guard let move = PageScroll.forKey(key, modifiers: modifiers, on: self.screen, pageFocused: focused) else {
                return false
            }
            self.scroll(move)
            return true
        }
        draw()
        welcomeIfEmpty(root: root, content: content)
    }

    /// An empty pool (the first run) shows the welcome page in place of the card until it has imported a pack.
    private func welcomeIfEmpty(root: Widget, content: Widget) {
        guard let count = try? PoolInfo.itemCount(paths: Self.pool().paths), FirstRun.showsWelcome(itemCount: count) else { return }
        let page = WelcomePage(paths: Self.pool().paths, background: background) { [unowned self] in
            guard let welcome = self.welcome else { return }
            // Its widgets go with it: none of their handlers may outlive the page they call.
            Gtk.remove(root, welcome.widget)
            Gtk.setVisible(content, true)
            self.welcome = nil
            self.showToday()
        }
        welcome = page
        Gtk.setVisible(content, false)
        Gtk.append(root, page.widget)
        Gtk.setExpand(page.widget, vertical: true)
        page.focusFirst()
    }

    /// Shows the quiz of `key` in place of the window's pages (a quiz already on is left first, and scored).
    /// Its choices are shuffled from `DOSE_QUIZ_SEED` (plus the number of quizzes begun, so each attempt
    /// differs) for exact tests, else from a fresh random seed.
    func showQuiz(_ key: TopicKey) {
        guard let root, let content, welcome == nil else {
            Log.warning("daily-dose: app.quiz is ignored while the first-run page is on (import a pack first)")
            return
        }
        quiz?.close()
        quizzesBegun += 1
        let seed = Environment.value("DOSE_QUIZ_SEED").flatMap { UInt64($0) }.map { $0 &+ quizzesBegun - 1 }
            ?? UInt64.random(in: .min ... .max)
        let screen = QuizScreen.open(key, paths: Self.pool().paths, seed: seed)
        let assets = assets ?? DosePage.Assets(katexBase: "file://" + PageOpener.katexDirectory, renderScript: "")
        let page = QuizPage(screen: screen, assets: assets, sharing: webView) { [unowned self] in
            guard let page = self.quiz else { return }
            // Its widgets go with it: none of their handlers may outlive the page they call.
            Gtk.remove(root, page.widget)
            Gtk.setVisible(content, true)
            self.quiz = nil
            self.draw()
        }
        quiz = page
        Gtk.setVisible(content, false)
        Gtk.append(root, page.widget)
        Gtk.setExpand(page.widget, vertical: true)
        page.focusFirst()
    }

    /// What the window shows: the first-run or Quiz page in place of its pages, else the page on show.
    private var screen: PageScroll.Screen {
        if welcome != nil { return .welcome }
        if quiz != nil { return .quiz }
        switch Adwaita.visiblePageName(pages) {
        case "today": return .today
        case "learn": return learn.isStudying ? .study : .learnList
        default: return .upcoming
        }
    }

    /// Scrolls the web page of the screen on show.
    private func scroll(_ move: PageScroll) {
        switch screen {
        case .today where move.isSideways: webView.scroll(move)
        case .today: Gtk.scroll(cardScroller, move)
        case .study: learn.scrollStudy(move)
        case .quiz: quiz?.scroll(move)
        case .upcoming, .learnList, .welcome: break
        }
    }

    /// Background work's last answer, for the Learn view's lines.
    func backgroundChanged() {
        learn.background = background.queue
    }

    /// Whether the first-run page is on show (the card's page is not loaded for the ready protocol then).
    var showsWelcome: Bool { welcome != nil }

    /// Remembers the window's size and maximised state for the next run (closing, or Quit).
    func saveState() {
        // GTK keeps the default size at the size to come back to from maximised.
        let size = Gtk.windowSize(widget)
        let state = WindowState(width: size.width, height: size.height, maximized: size.maximized)
        do { try state.save(statePaths) } catch { Log.warning("daily-dose: the window's size was not saved (\(error))") }
    }

    /// The pool at this moment: the clock and zone are read here, at the window's edge, for each move.
    static func pool() -> DesktopPool {
        DesktopPool(paths: .fromEnvironment(), now: WallClock.now(), zone: SystemZone.current())
    }

    func showToday() {
        quiz?.close()  // a dose asked for (a click, a key) is shown, not hidden behind a quiz
        browser.showToday(Self.pool())
        Adwaita.showPage(pages, name: "today")
        draw()
    }

    func step(_ days: Int) {
        quiz?.close()
        browser.step(days, Self.pool())
        Adwaita.showPage(pages, name: "today")
        draw()
    }

    func showItem(id: String) {
        quiz?.close()
        browser.open(id, Self.pool())
        Adwaita.showPage(pages, name: "today")
        draw()
    }

    /// The Learn page's list.
    func showLearn() {
        learn.showList()
        Adwaita.showPage(pages, name: "learn")
    }

    /// The Study page on a topic's deck (the list, with a line saying why, when it has none).
    func study(_ key: TopicKey) {
        Adwaita.showPage(pages, name: "learn")
        if !learn.study(key) { learn.showList() }
    }

    /// Puts the browser's card on screen, and the Upcoming list from the same moment.
    private func draw() {
        let card = browser.card
        Gtk.setText(headingLabel, card.headingText)
        Gtk.setMarkup(titleLabel, card.titleMarkup ?? "", accessibleText: card.titleText ?? "")
        Gtk.setVisible(titleLabel, card.titleText != nil)
        if !card.revealed { updateTabStop() }
        Gtk.setButtonLabel(revealButton, card.revealLabel)
        Gtk.setVisible(revealButton, card.hasHiddenPart && !card.revealed)
        drawDue(recount: false)
        drawPage()
        drawUpcoming()
    }

    /// Makes the card's page a tab stop while a formula in it scrolls, and no stop otherwise (a focused page keeps
    /// the focus it has: after Reveal, until Tab moves on).
    private func updateTabStop() {
        if !Gtk.hasFocus(webView.widget) { Gtk.setFocusable(webView.widget, pageScrolls) }
    }

    /// The line of due flashcards, counted again first when `recount` (the browser counted it with the card).
    private func drawDue(recount: Bool) {
        if recount { browser.refreshDue(Self.pool()) }
        let text = browser.card.dueText
        Gtk.setText(dueLabel, text ?? "")
        Gtk.setVisible(dueRow, text != nil)
    }

    private func drawPage() {
        let card = browser.card
        Gtk.setAccessibleDescription(webView.widget, card.plainText)
        webView.load(html: card.html(assets: Self.usable(assets), dark: Adwaita.isDark, theme: Adwaita.pageTheme),
                     baseURI: PageAssets.baseURI)
    }

    /// The page's assets, or KaTeX without the render script when it could not be written (maths stays LaTeX).
    private static func usable(_ assets: DosePage.Assets?) -> DosePage.Assets {
        assets ?? DosePage.Assets(katexBase: "file://" + PageOpener.katexDirectory, renderScript: "")
    }

    private func drawUpcoming() {
        Gtk.listRemoveAll(upcomingList)
        do { upcoming = try Upcoming.rows(Self.pool()) } catch {
            upcoming = []
            let text = DoseBrowser.unreadable(error)
            Gtk.listAppend(upcomingList, Gtk.label(text), named: text)
            return
        }
        for row in upcoming {
            let line = Gtk.box(vertical: true, spacing: 2)
            Gtk.setMargins(line, 8)
            // TRANSLATORS: an Upcoming row's first line: "Monday, November 30, 2026 · Question of the day".
            let heading = tr("{weekday}, {date} · {kind}", ["weekday": row.weekday, "date": row.date, "kind": row.kind])
            Gtk.append(line, Gtk.label(heading, cssClasses: ["dim-label", "caption"]))
            Gtk.append(line, Gtk.label(row.title, cssClasses: ["heading"]))
            Gtk.listAppend(upcomingList, line, named: heading + ": " + row.title)
        }
        if upcoming.isEmpty {
            let text = tr("No doses to come: the pool is empty.")
            Gtk.listAppend(upcomingList, Gtk.label(text), named: text)
        }
    }
}
