import DoseCore

/// The notification server as `Deliverer` sees it: the one seam in front of libnotify, so the
/// deliverer's branches are tested with a scripted server (`DelivererTests`).
protocol NotificationServer: AnyObject {
    /// Why nothing can be sent at all (libnotify cannot start, no session bus), or nil.
    func unavailability() -> String?
    /// The server's capabilities, or nil when nothing owns `org.freedesktop.Notifications`.
    func capabilities() -> Set<String>?
    /// Shows `copy`; with `actions`, a click calls `onClick` with the server's activation token.
    /// `onClosed` runs when it leaves the screen, with how many this server still shows.
    func show(
        _ copy: NotificationCopy, actions: Bool,
        onClick: @escaping (_ activationToken: String?) -> Void, onClosed: @escaping (_ remaining: Int) -> Void
    ) throws(NotificationError)
}
