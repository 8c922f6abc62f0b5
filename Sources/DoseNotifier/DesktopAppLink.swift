import DoseCore
import DoseSystem
import GLibGlue

/// The desktop app `daily-dose` as a click sees it: the seam in front of the session bus, so the
/// click's routes are tested without one (`DelivererTests`).
protocol DesktopAppLink {
    /// Whether the app answers on the bus: its name is owned now, or the bus can start it.
    func isAvailable() -> Bool
    /// Asks the app to show the dose `itemID` (`app.open-dose`).
    func openDose(itemID: String, activationToken: String?) throws(GLibError)
}

/// The real link: `org.freedesktop.Application` on the session bus, by the app's well-known name.
struct SessionBusAppLink: DesktopAppLink {
    func isAvailable() -> Bool {
        SessionBus.nameHasOwner(DesktopApplication.id) || SessionBus.isActivatable(DesktopApplication.id)
    }

    func openDose(itemID: String, activationToken: String?) throws(GLibError) {
        // Starting the app by activation takes a moment; a minute covers a cold start on a slow machine.
        try SessionBus.call(
            DesktopApplication.id, path: DesktopApplication.objectPath, interface: "org.freedesktop.Application",
            method: "ActivateAction", DesktopCalls.activateOpenDose(itemID: itemID, activationToken: activationToken),
            timeoutMilliseconds: 60_000
        ) { _ in () }
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
