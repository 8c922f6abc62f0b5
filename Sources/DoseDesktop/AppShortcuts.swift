import DoseCore
import DoseSystem

/// One keyboard shortcut of the app: what the Keyboard Shortcuts window lists, and for an action's shortcut the
/// accelerators the application binds to it (`app.NAME` or `win.NAME`). One table serves both, so the window
/// can't list a key the app does not bind.
public struct AppShortcut: Equatable, Sendable {
    /// A group of the Keyboard Shortcuts window.
    public enum Group: CaseIterable, Sendable {
        case general, dose, studying, quiz
    }

    public let group: Group
    public let title: String
    /// GTK accelerators ("<Control>comma"); the first is the one the window shows.
    public let accelerators: [String]
    /// The detailed action the accelerators are bound to; nil for a page's own keys (Study's grades, a quiz's
    /// choices), which that page handles while it has the focus.
    public let action: String?

    public init(group: Group, title: String, accelerators: [String], action: String?) {
        (self.group, self.title, self.accelerators, self.action) = (group, title, accelerators, action)
    }
}

/// The app's keyboard shortcuts, and the Keyboard Shortcuts window made from them.
public enum AppShortcuts {
    /// Every shortcut, in the order the window lists them (titles in the current language).
    public static var all: [AppShortcut] {
        [
            AppShortcut(group: .general, title: tr("Preferences"), accelerators: ["<Control>comma"], action: "app.preferences"),
            AppShortcut(group: .general, title: tr("Keyboard shortcuts"), accelerators: ["<Control>question"],
                        action: "win.show-help-overlay"),
            AppShortcut(group: .general, title: tr("Main menu"), accelerators: ["F10"], action: nil),
            AppShortcut(group: .general, title: tr("Close the window"), accelerators: ["<Control>w"], action: "window.close"),
            AppShortcut(group: .general, title: tr("Quit"), accelerators: ["<Control>q"], action: "app.quit"),
            AppShortcut(group: .dose, title: tr("Previous day"), accelerators: ["<Alt>Left"], action: "app.previous-day"),
            AppShortcut(group: .dose, title: tr("Next day"), accelerators: ["<Alt>Right"], action: "app.next-day"),
            AppShortcut(group: .dose, title: tr("Back to today"), accelerators: ["<Alt>Home"], action: "app.today"),
            AppShortcut(group: .studying, title: tr("Reveal the answer"), accelerators: ["space"], action: nil),
            AppShortcut(group: .studying, title: tr("Grade the card: Again, Hard, Good, Easy"), accelerators: ["1 2 3 4"], action: nil),
            AppShortcut(group: .studying, title: tr("Undo the last grade"), accelerators: ["<Control>z"], action: nil),
            AppShortcut(group: .studying, title: tr("Back to the topics"), accelerators: ["Escape"], action: nil),
            AppShortcut(group: .quiz, title: tr("Choose an answer"), accelerators: ["1 2 3 4"], action: nil),
            AppShortcut(group: .quiz, title: tr("Leave the quiz"), accelerators: ["Escape"], action: nil),
        ]
    }

    /// A group's heading in the window.
    public static func title(_ group: AppShortcut.Group) -> String {
        switch group {
        case .general: tr("General")
        case .dose: tr("Dose")
        case .studying: tr("Studying flashcards")
        case .quiz: tr("Quizzes")
        }
    }

    /// The Keyboard Shortcuts window (a GtkShortcutsWindow with the object id "help_overlay") as GtkBuilder XML,
    /// every translated word escaped.
    public static func windowInterface(_ shortcuts: [AppShortcut] = all) -> String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?><interface>"#
            + #"<object class="GtkShortcutsWindow" id="help_overlay"><property name="modal">1</property>"#
            + #"<property name="title">"# + escaped(tr("Keyboard Shortcuts")) + "</property><child>"
            + #"<object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>"#
            + #"<property name="max-height">12</property>"#
        for group in AppShortcut.Group.allCases {
            let members = shortcuts.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            xml += #"<child><object class="GtkShortcutsGroup"><property name="title">"# + escaped(title(group)) + "</property>"
            for shortcut in members {
                xml += #"<child><object class="GtkShortcutsShortcut"><property name="title">"# + escaped(shortcut.title)
                    + #"</property><property name="accelerator">"# + escaped(shortcut.accelerators[0])
                    + "</property></object></child>"
            }
            xml += "</object></child>"
        }
        return xml + "</object></child></object></interface>"
    }

    /// Text made safe inside an XML element.
    static func escaped(_ text: String) -> String { Markup.escape(text, quotes: true) }
}
