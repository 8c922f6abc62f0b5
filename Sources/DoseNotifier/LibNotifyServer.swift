import DoseCore

/// The real `NotificationServer`: libnotify on the session bus. Lives on the GLib main loop's thread.
final class LibNotifyServer: NotificationServer {
    /// Notifications still on screen, kept alive so their clicks are heard.
    private var live: [ShownNotification.Identifier: ShownNotification] = [:]
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
        _ copy: NotificationCopy, actions: Bool,
        onClick: @escaping (String?) -> Void, onClosed: @escaping (Int) -> Void
    ) throws(NotificationError) {
        let notification = ShownNotification(
            copy: copy, actions: actions, onClick: onClick,
            onClosed: { [weak self] identifier in
                guard let self else { return }
                // Dropping the last reference here would free the GObject inside its own signal emission.
                if let notification = live.removeValue(forKey: identifier) { deferRelease(notification) }
                onClosed(live.count)
            })
        try notification.show()
        live[notification.identifier] = notification
    }

    private func deferRelease(_ notification: ShownNotification) {
        releasing.append(notification)
        idle { [weak self] in self?.releasing.removeAll() }
    }
}
