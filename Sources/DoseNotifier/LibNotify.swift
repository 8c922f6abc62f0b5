import CGLib
import CNotify
import GLibGlue

/// The libnotify wrapper: every raw `notify_*` call of the scheduler passes through here.
enum LibNotify {
    /// The application name every notification carries.
    static let appName = "Daily Dose"

    /// Initialises libnotify once per process; false only when it cannot even start.
    static func initialize() -> Bool {
        notify_is_initted() != 0 || notify_init(appName) != 0
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

    /// Sets the app name, the `desktop-entry` and `image-path` hints, category, urgency and timeout.
    static func setHints(
        _ notification: UnsafeMutablePointer<NotifyNotification>, desktopEntry: String, imagePath: String,
        category: String
    ) {
        notify_notification_set_app_name(notification, appName)
        setStringHint(notification, "desktop-entry", desktopEntry)
        setStringHint(notification, "image-path", imagePath)
        notify_notification_set_category(notification, category)
        notify_notification_set_urgency(notification, NOTIFY_URGENCY_NORMAL)
        notify_notification_set_timeout(notification, NOTIFY_EXPIRES_DEFAULT)
    }

    /// Sets a string hint (`notify_notification_set_hint` sinks the floating GVariant).
    private static func setStringHint(
        _ notification: UnsafeMutablePointer<NotifyNotification>, _ name: String, _ value: String
    ) {
        notify_notification_set_hint(notification, name, g_variant_new_string(value))
    }

    /// Adds an action button; `handler` gets the activation token the server sent with the click, if any.
    ///
    /// libnotify keeps the handler's box per action and frees it with the notification.
    static func addAction(
        _ notification: UnsafeMutablePointer<NotifyNotification>, key: String, label: String,
        _ handler: @escaping (_ activationToken: String?) -> Void
    ) {
        typealias Handler = (String?) -> Void
        notify_notification_add_action(
            notification, key, label,
            { notification, _, data in
                guard let notification else { return }
                CallbackBox<Handler>.from(data)?.value(LibNotify.activationToken(notification))
            },
            CallbackBox<Handler>(handler).retained(), CallbackBox<Handler>.destroyNotify)
    }

    /// Calls `handler` when the notification leaves the screen (the `closed` signal).
    static func onClosed(_ notification: UnsafeMutablePointer<NotifyNotification>, _ handler: @escaping () -> Void) {
        let closed: @convention(c) (UnsafeMutablePointer<NotifyNotification>?, gpointer?) -> Void = { _, data in
            CallbackBox<() -> Void>.from(data)?.value()
        }
        connectSignal(notification, "closed", unsafeBitCast(closed, to: GCallback.self), CallbackBox(handler))
    }

    /// Sends the notification to the server.
    static func show(_ notification: UnsafeMutablePointer<NotifyNotification>) throws(NotificationError) {
        let shown: gboolean
        do { shown = try check("show the notification") { error in notify_notification_show(notification, error) } } catch {
            // A timeout is not a refusal: the call reached a server that is still working on it.
            let timedOut = error.matches(domain: g_io_error_quark(), code: G_IO_ERROR_TIMED_OUT.rawValue)
            throw timedOut ? .unconfirmed(error.message) : .serverUnavailable(error.message)
        }
        if shown == 0 { throw .serverUnavailable("the server refused the notification") }
    }

    /// Makes the next `show` replace the server's notification `id` in place (`replaces_id`).
    static func replace(_ notification: UnsafeMutablePointer<NotifyNotification>, serverID id: UInt32) {
        dd_notify_set_id(notification, gint(bitPattern: id))
    }

    /// The server's id of the shown notification (0 before it is shown and after it closed).
    static func serverID(_ notification: UnsafeMutablePointer<NotifyNotification>) -> UInt32 {
        UInt32(bitPattern: dd_notify_get_id(notification))
    }

    /// Asks the server to take the notification off the screen (`CloseNotification`).
    static func close(_ notification: UnsafeMutablePointer<NotifyNotification>) throws(GLibError) {
        _ = try check("close the notification") { error in notify_notification_close(notification, error) }
    }

    /// The activation token the server sent with the action being handled, if any.
    static func activationToken(_ notification: UnsafeMutablePointer<NotifyNotification>) -> String? {
        notify_notification_get_activation_token(notification).map { String(cString: $0) }
    }

    static func release(_ notification: UnsafeMutablePointer<NotifyNotification>) {
        g_object_unref(notification)
    }
}
