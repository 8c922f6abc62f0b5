import DoseApp
import DoseDesktop
import DoseSystem

/// The preferences (AdwPreferencesWindow): the notify time and the branch, each change stored through
/// `dose config set`'s validation and planning pass (`DesktopPool.set`), a refusal shown as a toast.
enum PreferencesWindow {
    /// Opens the preferences over `parent`; Escape closes them.
    static func present(over parent: Widget?, changed: @escaping () -> Void) {
        let pool = DoseWindow.pool()
        let window = Adwaita.preferencesWindow(over: parent)
        Gtk.setTitle(window, "Preferences")

        let time = Adwaita.entryRow(title: "Notify time (HH:MM)", text: pool.value(.notifyTime) ?? "") { row, text in
            Self.store(.notifyTime, text, window: window, row: row, changed: changed)
        }

        // "Common only" is no branch: the key unset, untagged doses only.
        let codes = (try? pool.branchCodes()) ?? []
        var choices = ["Common only"] + codes
        let current = pool.value(.branch)
        if let current, !codes.contains(current) { choices.append(current) }
        let selected = current.flatMap { choices.firstIndex(of: $0) } ?? 0
        let branch = Adwaita.comboRow(title: "Branch", choices: choices, selected: selected) { index in
            guard index >= 0, index < choices.count else { return }
            do throws(CommandError) {
                if index == 0 { try DoseWindow.pool().unset(.branch) } else {
                    _ = try DoseWindow.pool().set(.branch, to: choices[index])
                }
                Adwaita.toast(window, index == 0 ? "Common doses only" : "Branch \(choices[index])")
                changed()
            } catch {
                Adwaita.toast(window, error.message)
            }
        }

        let group = Adwaita.preferencesGroup(
            title: "Your daily dose",
            description: "The morning notification comes at this local time; the branch picks which doses you see.",
            rows: [time, branch])
        Adwaita.addPage(window, title: "General", icon: "preferences-system-symbolic", groups: [group])
        Gtk.present(window)
    }

    private static func store(_ key: ConfigKey, _ text: String, window: Widget, row: Widget, changed: () -> Void) {
        do {
            let stored = try DoseWindow.pool().set(key, to: text)
            Gtk.setEditableText(row, stored)
            Gtk.removeCSSClass(row, "error")
            Adwaita.toast(window, "Notify time set to \(stored)")
            changed()
        } catch {
            Gtk.addCSSClass(row, "error")
            Adwaita.toast(window, error.message)
        }
    }
}
