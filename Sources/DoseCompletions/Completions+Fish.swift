import DoseSystem

extension Completions {
    /// The fish completion of one program (fish loads one file a command).
    public static func fish(_ table: CommandTable) -> String {
        let program = table.program
        let prefix = "__" + identifier(program)
        let valueOptions = valueOptions(table)
        var lines = [
            "# fish completion for \(program) (Daily Dose)",
            "# Generated from the command tables (CommandTable); do not edit: UPDATE_COMPLETIONS=1 swift test --filter CompletionFileTests",
            "",
            "# The positional words before the cursor (option values left out).",
            "function \(prefix)_args",
            "    set -l out",
            "    set -l skip 0",
            "    set -l words (commandline -opc)",
            "    set -e words[1]",
            "    for word in $words",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        switch $word",
        ]
        for alias in aliases(table) { lines += ["            case \(alias.flag)", "                set -p out \(alias.command)"] }
        if !valueOptions.isEmpty { lines += ["            case " + valueOptions.map(\.name).joined(separator: " "), "                set skip 1"] }
        lines += [
            "            case '-*'",
            "            case '*'",
            "                set -a out $word",
            "        end",
            "    end",
            "    for word in $out",
            "        echo $word",
            "    end",
            "end",
            "",
            "# \(prefix)_at N WORDS…: the words so far start with WORDS and number N.",
            "function \(prefix)_at",
            "    set -l args (\(prefix)_args)",
            "    test (count $args) -eq $argv[1]; or return 1",
            "    for i in (seq 2 (count $argv))",
            "        set -l j (math $i - 1)",
            "        test \"$args[$j]\" = $argv[$i]; or return 1",
            "    end",
            "end",
            "",
            "# \(prefix)_in WORDS…: the words so far start with WORDS (and none follow for the root).",
            "function \(prefix)_in",
            "    set -l args (\(prefix)_args)",
            "    test (count $argv) -eq 0; and begin; test (count $args) -eq 0; return; end",
            "    for i in (seq (count $argv))",
            "        test \"$args[$i]\" = $argv[$i]; or return 1",
            "    end",
            "end",
            "",
            "# \(prefix)_last: the last word so far (a topic's subject).",
            "function \(prefix)_last",
            "    set -l args (\(prefix)_args)",
            "    echo $args[-1]",
            "end",
            "",
            "complete -c \(program) -f",
        ]
        let keys = table.configKeys.map(\.rawValue).joined(separator: " ")
        let commands = table.visibleCommands.map(\.name).joined(separator: " ")
        for node in nodes(table).reversed() {
            let path = node.path.joined(separator: " ")
            let inNode = "\(prefix)_in \(path)".trimmingSpace
            for option in node.options {
                var line = "complete -c \(program) -n \(quoted(inNode))"
                if let short = option.short { line += " -s \(short.dropFirst())" }
                line += " -l \(option.name.dropFirst(2))"
                // A file value: `-r -F` (fish refuses `-x`, which means no files, together with `-F`).
                if option.takesValue {
                    line += option.kind == .file ? " -r -F" : " -x" + fishValues(option.kind, keys: keys, commands: commands, prefix: prefix)
                }
                lines.append(line + " -d " + quoted(brief(option.help)))
            }
            for child in node.children {
                lines.append("complete -c \(program) -n \(quoted("\(prefix)_at \(node.path.count) \(path)".replacingDoubleSpace)) -a \(child.name) -d \(quoted(child.summary))")
            }
            for (index, positional) in node.positionals.enumerated() {
                let at = "\(prefix)_at \(node.path.count + index) \(path)"
                if positional.kind == .file {
                    lines.append("complete -c \(program) -n \(quoted(at)) -F")
                } else if positional.kind != .text {
                    lines.append("complete -c \(program) -n \(quoted(at))" + fishValues(positional.kind, keys: keys, commands: commands, prefix: prefix)
                        + " -d " + quoted(positional.name))
                }
            }
        }
        return (lines + [""]).joined(separator: "\n")
    }

    /// ` -a "…"` for a kind's values (nothing for free text; files are `-F`).
    private static func fishValues(_ kind: ValueKind, keys: String, commands: String, prefix: String) -> String {
        switch kind {
        case .text: return ""
        case .file: return " -F"
        case .date: return " -a \"(date +%F)\""
        case .count: return " -a '1 7 30 365'"
        case .configKey: return " -a \(quoted(keys))"
        case .command: return " -a \(quoted(commands))"
        case .itemID: return " -a \"(\(valuesCommand) ids 2>/dev/null)\""
        case .subject: return " -a \"(\(valuesCommand) subjects 2>/dev/null)\""
        case .topic: return " -a \"(\(valuesCommand) topics (\(prefix)_last) 2>/dev/null)\""
        case .choice(let words): return " -a \(quoted(words.joined(separator: " ")))"
        }
    }
}

extension String {
    /// Without a trailing space.
    fileprivate var trimmingSpace: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    fileprivate var replacingDoubleSpace: String { split(separator: " ").joined(separator: " ") }
}
