import DoseApp
import DoseCore
import DoseDesktop
import DoseLearning
import DoseSystem
import GLibGlue

/// The Learn page: search, a small form to add a subject and topic, and the checklist grouped by subject —
/// a check button per topic, its state in words, Retry now, Study and Quiz — with the Study page in its place
/// while a deck is studied. It draws what `LearnChecklist` says and forwards every move to it. With a syllabus
/// in the pack, the checklist is the syllabus for the configured branch, by year (`LearnSyllabus`).
///
/// Live: the store's file and its WAL are watched (GIO, inotify: nothing runs while nothing changes); a burst
/// of events is taken as one after a short pause, and the list is read again only when SQLite's data version
/// says another process committed. The provider is read again when its settings or key may have changed
/// (`ProviderWatch`), and the lines follow background work (`background`), with a notice and a button to turn it
/// on while it does not run and a topic waits for it. Everything here runs on the GLib thread, which is why it may be captured
/// by the service queue's `@Sendable` answers.
final class LearnPage: @unchecked Sendable {
    let widget: Widget
    private let paths: DosePaths
    private let checklist: LearnChecklist?
    private let listPart: Widget
    private let groups: Widget
    private let summaryLabel: Widget
    private let messageLabel: Widget
    private let noticeBox: Widget
    private let noticeLabel: Widget
    private let noticeButton: Widget
    private let subjectRow: Widget
    private let topicRow: Widget
    private let study: StudyPage
    private var search = ""
    private var provider: LearnProvider?
    private var shown: LearnOverview?
    private var network: NetworkMonitor?
    private var watches: [FileWatch] = []
    private var providerWatch: ProviderWatch?
    private var settle: SourceHandle?
    private var providerSettle: SourceHandle?
    /// The topic the message line says will be generated: once it is ready the line says so instead (it stayed
    /// saying "will be generated" beside a ready topic).
    private var awaited: TopicKey?
    /// Whether background work runs: a topic still to make says so when it does not.
    var background: BackgroundQueue = .running {
        didSet { if background != oldValue { draw() } }
    }
    /// The notice's button: background work on (or started again).
    var turnOnBackground: () -> Void = {}

    init(paths: DosePaths, assets: DosePage.Assets) {
        self.paths = paths
        var failure: String?
        do { checklist = try LearnChecklist(paths: paths) } catch {
            checklist = nil
            failure = error.logged()
        }
        widget = Gtk.box(vertical: true)

        let content = Gtk.box(vertical: true, spacing: 12)
        Gtk.setMargins(content, 12)
        let searchEntry = Gtk.searchEntry(tooltip: tr("Search topics"))
        Gtk.setAccessibleLabel(searchEntry, tr("Search topics"))
        Gtk.append(content, searchEntry)

        // Adding a subject and a topic: the same path as `dose learn tick`.
        let form = Gtk.listBox()
        subjectRow = Adwaita.plainEntryRow(title: tr("Subject")) {}
        topicRow = Adwaita.plainEntryRow(title: tr("Topic")) {}
        Gtk.listAppend(form, subjectRow, named: tr("Subject"))
        Gtk.listAppend(form, topicRow, named: tr("Topic"))
        // TRANSLATORS: the button that puts the typed subject and topic on the learning list (ticked).
        let addButton = Gtk.button(tr("Add and tick")) {}
        Gtk.addCSSClass(addButton, "suggested-action")
        Gtk.setCenter(addButton)
        messageLabel = Gtk.label("")
        Gtk.setVisible(messageLabel, false)
        summaryLabel = Gtk.label("", cssClasses: ["dim-label"])
        // Background work off (or not started) while a topic waits: said once above the list, with the way out.
        noticeBox = Gtk.box(vertical: true, spacing: 6)
        noticeLabel = Gtk.label("")
        noticeButton = Gtk.button("") {}
        Gtk.addCSSClass(noticeButton, "suggested-action")
        Gtk.setCenter(noticeButton)
        Gtk.append(noticeBox, noticeLabel)
        Gtk.append(noticeBox, noticeButton)
        Gtk.setVisible(noticeBox, false)
        groups = Gtk.box(vertical: true, spacing: 6)
        for child in [form, addButton, messageLabel, noticeBox, summaryLabel, groups] { Gtk.append(content, child) }
        listPart = Gtk.scrolled(Adwaita.clamp(content, maximumWidth: 760))
        Gtk.setExpand(listPart, vertical: true)

        study = StudyPage(assets: assets)
        Gtk.setVisible(study.widget, false)
        Gtk.setExpand(study.widget, vertical: true)
        Gtk.append(widget, listPart)
        Gtk.append(widget, Adwaita.clamp(study.widget, maximumWidth: 760))

        let add = { [unowned self] in self.add() }
        onSignal(addButton.pointer, "clicked", add)
        onSignal(subjectRow.pointer, "entry-activated") { [unowned self] in Gtk.grabFocus(self.topicRow) }
        onSignal(topicRow.pointer, "entry-activated", add)
        onSignal(searchEntry.pointer, "search-changed") { [unowned self] in
            self.search = Gtk.editableText(searchEntry)
            self.draw()
        }
        study.onBack = { [unowned self] in self.showList() }
        onSignal(noticeButton.pointer, "clicked") { [unowned self] in self.turnOnBackground() }

        if let failure {
            Gtk.setText(summaryLabel, failure)
            return
        }
        network = NetworkMonitor { [unowned self] _ in self.refresh() }
        // A provider set up (or changed, or its key) or another branch after the window opened (the branch picks
        // the syllabus): the lines follow at once.
        providerWatch = ProviderWatch(paths: paths) { [unowned self] in self.providerChanged() }
        // The file and its WAL (each commit appends there; a checkpoint writes the file).
        for path in [paths.database, paths.database + "-wal"] {
            if let watch = FileWatch(path: path, handler: { [unowned self] in self.storeTouched() }) { watches.append(watch) }
        }
        Gtk.setText(summaryLabel, tr("Reading the list…"))
        refresh()
    }

