import DoseApp
import DoseCore
import DoseDesktop
import DoseSystem

/// The preferences (AdwPreferencesWindow): notify time and branch; the content source with Sync now, its
/// progress and last result; background work on/off (the morning notification and the learning queue) and a test
/// notification; the AI provider's URL,
/// model and key (kept in the Secret Service: a "Key saved" row with Change… and Remove, whose toast has an Undo).
/// Every setting goes through `dose config set`'s path (`SettingsService` → `ConfigChange`); a refusal is a toast in
/// the app's words that stays until the next answer and an error-marked row, and nothing is saved. A sync's failure
/// is its row's, under the last sync that worked.
/// There is one such window: `app.preferences` again presents it, brought up to date, and it follows the config
/// file while open (`PreferencesValues`; a row being typed in keeps its typing, `FollowedText`).
///
/// Loop-owned: made, changed and answered on the GLib thread only (the services post their answers there),
/// which is why it may be captured by their `@Sendable` callbacks.
final class PreferencesWindow: @unchecked Sendable {
    private let window: Widget
    private let changed: () -> Void
    private let paths: DosePaths
    private let settings: SettingsService
    private let sync: SyncService
    private let background: BackgroundWorkControl
    private let keys: ProviderKeyService
    private var branchRow: Widget?
    /// The branch choices the row, its entries and its subtitle show (each redrawn only when it changes).
    private var shownBranch: BranchChoices?
    /// The entry rows of `PreferencesValues.textKeys`, and what each last showed of its setting.
    private var textRows: [ConfigKey: Widget] = [:]
    private var followed: [ConfigKey: FollowedText] = [:]
    private var backgroundSwitch: Widget?
    private var backgroundRow: Widget?
    /// Set while a control is moved to what is stored or in effect, so that move is not taken for the user's.
    private var settingControl = false
    /// What the student last asked of the background work switch, until its answer comes.
    private var asked: Bool?
    private var syncRow: Widget?
    private var syncSpinner: Widget?
    private var syncButton: Widget?
    private var syncing = false
    /// A content source is stored: Sync now has something to fetch.
    private var hasSource = false
    private var providerGroup: Widget?
    /// The key's two rows: "Key saved" with Change… and Remove, or the entry to type one in.
    private var keySavedRow: Widget?
    private var keyEntryRow: Widget?
    /// The entry row was asked for with Change… while a key is saved.
    private var changingKey = false
    private var firstRow: Widget?
    /// The last refusal's toast, up until the next answer replaces it.
    private var refusal: LastingToast?
    /// The config file's watch: a change stored elsewhere shows here at once.
    private var configWatch: FileWatch?

    /// Opens the preferences over `parent`; Escape closes them. `changed` redraws the card after a change.
    /// The window keeps what this returns until it is destroyed: hold it weakly to present it again.
    @discardableResult
    static func present(over parent: Widget?, background: BackgroundWorkControl, changed: @escaping () -> Void) -> PreferencesWindow {
        let preferences = PreferencesWindow(over: parent, background: background, changed: changed)
        Gtk.present(preferences.window)
        // The first row takes the keyboard (an entry row offers Apply only while its text has the focus).
        if let first = preferences.firstRow { Gtk.grabFocus(first) }
        return preferences
    }

    /// Raises the open window over `parent` (the main window may be a new one), every row read again first:
    /// the settings, background work, the last sync and the key.
    func presentAgain(over parent: Widget?) {
        if let parent { Gtk.setTransient(window, for: parent) }
        followConfig()
        background.refresh()
        if !syncing { showSyncStatus() }
        Gtk.present(window)
    }

    private init(over parent: Widget?, background: BackgroundWorkControl, changed: @escaping () -> Void) {
        let pool = DoseWindow.pool()
        let values = PreferencesValues.read(pool)
        paths = pool.paths
        settings = SettingsService(paths: paths)
        sync = SyncService(paths: paths)
        self.background = background
        keys = ProviderKeyService(paths: paths)
        self.changed = changed
        window = Adwaita.preferencesWindow(over: parent)
        Gtk.setTitle(window, tr("Preferences"))
        // The window keeps this controller (its rows' callbacks need it) until it is destroyed.
        let keep = Unmanaged.passRetained(self)
        Gtk.onDestroy(window) { keep.release() }

        let general = Adwaita.preferencesGroup(
            title: tr("Your daily dose"),
            description: tr("The morning notification comes at this local time; the branch picks which doses you see."),
            rows: [notifyTimeRow(values), branchRow(values)])
        let morningGroup = Adwaita.preferencesGroup(title: tr("Notifications"), description: FirstRun.clickHint, rows: backgroundRows())
        Adwaita.addPage(window, title: tr("General"), icon: "preferences-system-symbolic", groups: [general, morningGroup])

        let content = Adwaita.preferencesGroup(
            title: tr("Content"), description: tr("Where new doses come from: a pack's https URL or a file."),
            rows: contentRows(values))
        Adwaita.addPage(window, title: tr("Content"), icon: "folder-download-symbolic", groups: [content])

        let provider = Adwaita.preferencesGroup(
            title: tr("AI provider"), description: tr("Makes flashcard decks and quizzes for the topics you tick."), rows: providerRows(values))
        providerGroup = provider
        Adwaita.addPage(window, title: tr("AI provider"), icon: "system-run-symbolic", groups: [provider])
        readProviderStatus()
        configWatch = FileWatch(path: paths.configFile) { [weak self] in self?.followConfig() }
    }

