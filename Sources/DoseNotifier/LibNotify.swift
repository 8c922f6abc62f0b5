import CGLib
import CNotify

/// The libnotify wrapper: every raw `notify_*` call of the scheduler passes through here.
enum LibNotify {
    /// The application name every notification carries.
    static let appName = "Daily Dose"

    /// Initialises libnotify once per process; false only when it cannot even start.
    static func initialize() -> Bool {
        notify_is_initted() != 0 || notify_init(appName) != 0
    }

    /// Why there is no session bus to reach a server on (no address, nothing to autolaunch), or nil if there is one.
    static func sessionBusProblem() -> String? {
        var error: UnsafeMutablePointer<GError>?
        if let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) {
            g_object_unref(UnsafeMutableRawPointer(connection))
            return nil
        }
        let message = error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
        if let error { g_error_free(error) }
        return message
    }

    /// The server's capabilities, or nil when no notification server answers on the session bus.
    static func serverCapabilities() -> Set<String>? {
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var specVersion: UnsafeMutablePointer<CChar>?
        guard notify_get_server_info(&name, &vendor, &version, &specVersion) != 0 else { return nil }
        g_free(name)
        g_free(vendor)
        g_free(version)
        g_free(specVersion)
        var capabilities: Set<String> = []
        var node = notify_get_server_caps()
        let head = node
        while let current = node {
            if let data = current.pointee.data {
                capabilities.insert(String(cString: data.assumingMemoryBound(to: CChar.self)))
            }
            node = current.pointee.next
        }
        if let head { g_list_free_full(head, g_free) }
        return capabilities
    }

    /// Creates a notification object (not shown yet).
    static func make(summary: String, body: String, icon: String) -> UnsafeMutablePointer<NotifyNotification> {
        notify_notification_new(summary, body, icon)
    }

    static func setHints(
        _ notification: UnsafeMutablePointer<NotifyNotification>, desktopEntry: String, category: String
    ) {
        notify_notification_set_app_name(notification, appName)
        notify_notification_set_hint_string(notification, "desktop-entry", desktopEntry)
        notify_notification_set_category(notification, category)
        notify_notification_set_urgency(notification, NOTIFY_URGENCY_NORMAL)
        notify_notification_set_timeout(notification, NOTIFY_EXPIRES_DEFAULT)
    }

    /// Adds an action; `context` is retained by libnotify and released through `release`.
    static func addAction(
        _ notification: UnsafeMutablePointer<NotifyNotification>, key: String, label: String,
        callback: NotifyActionCallback, context: UnsafeMutableRawPointer, release: GFreeFunc
    ) {
        notify_notification_add_action(notification, key, label, callback, context, release)
    }

    /// Connects the `closed` signal.
    static func onClosed(
        _ notification: UnsafeMutablePointer<NotifyNotification>,
        callback: @convention(c) (UnsafeMutablePointer<NotifyNotification>?, gpointer?) -> Void,
        context: UnsafeMutableRawPointer,
        release: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void
    ) {
        dd_g_signal_connect(notification, "closed", unsafeBitCast(callback, to: GCallback.self), context, release)
    }

    /// Sends the notification to the server.
    static func show(_ notification: UnsafeMutablePointer<NotifyNotification>) throws(NotificationError) {
        var error: UnsafeMutablePointer<GError>?
        let shown = notify_notification_show(notification, &error)
        if let error {
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            let timedOut =
                error.pointee.domain == g_io_error_quark() && error.pointee.code == G_IO_ERROR_TIMED_OUT.rawValue
            g_error_free(error)
            // A timeout is not a refusal: the call reached a server that is still working on it.
            throw timedOut ? .unconfirmed(message) : .serverUnavailable(message)
        }
        if shown == 0 { throw .serverUnavailable("the server refused the notification") }
    }

    /// The activation token the server sent with the action being handled, if any.
    static func activationToken(_ notification: UnsafeMutablePointer<NotifyNotification>) -> String? {
        notify_notification_get_activation_token(notification).map { String(cString: $0) }
    }

    static func release(_ notification: UnsafeMutablePointer<NotifyNotification>) {
        g_object_unref(notification)
    }
}
