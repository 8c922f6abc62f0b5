import Foundation
import Testing
@testable import DoseApp
@testable import DoseNotifier
@testable import DoseSystem
import DoseCompletions
import DoseTestSupport

/// The completions in packaging/completions are what the two command tables generate, and the man pages
/// name every command, action and option of them. `UPDATE_COMPLETIONS=1` rewrites the files instead.
@Suite(.timeLimit(.minutes(5)), .watched) struct CompletionFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let tables = [DoseCLI.table, NotifyCLI.table]

    static let files: [(String, String)] = [
        ("dose.bash", Completions.bash(tables)),
        ("_dose", Completions.zsh(tables)),
        ("dose.fish", Completions.fish(DoseCLI.table)),
        ("dose-notify.fish", Completions.fish(NotifyCLI.table)),
    ]

    @Test(arguments: files.map(\.0))
    func theCommittedFileIsWhatTheTableGenerates(_ name: String) throws {
        let generated = try #require(Self.files.first { $0.0 == name }?.1)
        let url = Self.root.appendingPathComponent("packaging/completions/\(name)")
        if ProcessInfo.processInfo.environment["UPDATE_COMPLETIONS"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == generated, "packaging/completions/\(name) differs from the table: UPDATE_COMPLETIONS=1 swift test --filter CompletionFileTests")
    }

    @Test func theGeneratedFilesOfferEveryCommandOptionAndKey() {
        let (bash, zsh) = (Completions.bash(Self.tables), Completions.zsh(Self.tables))
        let fish = Self.tables.map(Completions.fish).joined()
        for table in Self.tables {
            for command in table.visibleCommands {
                let words = [command.name] + command.actions.map(\.name)
                    + (command.options + command.actions.flatMap(\.options)).map(\.name)
                for word in words {
                    #expect(bash.contains(word) && zsh.contains(word) && fish.contains(word.hasPrefix("--") ? "-l \(word.dropFirst(2))" : word),
                        "\(table.program) \(command.name): \(word) is missing from a completion")
                }
            }
        }
        for key in ConfigKey.allCases {
            #expect(bash.contains(key.rawValue) && zsh.contains(key.rawValue) && fish.contains(key.rawValue))
        }
        #expect(!bash.contains("completions ids ") || bash.contains("dose completions ids 2>/dev/null"))
        #expect(!Completions.bash(Self.tables).contains(" completions)"), "the hidden command is offered")
    }

    /// The manual pages name every command, action, option and config key the tables declare, as scdoc
    /// bold at the start of a line (`*today* …`, `*learn tick* …`) and as `*--days*`.
    @Test(arguments: [("dose.1.scd", 0), ("dose-notify.1.scd", 1)])
    func theManualNamesEveryCommandAndOption(_ page: String, _ index: Int) throws {
        let table = Self.tables[index]
        let text = try String(contentsOf: Self.root.appendingPathComponent("packaging/man/\(page)"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        func starts(_ words: String) -> Bool {
            lines.contains { $0.hasPrefix("*\(words)*") || $0.hasPrefix("*\(words) ") || $0.hasPrefix("*\(table.program) \(words)") }
        }
        var missing: [String] = []
        for command in table.visibleCommands {
            if !starts(command.flagAlias ?? command.name) { missing.append(command.name) }
            for action in command.actions where !starts("\(command.name) \(action.name)") && !text.contains("*\(command.name)* [*\(action.name)*]") {
                missing.append("\(command.name) \(action.name)")
            }
            for option in command.options + command.actions.flatMap(\.options) where !text.contains("*\(option.name)*") {
                missing.append("\(command.name) \(option.name)")
            }
        }
        for option in CommandTable.programOptions where !text.contains("*\(option.name)*") { missing.append(option.name) }
        for key in table.configKeys where !starts(key.rawValue) { missing.append("config key \(key.rawValue)") }
        #expect(missing.isEmpty, "\(page) does not name \(missing)")
    }
}
