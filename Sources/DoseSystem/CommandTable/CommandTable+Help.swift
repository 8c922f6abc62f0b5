/// `--help` pages and usages, rendered from the table.
extension CommandTable {
    /// The program's `--help`: usage, summary, every command's usage, options and the footer.
    public var help: String {
        var lines = ["Usage: \(program) COMMAND [OPTIONS]", "", summary, "", "Commands:"]
        for command in visibleCommands { lines += usageLines(for: [command]).map { "  " + $0 } }
        lines += ["", "Options:"] + optionLines(Self.programOptions) + [""]
        if !configKeys.isEmpty { lines.append("Config keys: " + configKeys.map(\.rawValue).joined(separator: ", ")) }
        return (lines + [footer]).joined(separator: "\n")
    }

    /// What a bare or mistyped command line prints: the commands, one a line, with what each does.
    public var usage: String {
        let width = (visibleCommands.map(\.name.count).max() ?? 0) + 3
        var lines = ["Usage: \(program) COMMAND [OPTIONS]", "", "Commands:"]
        for command in visibleCommands { lines.append("  " + command.name.padded(to: width) + command.summary) }
        lines += ["", "See `\(program) --help` and `\(program) COMMAND --help`."]
        return lines.joined(separator: "\n")
    }

    /// The `--help` of a command name, `nil` for a name that is not a command (`dose help NAME`).
    public func help(forCommand name: String) -> String? {
        command(name).map { help(for: [$0]) }
    }

    /// The `--help` of a command or an action: usage, details, actions or options, config keys.
    func help(for path: [CommandSpec]) -> String {
        guard let spec = path.last else { return help }
        let usage = usageLines(for: path)
        var sections = ["Usage: " + usage.joined(separator: "\n       ")]
        if !spec.details.isEmpty { sections.append(spec.details) }
        if !spec.actions.isEmpty {
            let width = max(23, (spec.actions.map(\.synopsis.count).max() ?? 0) + 3)
            sections.append((["Actions:"] + spec.actions.map { "  " + $0.synopsis.padded(to: width) + $0.summary }).joined(separator: "\n"))
        }
        if !spec.options.isEmpty { sections.append((["Options:"] + optionLines(spec.options)).joined(separator: "\n")) }
        if mentionsConfigKey(spec), !configKeys.isEmpty {
            sections.append((["Keys:"] + configKeys.map { "  " + $0.rawValue.padded(to: 20) + $0.help }).joined(separator: "\n"))
        }
        sections.append("See \(manual) for files, environment and exit statuses.")
        return sections.joined(separator: "\n\n")
    }

    /// A command's usage, one line per form: `dose learn tick SUBJECT TOPIC`, …
    func usageLines(for path: [CommandSpec]) -> [String] {
        guard let spec = path.last else { return [] }
        let prefix = ([program] + path.dropLast().map(\.name)).joined(separator: " ")
        guard !spec.actions.isEmpty else { return ["\(prefix) \(spec.synopsis)"] }
        if spec.defaultAction != nil {
            return ["\(prefix) \(spec.name) [" + spec.actions.map(\.synopsis).joined(separator: " | ") + "]"]
        }
        return spec.actions.map { "\(prefix) \(spec.name) \($0.synopsis)" }
    }

    /// The usage printed after a usage error in a command (its forms and a pointer to its help).
    func usage(for path: [CommandSpec]) -> String {
        let lines = usageLines(for: path)
        let names = ([program] + path.map(\.name)).joined(separator: " ")
        return "Usage: " + lines.joined(separator: "\n       ") + "\n\nSee `\(names) --help`."
    }

    private func optionLines(_ options: [OptionSpec]) -> [String] {
        options.map { option in
            let names = (option.short.map { "\($0), " } ?? "") + option.synopsis
            return "  " + names.padded(to: 20) + Self.wrap(option.help, width: 100 - 22).joined(separator: "\n" + String(repeating: " ", count: 22))
        }
    }

    /// Words of `text` in lines of at most `width` columns (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + (line.isEmpty ? [] : [line])
    }

    private func mentionsConfigKey(_ spec: CommandSpec) -> Bool {
        (spec.positionals + spec.actions.flatMap(\.positionals)).contains { $0.kind == .configKey }
    }
}

extension String {
    /// The string and spaces up to `width` columns, at least two spaces.
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(2, width - count))
    }
}

extension CommandTable {
    /// The run function of a `help [COMMAND]` command: the program's help, or one command's.
    public func runHelp(_ arguments: inout Arguments) throws(CommandError) {
        let topic = arguments.optionalPositional()
        try arguments.finish()
        guard let topic else {
            Console.print(help)
            return
        }
        guard let text = help(forCommand: topic) else {
            throw .usage(tr("unknown command {name}", ["name": topic]) + Suggestion.hint(for: topic, among: visibleCommands.map(\.name)), showing: usage)
        }
        Console.print(text)
    }
}
