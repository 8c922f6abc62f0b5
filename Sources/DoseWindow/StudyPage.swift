import DoseCore
import DoseDesktop
import DoseSystem

/// The Study page: one card at a time — the front in a web view (KaTeX), Reveal (Space, Enter), then Again,
/// Hard, Good, Easy (keys 1–4), progress "3 of 12", Undo (Ctrl+Z), and back to the list (Escape). It draws
/// what `LearnStudy` decides; the clock is read here, at the window's edge, for each grade.
final class StudyPage {
    let widget: Widget
    private let titleLabel: Widget
    private let progressLabel: Widget
    private let moveLabel: Widget
    private let webView: WebView
    private let revealButton: Widget
    private let gradeBox: Widget
    private var gradeButtons: [FSRSGrade: Widget] = [:]
    private let undoButton: Widget
    private let backButton: Widget
    private let assets: DosePage.Assets
    private var study: LearnStudy?
    /// Back to the list (the topic's counts have changed: the list redraws).
    var onBack: () -> Void = {}

    init(assets: DosePage.Assets) {
        self.assets = assets
        widget = Gtk.box(vertical: true, spacing: 8)
        Gtk.setMargins(widget, 12)
        // TRANSLATORS: the Study page's way back to the Learn list.
        backButton = Gtk.button(tr("Back to the topics")) {}
        titleLabel = Gtk.label("", cssClasses: ["title-3"])
        progressLabel = Gtk.label("", cssClasses: ["dim-label", "numeric"], wrap: false)
        let top = Gtk.box(vertical: false, spacing: 8)
        Gtk.append(top, backButton)
        Gtk.append(top, progressLabel)
        Gtk.setVerticalCenter(progressLabel)
        // TRANSLATORS: what a screen reader calls the page that shows a flashcard.
        webView = WebView.page(accessibleLabel: tr("Card"), minimumHeight: 220)
        revealButton = Gtk.pillButton(tr("Reveal"))
        Gtk.setTooltip(revealButton, tr("Space or Enter"))
        gradeBox = Gtk.box(vertical: false, spacing: 6)
        Gtk.setCenter(gradeBox)
        moveLabel = Gtk.label("", cssClasses: ["dim-label", "caption"])
        // TRANSLATORS: takes back the last grade of the Study page (Ctrl+Z).
        undoButton = Gtk.button(tr("Undo the last grade")) {}
        Gtk.setCenter(undoButton)
        Gtk.setTooltip(undoButton, tr("Ctrl+Z"))
        for child in [top, titleLabel, webView.widget, revealButton, gradeBox, moveLabel, undoButton] { Gtk.append(widget, child) }

        for grade in FSRSGrade.allCases {
            let button = Gtk.button(LearnStudy.name(grade)) { [unowned self] in self.grade(grade) }
            Gtk.setTooltip(button, tr("Key {key}", ["key": grade.rawValue]))
            if grade == .good { Gtk.addCSSClass(button, "suggested-action") }
            gradeButtons[grade] = button
            Gtk.append(gradeBox, button)
        }
        onSignal(revealButton.pointer, "clicked") { [unowned self] in self.reveal() }
        onSignal(undoButton.pointer, "clicked") { [unowned self] in self.undo() }
        onSignal(backButton.pointer, "clicked") { [unowned self] in self.onBack() }
        for grade in FSRSGrade.allCases {
            Gtk.addShortcut(widget, "\(grade.rawValue)") { [unowned self] in
                guard self.study?.revealed == true else { return false }
                self.grade(grade)
                return true
            }
        }
        for key in ["space", "Return", "KP_Enter"] {
            Gtk.addShortcut(widget, key) { [unowned self] in
                guard let study = self.study, !study.revealed, !study.isFinished else { return false }
                self.reveal()
                return true
            }
        }
        Gtk.addShortcut(widget, "<Control>z") { [unowned self] in
            self.undo()
            return true
        }
        Gtk.addShortcut(widget, "Escape") { [unowned self] in
            self.onBack()
            return true
        }
        Adwaita.onStyleChanged { [unowned self] in self.drawPage() }
    }

    /// Starts a sitting with a topic's deck.
    func start(_ study: LearnStudy) {
        self.study = study
        Gtk.setText(titleLabel, "\(study.key.subject) — \(study.key.topic)")
        draw()
    }

    /// Gives the keyboard to the page's first control (Reveal, or a grade, or Back when done).
    func focus() {
        guard let study else { return }
        if study.isFinished {
            Gtk.grabFocus(backButton)
        } else if study.revealed, let good = gradeButtons[.good] {
            Gtk.grabFocus(good)
        } else {
            Gtk.grabFocus(revealButton)
        }
    }

    /// Scrolls the card's page (the window's PageUp/PageDown/Home/End).
    func scroll(_ move: PageScroll) {
        webView.scroll(move)
    }

    private func reveal() {
        study?.reveal()
        draw()
        focus()
    }

    private func grade(_ grade: FSRSGrade) {
        guard let study else { return }
        do { try study.grade(grade, now: WallClock.now(), zone: SystemZone.current()) } catch {
            Gtk.setText(moveLabel, error.logged())
        }
        draw()
        focus()
    }

    private func undo() {
        guard let study else { return }
        do { try study.undo() } catch { Gtk.setText(moveLabel, error.logged()) }
        draw()
        focus()
    }

    private func draw() {
        guard let study else { return }
        Gtk.setText(progressLabel, study.progressText)
        Gtk.setText(moveLabel, study.lastMove)
        Gtk.setVisible(moveLabel, !study.lastMove.isEmpty)
        Gtk.setVisible(revealButton, !study.isFinished && !study.revealed)
        Gtk.setVisible(gradeBox, !study.isFinished && study.revealed)
        drawPage()
    }

    private func drawPage() {
        guard let study else { return }
        Gtk.setAccessibleDescription(webView.widget, study.plainText)
        webView.load(html: study.html(assets: assets, dark: Adwaita.isDark, theme: Adwaita.pageTheme), baseURI: PageAssets.baseURI)
    }
}