    // MARK: Following the config

    /// An entry row for a text setting, through `dose config set`'s path on Apply or Enter.
    private func textRow(_ key: ConfigKey, title: String, _ values: PreferencesValues) -> Widget {
        let text = values.text(key)
        let row = Adwaita.entryRow(title: title, text: text) { [unowned self] row, text in
            self.apply(SettingEdit(key, text: text), row: row)
        }
        textRows[key] = row
        followed[key] = FollowedText(shown: text)
        return row
    }

    /// Every setting row to what the config holds now (a row being typed in keeps its typing).
    private func followConfig() {
        let values = PreferencesValues.read(DoseWindow.pool())
        for (key, row) in textRows {
            if let text = followed[key]?.follow(stored: values.text(key), current: Gtk.editableText(row)) {
                Adwaita.showStored(row, text)
            }
        }
        showBranch(values.branch)
        hasSource = !values.text(.source).isEmpty
        updateSyncButton()
        readProviderStatus()
    }

    // MARK: General

    private func notifyTimeRow(_ values: PreferencesValues) -> Widget {
        let row = textRow(.notifyTime, title: tr("Notify time (HH:MM)"), values)
        firstRow = row
        return row
    }

    private func branchRow(_ values: PreferencesValues) -> Widget {
        shownBranch = values.branch
        let row = Adwaita.comboRow(
            title: tr("Branch"), choices: values.branch.choices.map(\.label), selected: values.branch.selected
        ) { [unowned self] index in
            guard !self.settingControl, let choices = self.shownBranch?.choices, index >= 0, index < choices.count else { return }
            self.settings.choose(choices[index]) { [self] result in self.answered(result, row: nil) }
        }
        branchRow = row
        Adwaita.setSubtitle(row, values.branch.subtitle)
        return row
    }

    /// The branch row to the pool's choices and the one in effect (new codes after a sync, a branch set elsewhere),
    /// and its subtitle to what that branch means on the pool now: a sync that brings the branch's first doses
    /// takes back "No dose is meant for …".
    private func showBranch(_ choices: BranchChoices) {
        guard let row = branchRow else { return }
        settingControl = true
        defer { settingControl = false }
        let shown = shownBranch
        shownBranch = choices
        if choices != shown { Adwaita.setSubtitle(row, choices.subtitle) }
        if choices.choices != shown?.choices {
            Adwaita.setComboChoices(row, choices.choices.map(\.label), selected: choices.selected)
        } else if Adwaita.selected(row) != choices.selected {
            Adwaita.select(row, choices.selected)
        }
    }

    // MARK: Background work

    /// One switch for the morning notification's scheduler and the learning queue, and the test notification.
    private func backgroundRows() -> [Widget] {
        let toggle = Gtk.toggle(active: false) { [unowned self] on in
            guard !self.settingControl else { return }
            self.asked = on
            self.background.setEnabled(on)
        }
        let row = Adwaita.actionRow(title: tr("Background work"), subtitle: tr("Reading its state…"), suffixes: [toggle], activates: toggle)
        backgroundSwitch = toggle
        backgroundRow = row
        if let last = background.last { showBackground(last) }
        background.refresh()

        let send = Gtk.button(tr("Send")) {}
        Gtk.setVerticalCenter(send)
        let hint = tr("Shows today's dose now, as the morning will")
        let test = Adwaita.actionRow(title: tr("Send a test notification"), subtitle: hint, suffixes: [send])
        onSignal(send.pointer, "clicked") { [unowned self] in
            Gtk.setSensitive(send, false)
            self.background.service.sendTest { [self] result in
                Gtk.setSensitive(send, true)
                self.dismissRefusal()  // a toast waits behind a lasting one: this answer is the next
                switch result {
                case .success(let words):
                    Gtk.removeCSSClass(test, "error")
                    Adwaita.setSubtitle(test, hint)
                    Adwaita.toast(self.window, words)
                case .failure(let failure):
                    // The failure is the row's, where it stays to be read.
                    Gtk.addCSSClass(test, "error")
                    Adwaita.setSubtitle(test, failure.logged())
                }
            }
        }
        return [row, test]
    }