    /// The list again (from the Study page too).
    func showList() {
        Gtk.setVisible(study.widget, false)
        Gtk.setVisible(listPart, true)
        draw(force: true)
    }

    /// Whether the Study page is on show (in place of the list).
    var isStudying: Bool { Gtk.isVisible(study.widget) }

    /// Scrolls the Study page's card.
    func scrollStudy(_ move: PageScroll) {
        study.scroll(move)
    }

    /// Opens the Study page on a topic's deck; false when it has none.
    @discardableResult
    func study(_ key: TopicKey) -> Bool {
        guard let checklist else { return false }
        let sitting: LearnStudy?
        do { sitting = try checklist.study(key, now: WallClock.now(), zone: SystemZone.current()) } catch {
            say(error.logged())
            return false
        }
        guard let sitting else {
            say(tr("{topic} has no deck yet.", ["topic": "\(key.subject) — \(key.topic)"]))
            return false
        }
        study.start(sitting)
        Gtk.setVisible(listPart, false)
        Gtk.setVisible(study.widget, true)
        study.focus()
        return true
    }

    // MARK: Changes

    private func add() {
        guard let checklist else { return }
        let subject = Gtk.editableText(subjectRow), topic = Gtk.editableText(topicRow)
        do {
            let tick = try checklist.add(subject: subject, topic: topic, now: WallClock.now())
            say(tick)
            Gtk.setEditableText(topicRow, "")
            Gtk.grabFocus(topicRow)
        } catch {
            say(error.logged())
        }
        draw(force: true)
    }

    private func toggled(_ topic: LearnTopic, on: Bool) {
        guard let checklist else { return }
        do throws(ServiceFailure) {
            if on {
                say(try checklist.tick(topic.key, now: WallClock.now()))
            } else {
                try checklist.untick(topic.key)
                say(tr("Unticked {topic}: tick it again to undo.", ["topic": topic.title]))
            }
        } catch {
            say(error.logged())
        }
        redrawSoon()
    }

    /// Redraws once the signal being handled has returned: the row whose button sent it is rebuilt.
    private func redrawSoon() {
        // Weak: a detached source outlives the handle, and may run after the window has gone.
        SourceHandle.idle { [weak self] in
            self?.draw(force: true)
            return false
        }.detach()
    }

    private func retry(_ topic: LearnTopic) {
        guard let checklist else { return }
        do {
            let retried = try checklist.retry(topic.key, now: WallClock.now())
            say(retried ? tr("Retrying {topic} now.", ["topic": topic.title]) : tr("{topic} is not pending.", ["topic": topic.title]))
        } catch {
            say(error.logged())
        }
        redrawSoon()
    }

    /// What a tick did, in a sentence.
    private static func words(_ tick: LearnActions.Tick) -> String {
        let topic = "\(tick.key.subject) — \(tick.key.topic)"
        if tick.wasListed {
            return tr("“{typed}” is already on your list as “{topic}”.", ["typed": "\(tick.typed.subject) — \(tick.typed.topic)", "topic": topic])
        }
        switch tick.outcome {
        case .alreadyComplete: return tr("Ticked {topic}: its deck and quiz are ready.", ["topic": topic])
        case .pending(isNew: true): return tr("Ticked {topic}: a deck and a quiz will be generated.", ["topic": topic])
        case .pending(isNew: false): return tr("Ticked {topic}: already pending.", ["topic": topic])
        }
    }

    /// What a tick did; a topic still to make is awaited, so the line follows it to ready.
    private func say(_ tick: LearnActions.Tick) {
        say(Self.words(tick))
        if case .pending = tick.outcome { awaited = tick.key }
    }

    private func say(_ text: String) {
        awaited = nil
        Gtk.setText(messageLabel, text)
        Gtk.setVisible(messageLabel, !text.isEmpty)
    }

    // MARK: Live updates

