import DoseSystem

/// Shell completions generated from command tables: bash and zsh (one file for both programs, as
/// installed), fish (one file a program). packaging/completions holds the output; `CompletionFileTests`
/// fails when it differs from what the tables generate.
///
/// Each script is data (one line per command or action: its options, its actions or positionals' kinds)
/// and one generic function; values only the data knows come from `dose completions ids|subjects|topics`.
public enum Completions {
    /// The command that prints dynamic values, one a line.
    public static let valuesCommand = "dose completions"

    /// One place on the command line: `config get`, with what may follow it.
    struct Node {
        var path: [String]
        var options: [OptionSpec]
        var children: [(name: String, summary: String)]
        var positionals: [PositionalSpec]
    }

    /// Every node of a table, deepest first (so a prefix match finds the most specific one).
    static func nodes(_ table: CommandTable) -> [Node] {
        var nodes: [Node] = []
        for command in table.visibleCommands {
            for action in command.actions {
                nodes.append(Node(path: [command.name, action.name], options: action.allOptions, children: [], positionals: action.positionals))
            }
            if command.actions.isEmpty {
                nodes.append(Node(path: [command.name], options: command.allOptions, children: [], positionals: command.positionals))
            } else {
                nodes.append(Node(path: [command.name], options: [.help], children: command.actions.map { ($0.name, $0.summary) }, positionals: []))
            }
        }
        let aliases = table.visibleCommands.compactMap { command in command.flagAlias.map { OptionSpec($0, help: command.summary) } }
        nodes.append(Node(path: [], options: CommandTable.programOptions + aliases,
            children: table.visibleCommands.map { ($0.name, $0.summary) }, positionals: []))
        return nodes
    }

    /// Every option that takes a value, once by name.
    static func valueOptions(_ table: CommandTable) -> [OptionSpec] {
        var seen = Set<String>()
        return table.visibleCommands.flatMap { [$0] + $0.actions }.flatMap(\.options).filter { $0.takesValue && seen.insert($0.name).inserted }
    }

    static func aliases(_ table: CommandTable) -> [(flag: String, command: String)] {
        table.visibleCommands.compactMap { command in command.flagAlias.map { ($0, command.name) } }
    }

    /// The shell-neutral token of a value kind, read by each script's `values` function.
    static func token(_ kind: ValueKind) -> String {
        switch kind {
        case .text: return "text"
        case .file: return "file"
        case .date: return "date"
        case .count: return "count"
        case .itemID: return "ids"
        case .configKey: return "keys"
        case .subject: return "subjects"
        case .topic: return "topics"
        case .command: return "commands"
        case .choice(let words): return "w:" + words.joined(separator: ",")
        }
    }

    /// A help line cut to its first clause, for a completion's description.
    static func brief(_ help: String) -> String {
        var text = Substring(help)
        for stop in ["; ", ": ", " ("] {
            if let range = text.firstRange(of: stop) { text = text[..<range.lowerBound] }
        }
        return String(text)
    }

    /// A word in single quotes for bash, zsh and fish alike (`'` closed, escaped, reopened).
    static func quoted(_ text: String) -> String {
        var result = "'"
        for character in text {
            if character == "'" { result += "'\\''" } else { result.append(character) }
        }
        return result + "'"
    }

    /// A shell function name for a program: `dose-notify` → `dose_notify`.
    static func identifier(_ program: String) -> String {
        String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
