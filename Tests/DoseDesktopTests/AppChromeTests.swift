import DoseCore
import DoseDesktop
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// The app's chrome (issue 21): the window's remembered size, the one table of keyboard shortcuts the
/// application binds and the Keyboard Shortcuts window lists, and the About window's details.
@Suite(.timeLimit(.minutes(2)), .watched) struct AppChromeTests {
    @Test func aWindowStateIsKeptAsSavedAndReadBack() throws {
        let home = try Home()
        #expect(WindowState.load(home.paths) == .standard, "no file: the first run's size")
        let state = WindowState(width: 1024, height: 700, maximized: true)
        try state.save(home.paths)
        #expect(WindowState.load(home.paths) == state)
        let mode = try FileManager.default.attributesOfItem(atPath: home.paths.windowState)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.paths.stateDirectory)
        #expect(leftovers == ["window-state"], "written aside and renamed: \(leftovers)")
    }

    @Test func aFileThatIsNotASizeGivesTheStandardOneAndNeverATinyWindow() {
        #expect(WindowState(text: "") == .standard)
        #expect(WindowState(text: "width=abc\nheight=-5\nmaximized=yes\n") == .standard)
        #expect(WindowState(text: "width=99999999\nheight=0\n") == .standard)
        let small = WindowState(text: "width=100\nheight=120\n")
        #expect(small.width == WindowState.minimumWidth && small.height == WindowState.minimumHeight)
        #expect(WindowState(text: "height=900\r\nwidth=1300\n# a note\nmaximized=true") == WindowState(width: 1300, height: 900, maximized: true))
    }

    @Test func everyBoundShortcutNamesAnActionAndEveryGroupIsListed() {
        let shortcuts = AppShortcuts.all
        for shortcut in shortcuts {
            #expect(!shortcut.accelerators.isEmpty, "\(shortcut.title)")
            if let action = shortcut.action {
                #expect(["app.", "win.", "window."].contains { action.hasPrefix($0) }, "\(action)")
            }
        }
        let bound = shortcuts.compactMap(\.action)
        #expect(Set(bound).count == bound.count, "one shortcut per action")
        for expected in ["app.preferences", "app.quit", "win.show-help-overlay", "window.close", "app.previous-day"] {
            #expect(bound.contains(expected), "\(expected)")
        }
        // The GNOME keys every app has: Ctrl+Q, Ctrl+?, Ctrl+W, Ctrl+, and F10 for the primary menu.
        let keys = Set(shortcuts.flatMap(\.accelerators))
        #expect(keys.isSuperset(of: ["<Control>q", "<Control>question", "<Control>w", "<Control>comma", "F10"]))
        let xml = AppShortcuts.windowInterface()
        for group in AppShortcut.Group.allCases {
            #expect(xml.contains(">" + Markup.escape(AppShortcuts.title(group), quotes: true) + "<"), "\(group)")
        }
        #expect(xml.components(separatedBy: "GtkShortcutsShortcut").count - 1 == shortcuts.count)
        #expect(xml.contains(#"<property name="title">Keyboard Shortcuts</property>"#), "the window's title, which a screen reader says")
    }

    @Test func theShortcutsWindowIsWellFormedXMLWhateverATitleHolds() throws {
        let hostile = AppShortcut(group: .general, title: "Q&A <b>\"it's\"</b>", accelerators: ["<Control>q"], action: "app.quit")
        let xml = AppShortcuts.windowInterface([hostile])
        #expect(xml.contains("Q&amp;A &lt;b&gt;&quot;it&#39;s&quot;&lt;/b&gt;"))
        #expect(xml.contains("&lt;Control&gt;q"))
        #expect(!xml.contains("<b>"))
        // Every element opened is closed, in order (what GtkBuilder's parser requires of it).
        var open: [String] = []
        var rest = Substring(xml.drop { $0 != ">" }.dropFirst())  // after the XML declaration
        while let start = rest.firstIndex(of: "<"), let end = rest[start...].firstIndex(of: ">") {
            let tag = rest[rest.index(after: start)..<end]
            let name = String(tag.split(separator: " ").first ?? "")
            if name.hasPrefix("/") {
                #expect(open.popLast() == String(name.dropFirst()), "closes \(name)")
            } else if !tag.hasSuffix("/") {
                open.append(name)
            }
            rest = rest[rest.index(after: end)...]
        }
        #expect(open.isEmpty)
    }

    @Test func inGermanTheShortcutsAndTheAboutWindowAreTranslated() throws {
        let english = (AppShortcuts.all.map(\.title), AppShortcut.Group.allCases.map(AppShortcuts.title), AboutDetails())
        let german = try German.run { (AppShortcuts.all.map(\.title), AppShortcut.Group.allCases.map(AppShortcuts.title), AboutDetails()) }
        for (de, en) in zip(german.0 + german.1, english.0 + english.1) {
            #expect(de != en, "untranslated: \(en)")
        }
        #expect(german.2.comments != english.2.comments)
        #expect(english.2.translators.isEmpty, "English names no translators")
        #expect(!german.2.translators.isEmpty)
    }
}
