import DoseCore
import DoseSystem
import GLibGlue

/// The real `NotificationServer`: `org.freedesktop.Notifications` spoken directly over GDBus (libnotify
/// refuses an action without a label, and the body click's `default` needs an empty one). Lives on the
/// GLib main loop's thread.
///
/// It keeps one notification, the last shown, and hears its signals: `ActivationToken` (which may come
/// first), `ActionInvoked` for either of its keys, `NotificationClosed`. A new one (the next day's,
/// replacing it in place) takes its place, so a server that never reports a notification closed
/// (notification-daemon) makes nothing pile up in a scheduler that runs for months.
final class FreedesktopNotifications: NotificationServer {
    static let busName = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    /// The error a server answers `CloseNotification` with for an id it no longer shows.
    static let invalidID = "org.freedesktop.Notifications.InvalidId"

    private struct Current {
        var serverID: UInt32
        /// The id its Open button carries as its action key.
        var itemID: String
        var onClick: (String?) -> Void
        var onClosed: (UInt32) -> Void
        var token: String?
    }

    private var current: Current?
    private var signals: SessionBus.Subscription?

    func unavailability() -> String? {
        SessionBus.problem().map { "no D-Bus session bus: \($0)" }
    }

    func capabilities() -> Set<String>? {
        let answer = try? SessionBus.call(
            Self.busName, path: Self.path, interface: Self.busName, method: "GetCapabilities", .tuple([]),
            timeoutMilliseconds: -1
        ) { $0.strings(at: 0) }
        return answer.map(Set.init)
    }

    func show(
        _ copy: NotificationCopy, actions: Bool, replacing: UInt32?,
        onClick: @escaping (String?) -> Void, onClosed: @escaping (UInt32) -> Void
    ) throws(NotificationError) -> UInt32 {
        listen()
        let serverID: UInt32
        do {
            // The bus's default timeout (25 s), as libnotify used: a slow server is waited for.
            serverID = try SessionBus.call(
                Self.busName, path: Self.path, interface: Self.busName, method: "Notify",
                DesktopCalls.notify(copy, actions: actions, replacing: replacing, imagePath: NotificationIcon.current),
                timeoutMilliseconds: -1
            ) { $0.uint32(at: 0) }
        } catch {
            // A timeout is not a refusal: the call reached a server that is still working on it.
            throw SessionBus.timedOut(error) ? .unconfirmed(error.message) : .serverUnavailable(error.message)
        }
        current = Current(serverID: serverID, itemID: copy.id, onClick: onClick, onClosed: onClosed, token: nil)
        return serverID
    }

    func closeShown() {
        guard let current else { return }
        do {
            try SessionBus.call(
                Self.busName, path: Self.path, interface: Self.busName, method: "CloseNotification",
                .tuple([.uint32(current.serverID)]), timeoutMilliseconds: 5_000) { _ in () }
        } catch where SessionBus.remoteErrorName(error) == Self.invalidID {
            // Gone already, nothing to report: notification-daemon 3.20 closes a clicked notification itself
            // (its NotificationClosed comes right after ActionInvoked, before we handled the click).
        } catch {
            Log.warning(tr("cannot close the notification: {reason}", ["reason": error.message]))
        }
    }

    /// Subscribes to the server's signals once, on the connection the calls go out on.
    private func listen() {
        guard signals == nil else { return }
        signals = try? SessionBus.subscribe(interface: Self.busName, path: Self.path) { [weak self] member, arguments in
            self?.signal(member, arguments)
        }
    }

    private func signal(_ member: String, _ arguments: SessionBus.Reader) {
        guard let shown = current, arguments.uint32(at: 0) == shown.serverID else { return }
        switch member {
        case "ActivationToken":
            current?.token = arguments.string(at: 1)
        case "ActionInvoked":
            let key = arguments.string(at: 1)
            guard key == NotificationActions.bodyKey || key == shown.itemID else { return }
            shown.onClick(shown.token)
            current?.token = nil
        case "NotificationClosed":
            current = nil
            shown.onClosed(shown.serverID)
        default:
            return
        }
    }
}
