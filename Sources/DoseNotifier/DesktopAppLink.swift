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
    /// How long a click waits for the app before the page opens instead: 25 s, D-Bus's customary bound
    /// (GDBus's default call timeout, dbus-daemon's built-in activation limit). A cold start by activation
    /// took ~0.2–0.5 s here (notes: window mapped ~0.2 s, page ~0.4 s), so this leaves a loaded or
    /// slow-disk machine ample room before a late page would double a window that was only slow; an app
    /// that never answers still gets its student the page within half a minute.
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
