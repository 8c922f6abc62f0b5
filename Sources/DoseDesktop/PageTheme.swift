import DoseCore

/// The look the window's web pages take from the window: libadwaita 1.2's named colours for the style in use
/// (`window_fg_color`, `accent_color`, `success_color`, `error_color`; light or dark, normal or high contrast, as
/// AdwStyleManager says) and the UI font of GTK's `gtk-font-name` setting.
public enum PageTheme {
    /// The theme for a style: `dark` and `highContrast` as AdwStyleManager reports them, `fontName` as GTK's
    /// setting has it ("Cantarell 11"; nil or unreadable: the platform's UI font at Adwaita's 11 pt).
    public static func adwaita(dark: Bool, highContrast: Bool, fontName: String?) -> DosePage.Theme {
        let font = self.font(fontName)
        // High contrast: the text fully opaque and dimmed text less faint (Adwaita's own rule for its HC style).
        let text = dark
            ? DosePage.Theme.Color(red: 255, green: 255, blue: 255)
            : DosePage.Theme.Color(red: 0, green: 0, blue: 0, alpha: highContrast ? 255 : 204)
        return DosePage.Theme(
            text: text,
            dimmed: text.with(alpha: highContrast ? 179 : 140),
            accent: color(dark ? (highContrast ? "#99c1f1" : "#78aeed") : (highContrast ? "#1a5fb4" : "#1c71d8")),
            right: color(dark ? "#8ff0a4" : "#1b8553"),
            wrong: color(dark ? "#ff7b63" : "#c01c28"),
            fontFamily: font.family, fontPoints: font.points)
    }

    /// A Pango font description's family and size: "Cantarell 11" → ("Cantarell", 11), "Noto Sans Bold 10" →
    /// ("Noto Sans", 10) (style words are not part of a family), "Cantarell 11.5" → 11.5; the platform's UI font
    /// at 11 pt without one.
    static func font(_ name: String?) -> (family: String, points: Double) {
        var words = (name ?? "").split(separator: " ").map(String.init)
        var points = 11.0
        if let last = words.last, let size = Double(last), size.isFinite, size > 0 {
            points = size
            words.removeLast()
        }
        let styles: Set<String> = ["Bold", "Italic", "Oblique", "Light", "Medium", "Regular", "Semi-Bold", "Heavy", "Thin", "Book"]
        while let last = words.last, styles.contains(last) { words.removeLast() }
        return (words.joined(separator: " "), points)
    }

    private static func color(_ hex: String) -> DosePage.Theme.Color {
        // The hex strings above are constants: one that does not parse is a typo, caught by the tests.
        DosePage.Theme.Color(hex: hex) ?? DosePage.Theme.Color(red: 0, green: 0, blue: 0)
    }
}
