/// A program's whole command line, declared once: parsing, `--help`, usage errors with suggestions and
/// the shell completions all read it (`Completions`).
///
/// Static data: building it allocates a few small arrays and runs nothing, so start-up pays nothing for it.
public struct CommandTable: Sendable {
    /// `dose`, `dose-notify`.
    public let program: String
    public let version: String
    /// The line under the usage in `--help`.
    public let summary: String
    public let commands: [CommandSpec]
    /// The lines after the options (and the config keys) in the program's `--help`: files, exit statuses.
    public let footer: String
    /// The manual page, `dose(1)`.
    public let manual: String
    /// The config keys its `config` command takes (help, completions); `allCases`, a static array, costs nothing to hold.
    public let configKeys: [ConfigKey]

    public init(
        program: String, version: String, summary: String, commands: [CommandSpec], footer: String,
        manual: String, configKeys: [ConfigKey] = []
    ) {
        self.program = program
        self.version = version
        self.summary = summary
        self.commands = commands
        self.footer = footer
        self.manual = manual
        self.configKeys = configKeys
    }

    /// The options the program itself takes, before any command.
    public static let programOptions: [OptionSpec] = [.help, .version]

    /// The command called `name` (hidden ones included).
    public func command(_ name: String) -> CommandSpec? { commands.first { $0.name == name } }

    /// The commands help and completions show.
    public var visibleCommands: [CommandSpec] { commands.filter { !$0.hidden } }

    /// Runs one invocation; returns the exit status. Failures are logged as `program: message`, a usage after them.
    public func run(_ argv: [String]) -> Int32 {
        do {
            try dispatch(Array(argv.dropFirst()))
            return ExitCode.ok.rawValue
        } catch {
            Log.write(error.exitCode == .failure ? .notice : .error, "\(program): \(error.message)")
            if let usage = error.usage {
                for line in ("\n" + usage).split(separator: "\n", omittingEmptySubsequences: false) {
                    Log.write(.error, String(line))
                }
            }
            return error.exitCode.rawValue
        }
    }

    /// Finds the command (and action) the words name, answers `--help`/`--version`, checks every option
    /// word against the declarations, then runs it.
    func dispatch(_ words: [String]) throws(CommandError) {
        var arguments = Arguments(words)
        var spec: CommandSpec
        if let aliased = commands.first(where: { $0.flagAlias.map { arguments.flag($0) } ?? false }) {
            spec = aliased
        } else if let name = arguments.optionalPositional() {
            guard let found = command(name) else {
                throw .usage(tr("unknown command {name}", ["name": name]) + Suggestion.hint(for: name, among: visibleCommands.map(\.name)), showing: usage)
            }
            spec = found
        } else {
            if arguments.flag(OptionSpec.version.name) {
                Console.print("\(program) \(version)")
                return
            }
            if arguments.flag(OptionSpec.help.name, OptionSpec.help.short!) {
                Console.print(help)
                return
            }
            try check(arguments.remaining, against: Self.programOptions)
            throw .usage(tr("missing command"), showing: usage)
        }
        var path = [spec]
        if !spec.actions.isEmpty {
            if arguments.flag(OptionSpec.help.name, OptionSpec.help.short!) {
                if let name = arguments.optionalPositional(), let action = spec.action(name) {
                    Console.print(help(for: path + [action]))
                } else {
                    Console.print(help(for: path))
                }
                return
            }
            let name = arguments.optionalPositional() ?? spec.defaultAction
            guard let name else {
                throw .usage(tr("missing {command} action", ["command": spec.name]), showing: usage(for: path))
            }
            guard let action = spec.action(name) else {
                throw .usage(tr("unknown {command} action {name}", ["command": spec.name, "name": name]) + Suggestion.hint(for: name, among: spec.actions.map(\.name)),
                    showing: usage(for: path))
            }
            spec = action
            path.append(action)
        }
        if arguments.flag(OptionSpec.help.name, OptionSpec.help.short!) {
            Console.print(help(for: path))
            return
        }
        try check(arguments.remaining, against: spec.allOptions, positionals: spec.positionals)
        for group in spec.exclusive where group.filter({ arguments.remaining.contains(optionWord: $0) }).count > 1 {
            let message = tr("{options} and {last} cannot be given together", [
                "options": group.dropLast().joined(separator: ", "), "last": group.last ?? "",
            ])
            throw .usage(message, showing: usage(for: path))
        }
        guard let run = spec.run else { throw CommandError("\(spec.name) has nothing to run", exitCode: .software) }
        do { try run(&arguments) } catch where error.exitCode == .usage && error.usage == nil {
            // A command line the command refused (a missing PACK, a bad --days): its usage follows, as git does.
            throw .usage(error.message, showing: usage(for: path))
        }
    }

    /// Refuses an option word no declaration names, suggesting the closest; a declared option's value is skipped,
    /// and so is the word a positional that takes any word (`anyWord`) stands for.
    func check(_ words: [String], against options: [OptionSpec], positionals: [PositionalSpec] = []) throws(CommandError) {
        var index = 0
        var filled = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" { return }
            if filled < positionals.count && positionals[filled].anyWord {
                filled += 1
                continue
            }
            guard Self.looksLikeOption(word) else {
                filled += 1
                continue
            }
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard let option = options.first(where: { $0.name == name || $0.short == name }) else {
                let names = options.map(\.name) + options.compactMap(\.short)
                throw .usage(tr("unknown option {word}", ["word": name]) + Suggestion.hint(for: name, among: names))
            }
            if option.takesValue && name == word { index += 1 }
        }
    }

    /// `--x`, `-x`: a word that names an option; `-`, `-1:00` (a value) do not.
    static func looksLikeOption(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars.prefix(3))
        guard scalars.count >= 2, scalars[0] == "-" else { return false }
        let next = scalars[1] == "-" ? (scalars.count > 2 ? scalars[2] : nil) : scalars[1]
        return next.map { $0.properties.isAlphabetic } ?? false
    }
}

extension [String] {
    /// True when the option `name` is among these words (as `--name` or `--name=…`), before any `--`.
    func contains(optionWord name: String) -> Bool {
        for word in self {
            if word == "--" { return false }
            if word == name || word.hasPrefix(name + "=") { return true }
        }
        return false
    }
}
