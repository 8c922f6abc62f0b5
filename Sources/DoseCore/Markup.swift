/// Escaping for the small markup subset notification servers accept in bodies.
public enum Markup {
    /// Escapes `&`, `<` and `>`, so text shows as written rather than as markup.
    public static func escape(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// Escapes `&`, `<`, `>` and, with `quotes`, `"` and `'` too (for HTML attribute values).
    public static func escape(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
