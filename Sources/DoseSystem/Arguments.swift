/// A small command-line reader: positional words, `--flag`, `--option VALUE` and `--option=VALUE`.
///
/// Written here because the toolchain ships no argument parser and no outside package may be used.
public struct Arguments: Sendable {
    private var words: [String]

    public init(_ words: [String]) {
        self.words = words
    }

    /// The words not yet taken.
    public var remaining: [String] { words }

    /// True when nothing is left.
    public var isEmpty: Bool { words.isEmpty }

    /// Removes `--name` if present and reports whether it was.
    public mutating func flag(_ names: String...) -> Bool {
        let end = words.firstIndex(of: "--") ?? words.count
        let before = words[..<end].filter { !names.contains($0) }
        let found = before.count < end
        words = Array(before) + words[end...]
        return found
    }

    /// Removes `--name VALUE` or `--name=VALUE` and returns the value.
    public mutating func option(_ name: String) throws(CommandError) -> String? {
        var index = 0
        var value: String?
        while index < words.count {
            let word = words[index]
            if word == "--" { break }
            if word == name {
                guard index + 1 < words.count else { throw .usage(tr("{option} needs a value", ["option": name])) }
                value = words[index + 1]
                words.removeSubrange(index...(index + 1))
                continue
            }
            if word.hasPrefix(name + "=") {
                value = String(word.dropFirst(name.count + 1))
                words.remove(at: index)
                continue
            }
            index += 1
        }
        return value
    }

    /// Removes and returns the next positional word (after a `--`, everything is positional).
    public mutating func positional(_ what: String) throws(CommandError) -> String {
        guard let value = optionalPositional() else { throw .usage(tr("missing {what}", ["what": what])) }
        return value
    }

    /// Removes and returns the next word as a value, whatever it looks like: `set notify-time -1:00`
    /// hands `-1:00` to the key's own check instead of failing as "missing VALUE".
    public mutating func value(_ what: String) throws(CommandError) -> String {
        if words.first == "--" { words.removeFirst() }
        guard !words.isEmpty else { throw .usage(tr("missing {what}", ["what": what])) }
        return words.removeFirst()
    }

    /// Removes and returns the next positional word, if any.
    public mutating func optionalPositional() -> String? {
        guard let index = words.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" || $0 == "--" }) else {
            return nil
        }
        if words[index] == "--" {
            words.remove(at: index)
            guard index < words.count else { return nil }
            return words.remove(at: index)
        }
        return words.remove(at: index)
    }

    /// Fails when words remain, naming the first one: unknown options never pass silently.
    public func finish() throws(CommandError) {
        if let word = words.first {
            if word == "--" && words.count > 1 { throw .usage(tr("unexpected argument {word}", ["word": words[1]])) }
            throw .usage(word.hasPrefix("-") ? tr("unknown option {word}", ["word": word]) : tr("unexpected argument {word}", ["word": word]))
        }
    }
}
