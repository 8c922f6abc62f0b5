/// Runs one command (or action) on the words left after its name; it reads its options by their declarations.
public typealias CommandRunner = @Sendable (inout Arguments) throws(CommandError) -> Void

/// One command or action of a command table: everything parsing, help, suggestions and completions need.
///
/// A command either runs (`run`) or has actions (`config list|get|set|unset`), each an action spec;
/// `defaultAction` names the action a bare command runs (`dose config` is `dose config list`).
public struct CommandSpec: Sendable {
    public let name: String
    /// One line for the command list and completions.
    public let summary: String
    /// The paragraphs of `--help` between the usage and the options.
    public let details: String
    public let positionals: [PositionalSpec]
    public let options: [OptionSpec]
    /// Options that may not be given together (`--branch` and `--all`), shown as `[--branch CODE | --all]`.
    public let exclusive: [[String]]
    public let actions: [CommandSpec]
    public let defaultAction: String?
    /// A flag that names this command anywhere on the line (`dose-notify --dry-run`).
    public let flagAlias: String?
    /// Left out of help and completions (internal helpers such as `dose completions`).
    public let hidden: Bool
    let run: CommandRunner?

    public init(
        _ name: String, summary: String, details: String = "", positionals: [PositionalSpec] = [],
        options: [OptionSpec] = [], exclusive: [[String]] = [], actions: [CommandSpec] = [],
        defaultAction: String? = nil, flagAlias: String? = nil, hidden: Bool = false, run: CommandRunner? = nil
    ) {
        self.name = name
        self.summary = summary
        self.details = details
        self.positionals = positionals
        self.options = options
        self.exclusive = exclusive
        self.actions = actions
        self.defaultAction = defaultAction
        self.flagAlias = flagAlias
        self.hidden = hidden
        self.run = run
    }

    /// The action called `name`.
    public func action(_ name: String) -> CommandSpec? { actions.first { $0.name == name } }

    /// Its options with `-h, --help`, as help and completions list them.
    public var allOptions: [OptionSpec] { options + [.help] }

    /// The option spelled `word` (long or short), if this command has it.
    func option(named word: String) -> OptionSpec? {
        allOptions.first { $0.name == word || $0.short == word }
    }

    /// The words after the program name: `today [--date YYYY-MM-DD] … [--json]`, `show ID|CODE [--json]`.
    var synopsis: String {
        var parts = [flagAlias ?? name]
        parts += positionals.filter { !$0.optional }.map(\.name)
        parts += positionals.filter(\.optional).map { "[\($0.name)]" }
        var grouped = Set<String>()
        for option in options where !grouped.contains(option.name) {
            if let group = exclusive.first(where: { $0.contains(option.name) }) {
                grouped.formUnion(group)
                let members = group.compactMap { name in options.first { $0.name == name }?.synopsis }
                parts.append("[" + members.joined(separator: " | ") + "]")
            } else {
                parts.append("[\(option.synopsis)]")
            }
        }
        return parts.joined(separator: " ")
    }
}
