import DoseCore

/// The notification server as `Deliverer` sees it: the one seam in front of libnotify, so the
/// deliverer's branches are tested with a scripted server (`DelivererTests`).
protocol NotificationServer: AnyObject {
    /// Why nothing can be sent at all (libnotify cannot start, no session bus), or nil.
    func unavailability() -> String?
    /// The server's capabilities, or nil when nothing owns `org.freedesktop.Notifications`.
    func capabilities() -> Set<String>?
    /// Shows `copy` (with `actions`, keyed by its item's id: `NotificationActions`), in
    /// place of the server's notification `replacing` if given; returns the server's id for it.
    /// A click calls `onClick` with the server's activation token; `onClosed` runs when it leaves the
    /// screen, with its server id. This server keeps one notification: showing another drops the last.
    func show(
        _ copy: NotificationCopy, actions: Bool, replacing: UInt32?,
        onClick: @escaping (_ activationToken: String?) -> Void, onClosed: @escaping (_ serverID: UInt32) -> Void
    ) throws(NotificationError) -> UInt32
    /// Takes the notification shown last off the screen (LXQt keeps a clicked one up otherwise).
    func closeShown()
}
