import DoseSystem
import GLibGlue

/// What a click does once the app has answered its `open-dose` hand-off: nothing more when the app took
/// the id, else the dose page, for a reason the journal names.
///
/// The answer comes later, as an event of the loop (`DesktopAppLink`), so this is decided in the call's
/// completion; every failure falls back to the page, as a failed synchronous call did before.
enum AppHandOff: Equatable {
    /// The app answered: it shows the dose, and the click is done.
    case taken
    /// The page instead, because of `Fallback`.
    case page(Fallback)

    /// Why the click opens the page after all.
    enum Fallback: Equatable {
        /// Nothing owns the app's name and the bus cannot start it (not installed), or starting it failed.
        case notThere(String)
        /// No answer: our timeout ran out, the bus gave up starting it, or it left without replying. It
        /// may still show the dose late; the student gets the page now rather than nothing.
        case noAnswer(String)
        /// The app answered with an error (an older app without `open-dose`, say).
        case refused(String)
    }

    /// Decides from the reply to `ActivateAction`.
    init(reply: Result<Void, GLibError>) {
        switch reply {
        case .success: self = .taken
        case .failure(let error) where SessionBus.nobodyThere(error): self = .page(.notThere(error.message))
        case .failure(let error) where SessionBus.timedOut(error) || SessionBus.peerGaveNoAnswer(error):
            self = .page(.noAnswer(error.message))
        case .failure(let error): self = .page(.refused(error.message))
        }
    }

    /// How loud the journal line is: an app not installed is an ordinary setup, the rest is worth a warning.
    var priority: Log.Priority {
        switch self {
        case .taken, .page(.notThere): .info
        case .page(.noAnswer), .page(.refused): .warning
        }
    }

    /// The journal's line for it; names no id, as no click's line does.
    var logLine: String {
        switch self {
        case .taken: tr("the dose clicked was handed to the Daily Dose app")
        case .page(.notThere(let why)): tr("the Daily Dose app is not there to take the click ({reason}); opening the page instead", ["reason": why])
        case .page(.noAnswer(let why)): tr("the Daily Dose app did not answer the click in time ({reason}); opening the page instead", ["reason": why])
        case .page(.refused(let why)): tr("the Daily Dose app did not take the click ({reason}); opening the page instead", ["reason": why])
        }
    }
}
