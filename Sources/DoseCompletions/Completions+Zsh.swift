import DoseSystem

extension Completions {
    /// The zsh completion `_dose` for every table given (`#compdef` names each program).
    public static func zsh(_ tables: [CommandTable]) -> String {
        var lines = [
            "#compdef \(tables.map(\.program).joined(separator: " "))",
            "# zsh completion for \(tables.map(\.program).joined(separator: " and ")) (Daily Dose).",
            "# Generated from the command tables (CommandTable); do not edit: UPDATE_COMPLETIONS=1 swift test --filter CompletionFileTests",
            "",
            "# __dose_values KIND: the values of a kind (the caller's $keys and $commands, $args for a topic's subject).",
            "__dose_values() {",
            "  local -a values",
            "  case $1 in",
            "    (file) _files -g '*.json(-.)'; return ;;",
            "    (date) values=($(date +%F)) ;;",
            "    (count) values=(1 7 30 365) ;;",
            "    (keys) _describe -t keys 'config key' keys; return ;;",
            "    (commands) _describe -t commands 'command' commands; return ;;",
            "    (ids) values=(${(f)\"$(\(valuesCommand) ids 2>/dev/null)\"}) ;;",
            "    (subjects) values=(${(f)\"$(\(valuesCommand) subjects 2>/dev/null)\"}) ;;",
            "    (topics) values=(${(f)\"$(\(valuesCommand) topics \"$args[-1]\" 2>/dev/null)\"}) ;;",
            "    (w:*) values=(${(s:,:)1#w:}) ;;",
            "    (*) _message 'value'; return ;;",
            "  esac",
            "  compadd -a values",
            "}",
            "",
            "# __dose_node: what may follow the node the words so far reached ($options, $actions, $kinds; $p positionals after it).",
            "__dose_node() {",
            "  if [[ $PREFIX == -* ]]; then _describe -t options 'option' options; return; fi",
            "  if (( $#actions )); then (( p == 0 )) && _describe -t actions 'action' actions; return; fi",
            "  if (( p < $#kinds )); then __dose_values $kinds[p+1]; else _describe -t options 'option' options; fi",
            "}",
        ]
        for table in tables { lines += [""] + zshFunction(table) }
        lines += ["", "case $service in"]
        for table in tables.dropFirst() { lines.append("  (\(table.program)) _\(identifier(table.program))_main \"$@\" ;;") }
        if let first = tables.first { lines.append("  (*) _\(identifier(first.program))_main \"$@\" ;;") }
        return (lines + ["esac", ""]).joined(separator: "\n")
    }

    private static func zshFunction(_ table: CommandTable) -> [String] {
        var lines = [
            "_\(identifier(table.program))_main() {",
            "    local -a keys commands options actions kinds",
            "    keys=(" + table.configKeys.map { quoted(describe($0.rawValue, brief($0.help))) }.joined(separator: " ") + ")",
            "    commands=(" + table.visibleCommands.map { quoted(describe($0.name, $0.summary)) }.joined(separator: " ") + ")",
        ]
        lines += scan(table, loop: "for ((i = 2; i < CURRENT; i++)); do", previous: "${words[CURRENT-1]}")
        lines += ["    local p=$(( $#args - depth ))", "    case $node in"]
        for node in nodes(table) {
            let options = node.options.flatMap { option in
                [option.short, option.name].compactMap { $0 }.map { quoted(describe($0, brief(option.help))) }
            }
            lines.append("        (\(quoted(node.path.joined(separator: " "))))")
            lines.append("            options=(\(options.joined(separator: " ")))")
            lines.append("            actions=(\(node.children.map { quoted(describe($0.name, $0.summary)) }.joined(separator: " ")))")
            lines.append("            kinds=(\(node.positionals.map { quoted(token($0.kind)) }.joined(separator: " "))) ;;")
        }
        lines += ["    esac", "    __dose_node", "}"]
        return lines
    }

    /// A `_describe` entry: `name:description`, colons in the name escaped.
    private static func describe(_ name: String, _ description: String) -> String {
        var escaped = ""
        for character in name { if character == ":" { escaped += "\\:" } else { escaped.append(character) } }
        return escaped + ":" + description
    }
}
