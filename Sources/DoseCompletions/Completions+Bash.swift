import DoseSystem

extension Completions {
    /// The bash completion for every table given, one file (installed under each program's name).
    public static func bash(_ tables: [CommandTable]) -> String {
        var lines = [
            "# bash completion for \(tables.map(\.program).joined(separator: " and ")) (Daily Dose)        -*- shell-script -*-",
            "# Generated from the command tables (CommandTable); do not edit: UPDATE_COMPLETIONS=1 swift test --filter CompletionFileTests",
            "",
            "# __dose_words WORDS: the words that match the current one.",
            "__dose_words()",
            "{",
            "    COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))",
            "}",
            "",
            "# __dose_values KIND: the values of a kind (the caller's $keys and $commands, $args for a topic's subject).",
            "__dose_values()",
            "{",
            "    local IFS=$'\\n'",
            "    case $1 in",
            "        file) _filedir json ;;",
            "        date) __dose_words \"$(date +%F)\" ;;",
            "        count) __dose_words \"1 7 30 365\" ;;",
            "        keys) IFS=' ' __dose_words \"$keys\" ;;",
            "        commands) IFS=' ' __dose_words \"$commands\" ;;",
            "        ids) __dose_words \"$(\(valuesCommand) ids 2>/dev/null)\" ;;",
            "        subjects) __dose_words \"$(\(valuesCommand) subjects 2>/dev/null)\" ;;",
            "        topics) __dose_words \"$(\(valuesCommand) topics \"${args[${#args[@]} - 1]}\" 2>/dev/null)\" ;;",
            "        w:*) IFS=',' __dose_words \"${1#w:}\" ;;",
            "    esac",
            "}",
            "",
            "# __dose_node OPTIONS ACTIONS KINDS: what may follow the node the words so far reached ($p positionals after it).",
            "__dose_node()",
            "{",
            "    if [[ $cur == -* ]]; then __dose_words \"$1\"; return; fi",
            "    if [[ -n $2 ]]; then ((p == 0)) && __dose_words \"$2\"; return; fi",
            "    local kinds=($3)",
            "    if ((p < ${#kinds[@]})); then __dose_values \"${kinds[p]}\"; else __dose_words \"$1\"; fi",
            "}",
        ]
        for table in tables { lines += [""] + bashFunction(table) }
        return (lines + ["", "# ex: filetype=sh", ""]).joined(separator: "\n")
    }

    private static func bashFunction(_ table: CommandTable) -> [String] {
        let name = "_" + identifier(table.program)
        var lines = [
            "\(name)()", "{",
            "    local cur prev words cword",
            "    _init_completion -n = || return",
            "    local keys=\(quoted(table.configKeys.map(\.rawValue).joined(separator: " ")))",
            "    local commands=\(quoted(table.visibleCommands.map(\.name).joined(separator: " ")))",
        ]
        lines += scan(table, loop: "for ((i = 1; i < cword; i++)); do", previous: "$prev")
        lines += ["    local p=$((${#args[@]} - depth))", "    case $node in"]
        for node in nodes(table) {
            let options = node.options.flatMap { [$0.short, $0.name].compactMap { $0 } }.joined(separator: " ")
            let arguments = [options, node.children.map(\.name).joined(separator: " "), node.positionals.map { token($0.kind) }.joined(separator: " ")]
            lines.append("        \(quoted(node.path.joined(separator: " ")))) __dose_node \(arguments.map(quoted).joined(separator: " ")) ;;")
        }
        lines += ["    esac", "} &&", "    complete -F \(name) \(table.program)"]
        return lines
    }

    /// The lines bash and zsh share: the positional words so far (`args`, option values left out, a flag
    /// alias as its command), the values of the option before the cursor, and the node the words reached.
    static func scan(_ table: CommandTable, loop: String, previous: String) -> [String] {
        let valueOptions = valueOptions(table)
        var lines = ["    local args=() i", "    \(loop)", "        case ${words[i]} in"]
        for alias in aliases(table) { lines.append("            (\(alias.flag)) args=(\(alias.command) \"${args[@]}\") ;;") }
        if !valueOptions.isEmpty { lines.append("            (" + valueOptions.map(\.name).joined(separator: " | ") + ") ((i++)) ;;") }
        lines += ["            (-*) ;;", "            (*) args+=(\"${words[i]}\") ;;", "        esac", "    done", "    case \(previous) in"]
        for option in valueOptions { lines.append("        (\(option.name)) __dose_values \(quoted(token(option.kind))); return ;;") }
        lines += ["    esac", "    local node depth", "    case \" ${args[*]} \" in"]
        for node in nodes(table) {
            let pattern = node.path.isEmpty ? "*" : "\" \(node.path.joined(separator: " ")) \"*"
            lines.append("        (\(pattern)) node=\(quoted(node.path.joined(separator: " "))) depth=\(node.path.count) ;;")
        }
        return lines + ["    esac"]
    }
}
