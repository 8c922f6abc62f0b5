/// `--help` pages and usages, rendered from the table in the user's language.
///
/// The declarations stay English (`trLater` marks them): completions, parsing and the manual-page check read
/// them as they are, and only what is rendered here for a person is translated. Names (commands, options,
/// placeholders such as `PACK`, config keys) are never translated.
extension CommandTable {
    /// The program's `--help`: usage, summary, every command's usage, options and the footer.
    public var help: String {
        var lines = [Self.usageHeading + "\(program) COMMAND [OPTIONS]", "", Localization.translate(summary), "", tr("Commands:")]
        for command in visibleCommands { lines += usageLines(for: [command]).map { "  " + $0 } }
        lines += ["", tr("Options:")] + optionLines(Self.programOptions) + [""]
        if !configKeys.isEmpty {
            lines.append(tr("Config keys: {keys}", ["keys": configKeys.map(\.rawValue).joined(separator: ", ")]))
        }
        return (lines + [Localization.translate(footer)]).joined(separator: "\n")
    }

    /// `Usage: ` in the user's language, with its space: usages are written after it.
    static var usageHeading: String { tr("Usage:") + " " }

    /// A usage's lines after the heading, the later ones indented under the first.
    static func usageBlock(_ lines: [String]) -> String {
        let heading = usageHeading
        return heading + lines.joined(separator: "\n" + String(repeating: " ", count: heading.count))
    }

    /// What a bare or mistyped command line prints: the commands, one a line, with what each does.
    public var usage: String {
        let width = (visibleCommands.map(\.name.count).max() ?? 0) + 3
        var lines = [Self.usageHeading + "\(program) COMMAND [OPTIONS]", "", tr("Commands:")]
        for command in visibleCommands { lines.append("  " + command.name.padded(to: width) + Localization.translate(command.summary)) }
        lines += ["", tr("See `{program} --help` and `{program} COMMAND --help`.", ["program": program])]
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
        var sections = [Self.usageBlock(usage)]
        if !spec.details.isEmpty { sections.append(Localization.translate(spec.details)) }
        if !spec.actions.isEmpty {
            let width = max(23, (spec.actions.map(\.synopsis.count).max() ?? 0) + 3)
            let lines = spec.actions.map { "  " + $0.synopsis.padded(to: width) + Localization.translate($0.summary) }
            sections.append(([tr("Actions:")] + lines).joined(separator: "\n"))
        }
        if !spec.options.isEmpty { sections.append(([tr("Options:")] + optionLines(spec.options)).joined(separator: "\n")) }
        if mentionsConfigKey(spec), !configKeys.isEmpty {
            let lines = configKeys.map { "  " + $0.rawValue.padded(to: 20) + Localization.translate($0.help) }
            sections.append(([tr("Keys:")] + lines).joined(separator: "\n"))
        }
        sections.append(tr("See {manual} for files, environment and exit statuses.", ["manual": manual]))
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
        return Self.usageBlock(lines) + "\n\n" + tr("See `{command} --help`.", ["command": names])
    }

    private func optionLines(_ options: [OptionSpec]) -> [String] {
        options.map { option in
            let names = (option.short.map { "\($0), " } ?? "") + option.synopsis
            return "  " + names.padded(to: 20) + Self.wrap(Localization.translate(option.help), width: 100 - 22).joined(separator: "\n" + String(repeating: " ", count: 22))
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
