import DoseApp
import DoseSystem

/// What the About window says: the app, its version (the command line's, so both say the same), who made it,
/// its licence and website, and the work it shows that others made.
public struct AboutDetails: Equatable, Sendable {
    /// A library whose licence the About window names.
    public struct Credit: Equatable, Sendable {
        public let title: String
        public let copyright: String
    }

    public let name = "Daily Dose"
    public let icon = DesktopApplication.id
    public let version = DoseCLI.version
    public let developer = "The Daily Dose team"
    public let website = "https://dailydose.net/"
    public let copyright = "© 2026 The Daily Dose team"
    public let comments: String
    /// The translators of the current language, one per line; empty in English.
    public let translators: String
    /// KaTeX draws every formula (Debian's libjs-katex, MIT).
    public let legal = [Credit(title: "KaTeX", copyright: "© 2013–2020 Khan Academy and other contributors")]

    /// The details in the current language.
    public init() {
        // The metainfo's summary, which software centres show.
        comments = tr("One engineering fact, formula or question a day")
        // TRANSLATORS: your names, one per line, for the About window ("Ada Lovelace <ada@example.org>").
        let credits = tr("translator-credits")
        translators = credits == "translator-credits" ? "" : credits
    }
}
