/// Finds the inline mathematics in prose in linear time.
///
/// For every position it precomputes the next candidate closer of each kind, so an
/// unmatched `$` costs one lookup rather than a scan to the end of the text.
struct MathDelimiters {
    private let scalars: [Unicode.Scalar]
    /// True where a scalar is the second half of a control pair (`\$`, `\\`, `\(`).
    private let escaped: [Bool]
    private let nextInlineCloser: [Int]
    private let nextDisplayCloser: [Int]
    private let nextParenCloser: [Int]
    private let nextBracketCloser: [Int]

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        let count = scalars.count
        var escaped = [Bool](repeating: false, count: count)
        var index = 0
        while index < count {
            if scalars[index] == "\\", index + 1 < count {
                escaped[index + 1] = true
                index += 2
            } else {
                index += 1
            }
        }
        func isDollar(_ at: Int) -> Bool { at < count && scalars[at] == "$" && !escaped[at] }
        func nextPositions(_ matches: (Int) -> Bool) -> [Int] {
            var next = [Int](repeating: count, count: count + 1)
            var at = count - 1
            while at >= 0 {
                next[at] = matches(at) ? at : next[at + 1]
                at -= 1
            }
            return next
        }
        nextInlineCloser = nextPositions { at in
            isDollar(at) && at > 0 && !scalars[at - 1].properties.isWhitespace
                && !(at + 1 < count && ("0"..."9").contains(scalars[at + 1]))
        }
        nextDisplayCloser = nextPositions { at in isDollar(at) && isDollar(at + 1) }
        // For `\)` and `\]` the recorded position is the backslash.
        nextParenCloser = nextPositions { at in at + 1 < count && escaped[at + 1] && scalars[at + 1] == ")" }
        nextBracketCloser = nextPositions { at in at + 1 < count && escaped[at + 1] && scalars[at + 1] == "]" }
        self.escaped = escaped
    }

    /// True when `index` is a backslash that starts a control pair.
    func isEscapeStart(_ index: Int) -> Bool {
        index + 1 < scalars.count && escaped[index + 1] && scalars[index] == "\\"
    }

    /// True when `index` starts an unescaped `$$`.
    func isDoubleDollar(_ index: Int) -> Bool {
        index + 1 < scalars.count && scalars[index] == "$" && !escaped[index] && scalars[index + 1] == "$"
    }

    /// How many scalars open the mathematics starting at `index` (`$` 1, `$$` 2, `\(` 2).
    func openerLength(at index: Int) -> Int {
        scalars[index] == "$" && index + 1 < scalars.count && scalars[index + 1] == "$" ? 2
            : scalars[index] == "$" ? 1 : 2
    }

    /// When mathematics opens at `index`: where its content ends and where prose resumes.
    func mathSpan(openingAt index: Int) -> (contentEnd: Int, resume: Int)? {
        let count = scalars.count
        guard index < count else { return nil }
        let scalar = scalars[index]
        if scalar == "\\" {
            guard isEscapeStart(index) else { return nil }
            let opener = scalars[index + 1]
            if opener == "(" || opener == "[" {
                let table = opener == "(" ? nextParenCloser : nextBracketCloser
                let closer = table[index + 2]
                return closer < count ? (closer, closer + 2) : nil
            }
            return nil
        }
        guard scalar == "$", !escaped[index] else { return nil }
        if index + 1 < count, scalars[index + 1] == "$" {
            let closer = nextDisplayCloser[index + 2]
            return closer < count ? (closer, closer + 2) : nil
        }
        // Inline: the opener must touch its content, and the content must not be empty.
        guard index + 1 < count, !scalars[index + 1].properties.isWhitespace else { return nil }
        let closer = nextInlineCloser[index + 1]
        return closer < count ? (closer, closer + 1) : nil
    }
}