    /// The switch follows what the service says is in effect (after a refusal too: it moves back). Background
    /// work's every answer comes here while the window is open, whoever moved it (the Learn view's button too).
    func showBackground(_ result: Result<BackgroundWorkService.State, ServiceFailure>) {
        guard let toggle = backgroundSwitch, let row = backgroundRow else { return }
        settingControl = true
        defer { settingControl = false }
        let asked = self.asked
        self.asked = nil
        switch result {
        case .success(let state):
            Gtk.setActive(toggle, state.enabled)
            Gtk.removeCSSClass(row, "error")
            Adwaita.setSubtitle(row, PreferencesText.backgroundState(state))
            if asked != nil {
                dismissRefusal()
                Adwaita.toast(window, state.enabled ? tr("Background work on") : tr("Background work off"))
            }
        case .failure(let failure):
            if let asked { Gtk.setActive(toggle, !asked) }
            Gtk.addCSSClass(row, "error")
            Adwaita.setSubtitle(row, failure.logged())
        }
    }

    // MARK: Content

    private func contentRows(_ values: PreferencesValues) -> [Widget] {
        let source = textRow(.source, title: tr("Content source"), values)
        // A pack on disk, chosen rather than typed; stored as a typed path would be (the same rules, the same answer).
        let choose = Gtk.iconButton("document-open-symbolic", label: tr("Choose a Pack File…")) { [unowned self, source] in
            PackFileChooser.present(near: source) { path in self.apply(SettingEdit(.source, text: path), row: source) }
        }
        Adwaita.addSuffix(entryRow: source, choose)
        let spinner = Gtk.spinner()
        let button = Gtk.button(tr("Sync now")) {}
        Gtk.setVerticalCenter(button)
        let row = Adwaita.actionRow(title: tr("Last sync"), suffixes: [spinner, button])
        (syncRow, syncSpinner, syncButton) = (row, spinner, button)
        hasSource = !values.text(.source).isEmpty
        showSyncStatus()
        updateSyncButton()
        onSignal(button.pointer, "clicked") { [unowned self] in self.syncNow() }
        return [source, row]
    }

    /// The last sync that worked, and the latest failure since in the row itself (marked as an error).
    private func showSyncStatus() {
        guard let row = syncRow else { return }
        let status = PreferencesText.syncStatus(sync.lastResult(), now: WallClock.now(), zone: SystemZone.current())
        Adwaita.setSubtitle(row, status.text)
        if status.failed { Gtk.addCSSClass(row, "error") } else { Gtk.removeCSSClass(row, "error") }
    }

    /// Sync now only with a source to fetch, and not twice at once.
    private func updateSyncButton() {
        guard let button = syncButton else { return }
        Gtk.setSensitive(button, hasSource && !syncing)
        Gtk.setTooltip(button, hasSource ? tr("Fetch the content source's pack now") : tr("Add a content source first"))
    }

    private func syncNow() {
        guard let row = syncRow, let spinner = syncSpinner, hasSource, !syncing else { return }
        syncing = true
        updateSyncButton()
        Gtk.spin(spinner, true)
        Gtk.removeCSSClass(row, "error")
        sync.syncNow(progress: { step in Adwaita.setSubtitle(row, PreferencesText.progress(step)) }) { [self] result in
            self.syncing = false
            Gtk.spin(spinner, false)
            self.updateSyncButton()
            // The recorded result, a failure under the last sync that worked: the row says it, no toast.
            self.showSyncStatus()
            if case .success = result {
                self.followConfig()  // the pool's branch codes may have changed
                self.changed()
            }
        }
    }

    // MARK: AI provider

    private func providerRows(_ values: PreferencesValues) -> [Widget] {
        let url = textRow(.providerURL, title: tr("Provider URL"), values)
        let model = textRow(.providerModel, title: tr("Model"), values)
        // A short title: an entry row's title does not wrap, and at 360 px a longer one lost its end.
        let entry = Adwaita.passwordEntryRow(title: tr("API key")) { [unowned self] row, text in self.storeKey(text, row: row) }
        let change = Gtk.button(tr("Change…")) {}
        let remove = Gtk.button(tr("Remove")) {}
        for button in [change, remove] { Gtk.setVerticalCenter(button) }
        Gtk.addCSSClass(remove, "destructive-action")
        let saved = Adwaita.actionRow(title: tr("API key"), subtitle: tr("Key saved"), suffixes: [change, remove])
        Gtk.setVisible(saved, false)
        onSignal(change.pointer, "clicked") { [unowned self] in
            self.changingKey = true
            self.showKeyRows(saved: true)
            Gtk.grabFocus(entry)
        }
        onSignal(remove.pointer, "clicked") { [unowned self] in self.removeKey() }
        (keySavedRow, keyEntryRow) = (saved, entry)
        return [url, model, saved, entry]
    }

