/// "Did you mean …?": the candidates closest to a mistyped word by edit distance, as git suggests.
public enum Suggestion {
    /// The closest candidates (ties kept, at most three), within a distance that grows with the word's length;
    /// a candidate the word is a prefix of counts as close too (`dose tod` → `today`); nothing for one or two characters.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> [String] {
        let typed = Array(word.lowercased().unicodeScalars)
        // One or two characters (`-x`) are a different word from anything at distance 1: no guess.
        guard typed.count >= 3 else { return [] }
        let limit = max(1, min(3, typed.count / 3 + 1))
        var best: [String] = []
        var bestDistance = Int.max
        for candidate in candidates where candidate != word {
            let other = Array(candidate.lowercased().unicodeScalars)
            let prefix = other.starts(with: typed)
            let distance = prefix ? 1 : editDistance(typed, other, cutoff: limit)
            guard distance <= limit else { continue }
            if distance < bestDistance {
                bestDistance = distance
                best = [candidate]
            } else if distance == bestDistance && best.count < 3 {
                best.append(candidate)
            }
        }
        return best
    }

    /// `; did you mean X?`, `; did you mean X or Y?`, or nothing.
    public static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        let found = closest(to: word, among: candidates)
        guard let last = found.last else { return "" }
        guard found.count > 1 else { return tr("; did you mean {word}?", ["word": last]) }
        return tr("; did you mean {words} or {last}?", ["words": found.dropLast().joined(separator: ", "), "last": last])
    }

    /// Optimal string alignment distance (a swap of two neighbours counts one), giving up past `cutoff`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], cutoff: Int) -> Int {
        if abs(a.count - b.count) > cutoff { return cutoff + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > cutoff { return cutoff + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
