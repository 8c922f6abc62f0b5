import DoseCore
import DoseDesktop
import DoseLearning
import DoseSystem

/// The Quiz page: one question at a time in a web view (KaTeX), the choices themselves as buttons A–D below it
/// (keys 1–4 or a–d; once answered the right one marked green and a wrong pick red), feedback with the explanation, Next, progress, Finish (the round ends where it is), then the
/// score, the misses reviewed, Retry missed and the topic's score history. Back or Escape leaves. Each
/// first-round answer is scored as it is given, so closing the window in the middle loses none.
///
/// It draws what `QuizScreen` decides. Every text a screen reader needs is in plain words: the buttons'
/// accessible names carry their choice ("A: …"), the web view's description the whole page.
final class QuizPage {
    let widget: Widget
    private var screen: QuizScreen
    private let assets: DosePage.Assets
    private let leave: () -> Void
    private let titleLabel: Widget
    private let progressLabel: Widget
    private let webView: WebView
    private let choiceBox: Widget
    private var choiceButtons: [Widget] = []
    private let feedbackLabel: Widget
    private let nextButton: Widget
    private let finishButton: Widget
    private let scoreLabel: Widget
    private let retryButton: Widget
    private let historyHeading: Widget
    private let historyList: Widget
    /// The style manager's handlers, disconnected when the page goes (the manager outlives it).
    private var styleHandlers: [UInt] = []

    /// The page over `screen`; `leave` takes it off screen (after the score is recorded).
    /// `sharing` is the card's web view, whose web process the question's page shares.
    init(screen: QuizScreen, assets: DosePage.Assets, sharing cardView: WebView, leave: @escaping () -> Void) {
        self.screen = screen
        self.assets = assets
        self.leave = leave

        let back = Gtk.button(tr("Back")) {}
        let header = Adwaita.headerBar(title: nil)
        Adwaita.packStart(header, back)

        titleLabel = Gtk.label(screen.title, cssClasses: ["title-3"])
        progressLabel = Gtk.label("", cssClasses: ["dim-label"])
        // TRANSLATORS: what a screen reader calls the page that shows a quiz question.
        webView = WebView.page(accessibleLabel: tr("Quiz question"), minimumHeight: 240, related: cardView)
        choiceBox = Gtk.box(vertical: true, spacing: 6)
        feedbackLabel = Gtk.label("", cssClasses: ["heading"])
        nextButton = Gtk.button(tr("Next")) {}
        Gtk.addCSSClass(nextButton, "pill")
        Gtk.addCSSClass(nextButton, "suggested-action")
        Gtk.setCenter(nextButton)
        // `q` in the terminal: ends the round here, scored over the questions answered.
        finishButton = Gtk.button(tr("Finish")) {}
        Gtk.addCSSClass(finishButton, "flat")
        Gtk.setCenter(finishButton)
        scoreLabel = Gtk.label("", cssClasses: ["title-4"])
        retryButton = Gtk.button(tr("Retry missed")) {}
        Gtk.addCSSClass(retryButton, "pill")
        Gtk.setCenter(retryButton)
        historyHeading = Gtk.label(tr("Score history"), cssClasses: ["heading"])
        historyList = Gtk.listBox()
        Gtk.setAccessibleLabel(historyList, tr("Score history"))

        let column = Gtk.box(vertical: true, spacing: 8)
        Gtk.setMargins(column, 12)
        for child in [titleLabel, progressLabel, webView.widget, choiceBox, feedbackLabel, nextButton, finishButton, scoreLabel,
                      retryButton, historyHeading, historyList] {
            Gtk.append(column, child)
        }
        let page = Gtk.box(vertical: true)
        Gtk.append(page, header)
        let scrolled = Gtk.scrolled(Adwaita.clamp(column, maximumWidth: 760))
        Gtk.setExpand(scrolled, vertical: true)
        Gtk.append(page, scrolled)
        widget = page

        onSignal(back.pointer, "clicked") { [unowned self] in self.close() }
        onSignal(nextButton.pointer, "clicked") { [unowned self] in self.next() }
        onSignal(finishButton.pointer, "clicked") { [unowned self] in
            self.screen.leave(now: WallClock.now())
            self.draw()
            self.focusFirst()
        }
        onSignal(retryButton.pointer, "clicked") { [unowned self] in
            self.screen.retryMissed()
            self.draw()
            self.focusFirst()
        }
        Gtk.onKeyPressed(page) { [unowned self] key in self.key(key) }
        styleHandlers = Adwaita.onStyleChanged { [weak self] in self?.drawPage() }
        draw()
    }

