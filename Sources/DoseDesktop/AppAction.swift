import DoseSystem

/// One of the app's GActions, as a launcher, a notification click or a key binding names it.
public enum AppAction: Equatable, Sendable {
    /// Show one item, looked up by id in the unfiltered pool.
    case openDose(itemID: String)
    /// Back to today's dose.
    case today
    /// The preferences window.
    case preferences
    /// A topic's quiz; the parameter is `TopicParameter`'s.
    case quiz(parameter: String)

    /// The action's name without the `app.` prefix.
    public var name: String {
        switch self {
        case .openDose: DesktopApplication.openDoseAction
        case .today: "today"
        case .preferences: "preferences"
        case .quiz: "quiz"
        }
    }
}
