import DoseApp
import DoseCore
import DoseDesktop
import DoseSystem

/// The first-run page (AdwStatusPage), shown instead of the card while the pool is empty: one click imports the
/// bundled sample pack (or a source URL syncs), then it asks the notify time and the branch, turns background work
/// on (the morning notification and the learning queue), says how the notification's Open button works, and hands
/// over to today's card.
///
/// Loop-owned like `PreferencesWindow`: the services answer on the GLib thread.
final class WelcomePage: @unchecked Sendable {
    let widget: Widget
    private let finished: () -> Void
    private let settings: SettingsService
    private let sync: SyncService
    private let background: BackgroundWorkControl
    private let status: Widget
    private let importStep: Widget
    private let chooseStep: Widget
    private let chooseGroup: Widget
    private let spinner: Widget
    private let message: Widget
    private let doneButton: Widget
    private var timeRow: Widget?
    private var branchRow: Widget?
    private var backgroundSwitch: Widget?
    private var branchChoices: [BranchChoice] = [.none]
    private var importButtons: [Widget] = []

    /// `finished` runs once the choices are stored (the window then shows today's card).
    init(paths: DosePaths, background: BackgroundWorkControl, finished: @escaping () -> Void) {
        self.finished = finished
        settings = SettingsService(paths: paths)
        sync = SyncService(paths: paths)
        self.background = background

        importStep = Gtk.box(vertical: true, spacing: 12)
        chooseStep = Gtk.box(vertical: true, spacing: 12)
        chooseGroup = Adwaita.preferencesGroup(title: tr("Your daily dose"), description: FirstRun.clickHint, rows: [])
        spinner = Gtk.spinner()
        message = Gtk.label("")
        Gtk.setCenter(message)
        doneButton = Gtk.button(tr("Show today's dose")) {}
        let steps = Gtk.box(vertical: true, spacing: 12)
        for child in [importStep, chooseStep, spinner, message] { Gtk.append(steps, child) }
        status = Adwaita.statusPage(
            title: tr("Welcome to Daily Dose"),
            description: tr("One small dose of mathematics or physics a day. Start with the sample pack, or your own source."),
            icon: "starred-symbolic", child: Adwaita.clamp(steps, maximumWidth: 480))
        let page = Gtk.box(vertical: true)
        Gtk.append(page, Adwaita.headerBar(title: nil))
        let scrolled = Gtk.scrolled(status)
        Gtk.setExpand(scrolled, vertical: true)
        Gtk.append(page, scrolled)
        widget = page

        buildImportStep()
        Gtk.append(chooseStep, chooseGroup)
        Gtk.addCSSClass(doneButton, "pill")
        Gtk.addCSSClass(doneButton, "suggested-action")
        Gtk.setCenter(doneButton)
        Gtk.append(chooseStep, doneButton)
        Gtk.setVisible(chooseStep, false)
        onSignal(doneButton.pointer, "clicked") { [unowned self] in self.done() }
    }

    /// Gives the keyboard to the first step's button (Enter imports), or to the URL row without a sample pack.
    func focusFirst() {
        if let first = importButtons.first { Gtk.grabFocus(first) }
    }

    // MARK: Step 1: import

    private func buildImportStep() {
        if let pack = SamplePack.locate() {
            let button = Gtk.button(tr("Import the sample pack")) {}
            Gtk.addCSSClass(button, "pill")
            Gtk.addCSSClass(button, "suggested-action")
            Gtk.setCenter(button)
            onSignal(button.pointer, "clicked") { [unowned self] in self.importPack(from: pack, remember: false) }
            Gtk.append(importStep, button)
            importButtons.append(button)
        } else {
            Gtk.append(importStep, Gtk.label(tr("The sample pack is not installed here: give a source URL.")))
        }
        let url = Adwaita.entryRow(title: tr("Or a content source URL"), text: "") { [unowned self] _, text in
            guard case .set(_, let source) = SettingEdit(.source, text: text) else { return }
            self.importPack(from: source, remember: true)
        }
        let group = Adwaita.preferencesGroup(title: "", description: nil, rows: [url])
        Gtk.append(importStep, group)
        importButtons.append(url)
        // A pack on disk: chosen, not typed; it stays the source, so later syncs read the same file.
        let file = Gtk.button(tr("Open a Pack File…")) {}
        Gtk.setCenter(file)
        onSignal(file.pointer, "clicked") { [unowned self, file] in
            PackFileChooser.present(near: file) { path in self.importPack(from: path, remember: true) }
        }
        Gtk.append(importStep, file)
        importButtons.append(file)
    }

