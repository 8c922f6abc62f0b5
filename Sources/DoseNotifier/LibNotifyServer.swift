import DoseCore
import DoseSystem

/// The real `NotificationServer`: libnotify on the session bus. Lives on the GLib main loop's thread.
///
/// It keeps one notification, the last shown, alive so its click is heard: a new one (the next
/// day's, replacing it in place) drops the previous, so a server that never reports a notification
/// closed (notification-daemon) makes nothing pile up in a scheduler that runs for months.
final class LibNotifyServer: NotificationServer {
    private var current: ShownNotification?
    private var releasing: [ShownNotification] = []

    func unavailability() -> String? {
        guard LibNotify.initialize() else { return "libnotify could not start" }
        if let problem = SessionBus.problem() { return "no D-Bus session bus: \(problem)" }
        return nil
    }

    func capabilities() -> Set<String>? {
        LibNotify.serverCapabilities()
    }

    func show(
        _ copy: NotificationCopy, actions: Bool, replacing: UInt32?,
        onClick: @escaping (String?) -> Void, onClosed: @escaping (UInt32) -> Void
    ) throws(NotificationError) -> UInt32 {
        var shownID: UInt32 = 0
        let notification = ShownNotification(
            copy: copy, actions: actions, replacing: replacing, onClick: onClick,
            onClosed: { [weak self] identifier in
                guard let self, let current, current.identifier == identifier else { return }
                // Dropping the last reference here would free the GObject inside its own signal emission.
                deferRelease(current)
                self.current = nil
                onClosed(shownID)
            })
        try notification.show()
        shownID = notification.serverID
        if let current { deferRelease(current) }
        current = notification
        return shownID
    }

    func closeShown() {
        guard let current else { return }
        do { try current.close() } catch { Log.warning("cannot close the notification: \(error)") }
    }

    private func deferRelease(_ notification: ShownNotification) {
        releasing.append(notification)
        idle { [weak self] in self?.releasing.removeAll() }
    }
}
