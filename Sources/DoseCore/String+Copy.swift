/// Tidying for notification copy.
extension String {
    /// Whitespace and control runs (newlines included) collapsed to single spaces, trimmed.
    var collapsingWhitespace: String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// At most `limit` grapheme clusters (`Character`s), cut at a cluster boundary and
    /// ending in "…" when anything was cut; the ellipsis counts toward the limit.
    func truncated(toGraphemes limit: Int) -> String {
        let limit = Swift.max(1, limit)
        guard count > limit else { return self }
        var kept = String(prefix(limit - 1))
        // A cut just after a space would leave "word …"; the ellipsis sits on the word.
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + "…"
    }

    /// At most `limit` grapheme clusters ending in "…" when anything was cut, cut at a word
    /// boundary: at a space, and preferably not one beside an operator, so "h = 6.6 × 10⁻³⁴"
    /// is not left as "h = 6.6 ×…". A single word longer than half the limit is cut inside.
    func truncatedAtWord(toGraphemes limit: Int) -> String {
        let limit = Swift.max(1, limit)
        guard count > limit else { return self }
        let characters = Array(prefix(limit))
        let earliest = limit / 2
        func isOperator(_ character: Character) -> Bool {
            character.unicodeScalars.first.map { scalar in
                scalar.properties.generalCategory == .mathSymbol || "=+-−×·/*".unicodeScalars.contains(scalar)
            } ?? false
        }
        // The kept text is characters[..<cut] with characters[cut] a space; cut ≤ limit - 1.
        var fallback: Int?
        var cut = limit - 1
        while cut > 0, cut >= earliest {
            if characters[cut].isWhitespace, !characters[cut - 1].isWhitespace {
                let clean = !isOperator(characters[cut - 1]) && (cut + 1 >= characters.count || !isOperator(characters[cut + 1]))
                if clean { fallback = cut; break }
                if fallback == nil { fallback = cut }
            }
            cut -= 1
        }
        guard let end = fallback else { return truncated(toGraphemes: limit) }
        var kept = String(characters[..<end])
        // "the charge e,…" reads better as "the charge e…".
        while let last = kept.last, ",;:".contains(last) { kept.removeLast() }
        return kept + "…"
    }
}
