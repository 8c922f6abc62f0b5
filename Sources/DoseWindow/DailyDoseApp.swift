import DoseDesktop
import DoseSystem
import GLibGlue

/// The `daily-dose` application: one instance on the session bus, its actions, and its one window.
///
/// Everything runs on the GLib main thread that `g_application_run` owns; nothing here is shared with
/// another thread. What to show comes from DoseDesktop; this type only wires it to widgets.
public final class DailyDoseApp {
    private let application: Application
    private var window: DoseWindow?
    /// The Preferences window while it is open (it keeps itself until destroyed).
    private weak var preferences: PreferencesWindow?
    private let readiness = Readiness(fileDescriptor: Environment.value("DAILY_DOSE_READY_FD").flatMap { Int32($0) })
    /// The scheduler and the learning queue: started with the app (unless the student turned them off).
    private let background = BackgroundWorkControl(paths: .fromEnvironment())

    public init() {
        application = Application(id: DesktopApplication.id)
    }

    /// Runs the application with the process's arguments; returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        let app = DailyDoseApp()
        app.wire()
        return app.application.run(arguments)
    }

    /// One of the app's actions: `app.NAME`, whether it takes a string, and what it does. Its keys are
    /// `AppShortcuts`' (one table for the accelerators and the Keyboard Shortcuts window).
    private struct ActionEntry {
        let name: String
        var takesString = false
        let run: (String?) -> Void
    }

    /// Every `app.*` action, declared once.
    private var actions: [ActionEntry] {
        [
            // Bus activation emits no `activate`: the action presents the window itself, opening on the item.
            ActionEntry(name: "open-dose", takesString: true) { [unowned self] id in
                let (window, created) = self.presentWindow(opening: id ?? "")
                if !created { window.showItem(id: id ?? "") }
            },
            ActionEntry(name: "today") { [unowned self] _ in
                let (window, created) = self.presentWindow()
                if !created { window.showToday() }
            },
            ActionEntry(name: "learn") { [unowned self] _ in self.presentWindow().window.showLearn() },
            ActionEntry(name: "study", takesString: true) { [unowned self] parameter in
                let window = self.presentWindow().window
                // A parameter from any D-Bus caller: anything but "SUBJECT\u{1F}TOPIC" opens the list instead.
                guard let key = parameter.flatMap(TopicParameter.decode) else { return window.showLearn() }
                window.study(key)
            },
            // "SUBJECT\u{1F}TOPIC" (a Learn page's Quiz button, a launcher); anything else opens nothing.
            ActionEntry(name: "quiz", takesString: true) { [unowned self] parameter in
                guard let key = parameter.flatMap(TopicParameter.decode) else {
                    Log.warning("daily-dose: app.quiz wants \"SUBJECT\\u001fTOPIC\", not \(String(reflecting: parameter ?? ""))")
                    return
                }
                self.presentWindow().window.showQuiz(key)
            },
            ActionEntry(name: "previous-day") { [unowned self] _ in self.presentWindow().window.step(-1) },
            ActionEntry(name: "next-day") { [unowned self] _ in self.presentWindow().window.step(1) },
            ActionEntry(name: "preferences") { [unowned self] _ in
                let window = self.presentWindow().window
                // One Preferences window: asked for again, the open one is raised with what is stored now.
                if let preferences = self.preferences { return preferences.presentAgain(over: window.widget) }
                self.preferences = PreferencesWindow.present(over: window.widget, background: self.background) { [unowned self] in
                    self.window?.showToday()
                }
            },
            ActionEntry(name: "about") { [unowned self] _ in
                Adwaita.presentAbout(over: self.presentWindow().window.widget, AboutDetails())
            },
            // The window remembers its size as it goes; the scheduler and the queue are what stay.
            ActionEntry(name: "quit") { [unowned self] _ in
                self.window?.saveState()
                self.application.quit()
            },
        ]
    }

    private func wire() {
        // A new window opens on today already: only a window that was there goes back to today.
        application.onActivate { [unowned self] in
            let (window, created) = self.presentWindow()
            if !created { window.showToday() }
        }
        for action in actions { application.addAction(action.name, withString: action.takesString, action.run) }
        background.onChange = { [unowned self] result in
            self.window?.backgroundChanged()
            self.preferences?.showBackground(result)
        }
        application.onStartup { [unowned self] in
            // The primary instance only (a second `daily-dose` hands its arguments over and ends): the queue runs
            // whenever the app does, on every desktop, with no command typed (docs/learning.md).
            self.background.resume()
            for shortcut in AppShortcuts.all {
                guard let action = shortcut.action else { continue }
                Gtk.setAccels(self.application.pointer, action: action, shortcut.accelerators)
            }
        }
    }

    /// The window, raised; made on first use, showing today's dose or the item `opening` names.
    private func presentWindow(opening reference: String? = nil) -> (window: DoseWindow, created: Bool) {
        if let window {
            Gtk.present(window.widget)
            return (window, false)
        }
        let window = DoseWindow(application: application, opening: reference, background: background)
        self.window = window
        Gtk.onDestroy(window.widget) { [unowned self] in self.window = nil }
        readiness.watch(window)
        Gtk.present(window.widget)
        return (window, true)
    }
}