    /// A key typed in and applied goes to the Secret Service; an empty row removes nothing (Remove does, with Undo).
    private func storeKey(_ text: String, row: Widget) {
        guard !text.allSatisfy(\.isWhitespace) else {
            changingKey = false
            readProviderStatus()
            return
        }
        dismissRefusal()
        keys.store(text) { [self] result in
            switch result {
            case .success(let status):
                Adwaita.showStored(row, "")
                Gtk.removeCSSClass(row, "error")
                self.changingKey = false
                self.showKeyStatus(status)
                Adwaita.toast(self.window, tr("Key saved"))
            case .failure(let failure):
                Gtk.addCSSClass(row, "error")
                self.refusal = Adwaita.lastingToast(self.window, failure.logged())
            }
        }
    }

    /// Removes the saved key; the toast's Undo puts the same key back for the same provider.
    private func removeKey() {
        dismissRefusal()
        keys.remove { [self] result in
            switch result {
            case .success(let (status, removed)):
                self.showKeyStatus(status)
                guard let removed else { return }
                Adwaita.toast(self.window, tr("Key removed"), button: tr("Undo")) { [self] in
                    self.keys.store(removed.key, providerURL: removed.providerURL) { [self] result in
                        switch result {
                        case .success(let status):
                            self.showKeyStatus(status)
                            Adwaita.toast(self.window, tr("Key restored"))
                        case .failure(let failure): self.refusal = Adwaita.lastingToast(self.window, failure.logged())
                        }
                    }
                }
            case .failure(let failure): self.refusal = Adwaita.lastingToast(self.window, failure.logged())
            }
        }
    }

    private func readProviderStatus() {
        keys.status { [self] status in self.showKeyStatus(status) }
    }

    private func showKeyStatus(_ status: ProviderKeyService.Status) {
        guard let group = providerGroup else { return }
        Adwaita.setGroupDescription(group, PreferencesText.providerDescription(status))
        if !status.keySaved { changingKey = false }
        showKeyRows(saved: status.keySaved)
    }

    /// "Key saved" while the Secret Service holds one, else (or after Change…) the entry row.
    private func showKeyRows(saved: Bool) {
        guard let savedRow = keySavedRow, let entry = keyEntryRow else { return }
        Gtk.setVisible(savedRow, saved && !changingKey)
        Gtk.setVisible(entry, !saved || changingKey)
    }

    // MARK: Changes

    /// One edited row through the validated path; the row shows the stored (canonical) value, or is marked.
    private func apply(_ edit: SettingEdit, row: Widget) {
        let done: @Sendable (Result<ConfigChange.Outcome, ConfigChange.Failure>) -> Void = { [self] result in
            self.answered(result, row: row)
        }
        switch edit {
        case .set(let key, let value): settings.set(key, to: value, done: done)
        case .unset(let key): settings.unset(key, done: done)
        }
    }

    private func dismissRefusal() {
        refusal?.dismiss()
        refusal = nil
    }

    private func answered(_ result: Result<ConfigChange.Outcome, ConfigChange.Failure>, row: Widget?) {
        dismissRefusal()
        switch result {
        case .success(let outcome):
            if let row {
                let text = outcome.stored ?? (outcome.key.defaultValue ?? "")
                Adwaita.showStored(row, text)
                followed[outcome.key]?.show(text)
                Gtk.removeCSSClass(row, "error")
            }
            if outcome.key == .branch, let branchRow {
                // What the branch means for the doses stays under the row; a toast would cut it. Without a warning
                // the row's usual subtitle comes back when the config file's change is followed (showBranch).
                if !outcome.warnings.isEmpty {
                    Adwaita.setSubtitle(branchRow, outcome.warnings.map(PreferencesText.warning).joined(separator: ". "))
                }
                Adwaita.toast(window, PreferencesText.changed(outcome, withWarnings: false))
            } else {
                Adwaita.toast(window, PreferencesText.changed(outcome))
            }
            // What the provider group says depends on both rows (a model set is no longer missing).
            if outcome.key == .providerURL || outcome.key == .providerModel { readProviderStatus() }
            if outcome.key == .source {
                hasSource = outcome.stored != nil
                updateSyncButton()
            }
            changed()
        case .failure(let failure):
            if let row { Gtk.addCSSClass(row, "error") }
            refusal = Adwaita.lastingToast(window, PreferencesText.refusal(failure))
        }
    }
}