    /// Leaves the quiz: the score of a first round with an answer is recorded, then the page goes.
    func close() {
        Adwaita.stopStyleChanged(styleHandlers)
        styleHandlers = []
        screen.leave(now: WallClock.now())
        leave()
    }

    /// Gives the keyboard to the page's first button (a choice, Next, or Retry).
    func focusFirst() {
        switch screen.stage {
        case .asking: choiceButtons.first.map(Gtk.grabFocus)
        case .answered: Gtk.grabFocus(nextButton)
        case .over: if screen.canRetry { Gtk.grabFocus(retryButton) }
        case .unavailable: break
        }
    }

    /// Scrolls the question's page (the window's PageUp/PageDown/Home/End).
    func scroll(_ move: PageScroll) {
        webView.scroll(move)
    }

    // MARK: Moves

    private func key(_ key: Gtk.Key) -> Bool {
        switch key {
        case .escape:
            close()
            return true
        case .character(let character):
            guard case .asking = screen.stage,
                  let position = ["1", "2", "3", "4"].firstIndex(of: character) ?? ["a", "b", "c", "d"].firstIndex(of: Character(character.lowercased()))
            else { return false }
            choose(position)
            return true
        case .other:
            return false
        }
    }

    private func choose(_ position: Int) {
        guard screen.answer(position, now: WallClock.now()) else { return }
        draw()
        Gtk.grabFocus(nextButton)
    }

    private func next() {
        screen.next(now: WallClock.now())
        draw()
        focusFirst()
    }

    // MARK: Drawing

    private func draw() {
        let stage = screen.stage
        Gtk.setText(progressLabel, screen.progressText)
        Gtk.setVisible(progressLabel, !screen.progressText.isEmpty)
        drawChoices(enabled: stage == .asking)
        Gtk.setText(feedbackLabel, screen.feedbackText)
        Gtk.setVisible(feedbackLabel, !screen.feedbackText.isEmpty)
        var answered = false
        if case .answered = stage { answered = true }
        Gtk.setVisible(nextButton, answered)
        Gtk.setVisible(finishButton, answered || stage == .asking)
        Gtk.setText(scoreLabel, screen.scoreText)
        Gtk.setVisible(scoreLabel, stage == .over)
        Gtk.setVisible(retryButton, screen.canRetry)
        drawHistory(shown: stage == .over || isUnavailable)
        drawPage()
    }

    private var isUnavailable: Bool {
        if case .unavailable = screen.stage { return true }
        return false
    }

    /// One button per choice, showing it (lettered, its maths as markup), named for a screen reader by the choice in
    /// plain words; once answered, the right one in the success colour and a wrong pick in the error colour.
    private func drawChoices(enabled: Bool) {
        for button in choiceButtons { Gtk.remove(choiceBox, button) }
        choiceButtons = []
        let names = screen.choiceNames
        let answered = screen.answeredPositions
        Gtk.setVisible(choiceBox, !names.isEmpty)
        for (position, (name, markup)) in zip(names, screen.choiceMarkups).enumerated() {
            let button = Gtk.markupButton(markup)
            Gtk.setAccessibleLabel(button, name)
            Gtk.setSensitive(button, enabled)
            if let answered {
                if position == answered.right { Gtk.addCSSClass(button, "success") }
                if position == answered.wrong { Gtk.addCSSClass(button, "error") }
            }
            onSignal(button.pointer, "clicked") { [unowned self] in self.choose(position) }
            Gtk.append(choiceBox, button)
            choiceButtons.append(button)
        }
    }

    private func drawHistory(shown: Bool) {
        Gtk.setVisible(historyHeading, shown)
        Gtk.setVisible(historyList, shown)
        Gtk.listRemoveAll(historyList)
        guard shown else { return }
        for line in screen.history(zone: SystemZone.current()) {
            let row = Gtk.label(line)
            Gtk.setMargins(row, 8)
            Gtk.listAppend(historyList, row, named: line)
        }
    }

    private func drawPage() {
        Gtk.setAccessibleDescription(webView.widget, screen.plainText)
        webView.load(html: screen.html(assets: assets, dark: Adwaita.isDark, theme: Adwaita.pageTheme), baseURI: PageAssets.baseURI)
    }
}
