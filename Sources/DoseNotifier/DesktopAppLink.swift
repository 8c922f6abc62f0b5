import DoseCore
import DoseSystem
import GLibGlue

/// The desktop app `daily-dose` as a click sees it: the seam in front of the session bus, so the
/// click's routes are tested without one (`DelivererTests`).
protocol DesktopAppLink {
    /// Asks the app to show the dose `itemID` (`app.open-dose`) and returns at once; `completion` gets the
    /// app's answer, exactly once, as a later event of the loop (at once when there is no bus to ask on).
    func openDose(itemID: String, activationToken: String?, completion: @escaping (Result<Void, GLibError>) -> Void)
}

/// The real link: `org.freedesktop.Application` on the session bus, by the app's well-known name.
///
/// The call does not wait: the scheduler's loop goes on (timer, other clicks, re-plans, SIGTERM) while the
/// bus starts the app by activation or a hung app keeps it waiting. No owner and nothing to activate
/// answers at once (`ServiceUnknown`), so no availability check comes first.
struct SessionBusAppLink: DesktopAppLink {
    /// How long a click waits for the app before the page opens instead: 25 s, GDBus's own default call
    /// timeout. Started cold by D-Bus activation the app answered `ActivateAction` in 0.65–1.58 s here (debug
    /// build, 2 cores at load 8; warm 0.03–0.30 s), so a slow start on a loaded machine is not mistaken for a
    /// hung app (a page opened beside a window that was only late), and a hung app still leaves its student the
    /// page within half a minute. The session bus itself would wait up to 120 s for a start (Debian's
    /// `service_start_timeout`): too long for someone who clicked.
    static let defaultTimeoutMilliseconds: Int32 = 25_000

    var timeoutMilliseconds = Self.defaultTimeoutMilliseconds

    func openDose(itemID: String, activationToken: String?, completion: @escaping (Result<Void, GLibError>) -> Void) {
        do throws(GLibError) {
            try SessionBus.call(
                DesktopApplication.id, path: DesktopApplication.objectPath, interface: "org.freedesktop.Application",
                method: "ActivateAction", DesktopCalls.activateOpenDose(itemID: itemID, activationToken: activationToken),
                timeoutMilliseconds: timeoutMilliseconds, read: { _ in () }, completion: completion)
        } catch {
            completion(.failure(error))
        }
    }
}

/// GNOME Shell's notifications (`org.gtk.Notifications`) as the deliverer sees them: the seam in
/// front of the session bus.
protocol ShellNotifications {
    /// Whether something owns `org.gtk.Notifications` (GNOME Shell) now.
    func isAvailable() -> Bool
    /// Sends the notification for the app (`DesktopCalls.addNotification`); the Shell answers a
    /// refusal (`InvalidApp` when the app's desktop file is not installed) with an error.
    func add(_ copy: NotificationCopy) throws(GLibError)
}

/// The real one, spoken directly over GDBus: the scheduler never takes the app's bus name and links no GTK.
struct SessionBusShellNotifications: ShellNotifications {
    static let busName = "org.gtk.Notifications"

    func isAvailable() -> Bool {
        SessionBus.nameHasOwner(Self.busName)
    }

    func add(_ copy: NotificationCopy) throws(GLibError) {
        try SessionBus.call(
            Self.busName, path: "/org/gtk/Notifications", interface: Self.busName, method: "AddNotification",
            DesktopCalls.addNotification(copy), timeoutMilliseconds: 10_000
        ) { _ in () }
    }
}