    /// A burst of file events (a commit writes the WAL several times) is read once, 300 ms after it started.
    private func storeTouched() {
        guard settle == nil else { return }
        settle = SourceHandle.timeout(milliseconds: 300) { [unowned self] in
            self.settle = nil
            if self.checklist?.hasChanged() == true { self.refresh() }
            return false
        }
    }

    /// The config (the provider's settings, the branch) or the key changed: a burst (an atomic rewrite is several events) is read once.
    private func providerChanged() {
        guard providerSettle == nil else { return }
        providerSettle = SourceHandle.timeout(milliseconds: 300) { [unowned self] in
            self.providerSettle = nil
            self.refresh()
            return false
        }
    }

    /// Reads the provider's state (on the service queue: the key may be in the Secret Service), then draws.
    private func refresh() {
        LearnProvider.load(paths: paths) { [self] provider in
            self.provider = provider
            self.draw()
        }
    }

    // MARK: Drawing

    private func draw(force: Bool = false) {
        guard let checklist, let provider else { return }
        let overview: LearnOverview
        do {
            overview = try checklist.overview(
                now: WallClock.now(), zone: SystemZone.current(), provider: provider,
                online: network?.isAvailable() ?? true, background: background, search: search, audience: audience())
        } catch {
            Gtk.setText(summaryLabel, error.logged())
            return
        }
        // Rebuilding the rows moves the keyboard focus: only when something changed (or after a move here).
        if let key = awaited, overview.subjects.contains(where: { $0.topics.contains { $0.key == key && $0.status?.state == .ready } }) {
            say(tr("{topic} is ready: its deck and quiz are made.", ["topic": "\(key.subject) — \(key.topic)"]))
        }
        guard force || overview != shown else { return }
        shown = overview
        Gtk.setText(summaryLabel, overview.summary)
        if let notice = overview.backgroundNotice {
            Gtk.setText(noticeLabel, notice)
            Gtk.setButtonLabel(noticeButton, overview.backgroundButton)
        }
        Gtk.setVisible(noticeBox, overview.backgroundNotice != nil)
        while let child = Gtk.firstChild(groups) { Gtk.remove(groups, child) }
        var group: String?
        for subject in overview.subjects {
            if let heading = subject.group, heading != group {
                group = heading
                Gtk.append(groups, Gtk.label(heading, cssClasses: ["title-4"]))
            }
            Gtk.append(groups, Gtk.label(subject.name, cssClasses: ["heading"]))
            let list = Gtk.listBox()
            Gtk.setAccessibleLabel(list, subject.name)
            // A row is named as its check button is, with its state: what a screen reader says on the way through.
            for topic in subject.topics { Gtk.listAppend(list, row(topic), named: topic.title + ", " + topic.stateText) }
            Gtk.append(groups, list)
        }
    }

    /// The configured branch, which picks the syllabus's topics (`dose today`'s reading of the config).
    private func audience() -> Audience {
        (try? DesktopPool(paths: paths, now: WallClock.now(), zone: SystemZone.current()).audience()) ?? .everyone
    }

    /// One topic: its check button, its state line and what it offers.
    private func row(_ topic: LearnTopic) -> Widget {
        let box = Gtk.box(vertical: true, spacing: 4)
        Gtk.setMargins(box, 8)
        let check = Gtk.checkButton(topic.key.topic, active: topic.ticked) { [unowned self] on in self.toggled(topic, on: on) }
        // Named "Subject — Topic": the same topic name may stand under two subjects.
        Gtk.setAccessibleLabel(check, topic.title)
        Gtk.append(box, check)
        Gtk.append(box, Gtk.label(topic.stateText, cssClasses: ["dim-label", "caption"]))
        let buttons = Gtk.box(vertical: false, spacing: 6)
        if topic.canRetry {
            let retry = Gtk.button(tr("Retry now")) { [unowned self] in self.retry(topic) }
            Gtk.setAccessibleLabel(retry, tr("Retry {topic} now", ["topic": topic.title]))
            Gtk.append(buttons, retry)
        }
        if topic.canStudy {
            let study = Gtk.actionButton(topic.studyLabel, action: "app.study", target: topic.parameter)
            Gtk.setAccessibleLabel(study, tr("Study {topic}", ["topic": topic.title]))
            Gtk.setAccessibleDescription(study, topic.studyLabel)
            Gtk.addCSSClass(study, "suggested-action")
            Gtk.append(buttons, study)
        }
        if topic.canQuiz {
            // The quiz's own page is `app.quiz`'s: the button is insensitive while no such action exists.
            let quiz = Gtk.actionButton(tr("Quiz"), action: "app.quiz", target: topic.parameter)
            Gtk.setAccessibleLabel(quiz, tr("Quiz on {topic}", ["topic": topic.title]))
            Gtk.append(buttons, quiz)
        }
        if Gtk.firstChild(buttons) != nil { Gtk.append(box, buttons) }
        return box
    }
}
