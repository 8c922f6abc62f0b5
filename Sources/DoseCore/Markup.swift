/// Escaping for the small markup subset notification servers accept in bodies.
public enum Markup {
    /// Escapes `&`, `<` and `>`, so text shows as written rather than as markup.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