    /// Imports through Sync now's path (a file source is imported as `dose sync FILE` does); a URL the user typed
    /// is kept as the configured source, so later syncs use it.
    private func importPack(from source: String, remember: Bool) {
        importButtons.forEach { Gtk.setSensitive($0, false) }
        Gtk.spin(spinner, true)
        sync.syncNow(source: source, progress: { [self] step in Gtk.setText(self.message, PreferencesText.progress(step)) }) { [self] result in
            Gtk.spin(self.spinner, false)
            switch result {
            case .success(let record):
                if remember { self.settings.set(.source, to: source) { _ in } }
                self.showChoices(imported: record.items ?? 0)
            case .failure(let failure):
                self.importButtons.forEach { Gtk.setSensitive($0, true) }
                Gtk.setText(self.message, failure.logged())
            }
        }
    }

    // MARK: Step 2: time, branch, notification

    private func showChoices(imported count: Int) {
        Adwaita.setStatusTitle(status, trn("{count} dose imported", "{count} doses imported", count))
        Adwaita.setStatusDescription(status, tr("When should the morning notification come, and which branch are you in?"))
        Gtk.setText(message, "")
        Gtk.setVisible(importStep, false)

        let pool = DoseWindow.pool()
        let time = Adwaita.entryRow(title: tr("Notify time (HH:MM)"), text: pool.value(.notifyTime) ?? "") { [unowned self] _, _ in
            Gtk.grabFocus(self.doneButton)
        }
        let census = (try? PoolInfo.census(paths: pool.paths)) ?? BranchCensus([])
        let choices = BranchChoices(census: census, current: (try? pool.audience()) ?? .everyone)
        branchChoices = choices.choices
        let branch = Adwaita.comboRow(title: tr("Branch"), choices: choices.choices.map(\.label), selected: choices.selected) { _ in }
        Adwaita.setSubtitle(branch, choices.subtitle)
        let toggle = Gtk.toggle(active: true) { _ in }
        let work = Adwaita.actionRow(
            title: tr("Background work"),
            subtitle: tr("The morning notification, and decks made for the topics you tick. Turned on when you continue."),
            suffixes: [toggle], activates: toggle)
        for row in [time, branch, work] { Adwaita.addRow(chooseGroup, row) }
        (timeRow, branchRow, backgroundSwitch) = (time, branch, toggle)
        Gtk.setVisible(chooseStep, true)
        Gtk.grabFocus(time)
    }

    private func done() {
        guard let time = timeRow, let branch = branchRow, let toggle = backgroundSwitch else { return }
        let index = Adwaita.selected(branch)
        let plan = FirstRun(
            notifyTime: Gtk.editableText(time),
            branch: index >= 0 && index < branchChoices.count ? branchChoices[index] : .none,
            backgroundWork: Gtk.isActive(toggle))
        Gtk.setSensitive(doneButton, false)
        Gtk.spin(spinner, true)
        run(plan.steps[...], backgroundWork: plan.backgroundWork)
    }

    /// Makes the steps one after the other; the first refusal stops and is shown (the user may change it and
    /// press again, or switch background work off to go on without it).
    private func run(_ steps: ArraySlice<FirstRun.Step>, backgroundWork: Bool) {
        guard let step = steps.first else {
            Gtk.spin(spinner, false)
            finished()
            return
        }
        let next: @Sendable (String?) -> Void = { [self] failure in
            if let failure {
                Gtk.spin(self.spinner, false)
                Gtk.setSensitive(self.doneButton, true)
                Gtk.setText(self.message, failure)
                // A refused time takes the keyboard back, to be corrected at once.
                if case .setting = step, let time = self.timeRow { Gtk.grabFocus(time) } else { Gtk.grabFocus(self.doneButton) }
            } else {
                self.run(steps.dropFirst(), backgroundWork: backgroundWork)
            }
        }
        switch step {
        case .setting(.set(let key, let value)):
            settings.set(key, to: value) { next($0.failure.map(PreferencesText.refusal)) }
        case .setting(.unset(let key)):
            settings.unset(key) { next($0.failure.map(PreferencesText.refusal)) }
        case .branch(let choice):
            settings.choose(choice) { next($0.failure.map(PreferencesText.refusal)) }
        case .backgroundWork:
            background.setEnabled(backgroundWork) { result in
                next(backgroundWork ? result.failure.map { $0.logged() } : nil)
            }
        }
    }
}

extension Result {
    /// The error, or nil for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
