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
}
