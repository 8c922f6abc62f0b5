import DoseCore
import DoseSystem

/// The wire format of the calls that show a dose and carry its id to the desktop app, as plain `DBusValue`s.
enum DesktopCalls {
    /// The application name every notification carries.
    static let appName = "Daily Dose"

    /// `org.freedesktop.Notifications.Notify(s app_name, u replaces_id, s app_icon, s summary, s body,
    /// as actions, a{sv} hints, i expire_timeout)`: the app's hints (`desktop-entry` for grouping,
    /// `image-path`, a vendor category, urgency normal), the server's default timeout, and with
    /// `actions` the body click and the Open button keyed by the id (`NotificationActions`).
    static func notify(_ copy: NotificationCopy, actions: Bool, replacing: UInt32?, imagePath: String) -> DBusValue {
        let pairs = actions ? NotificationActions.pairs(itemID: copy.id) : []
        return .tuple([
            .string(appName), .uint32(replacing ?? 0), .string(AppIdentity.applicationID),
            .string(copy.summary), .string(copy.body),
            .array(element: "s", pairs.flatMap { [DBusValue.string($0.key), .string($0.label)] }),
            .vardict([
                .init("desktop-entry", .string(AppIdentity.applicationID)),
                .init("image-path", .string(imagePath)),
                .init("category", .string(AppIdentity.category)),
                .init("urgency", .byte(1)),
            ]),
            .int32(-1),
        ])
    }

    /// The notification id the app's notifications carry in org.gtk.Notifications: one, so a new
    /// day's notification replaces the previous one.
    static let shellNotificationID = "dose"

    /// `org.gtk.Notifications.AddNotification(s app_id, s id, a{sv} notification)` as GLib's
    /// GNotification serializes it (gio/gnotification.c, sent by gio/ggtknotificationbackend.c): a click
    /// makes the Shell call `ActivateAction("open-dose", [<id>], …)` on the app, starting it if need be.
    static func addNotification(_ copy: NotificationCopy) -> DBusValue {
        .tuple([
            .string(DesktopApplication.id), .string(shellNotificationID),
            .vardict([
                .init("title", .string(copy.summary)),
                .init("body", .string(copy.body)),
                .init("priority", .string("normal")),
                .init("default-action", .string("app." + DesktopApplication.openDoseAction)),
                .init("default-action-target", .string(copy.id)),
            ]),
        ])
    }

    /// `org.freedesktop.Application.ActivateAction(s name, av parameter, a{sv} platform_data)` for
    /// `open-dose` with the id; the server's activation token goes in the platform data under both
    /// names GTK reads (`activation-token` on Wayland, `desktop-startup-id` on X11).
    static func activateOpenDose(itemID: String, activationToken: String?) -> DBusValue {
        var platform: [DBusValue.Entry] = []
        if let activationToken, !activationToken.isEmpty {
            platform = [.init("activation-token", .string(activationToken)),
                        .init("desktop-startup-id", .string(activationToken))]
        }
        return .tuple([
            .string(DesktopApplication.openDoseAction), .array(element: "v", [.variant(.string(itemID))]),
            .vardict(platform),
        ])
    }
}

/// Where a click on a freedesktop notification takes the student.
enum ClickRoute: Equatable {
    /// The desktop app, through `ActivateAction` (the page after all when it is not there or does not take it: `AppHandOff`).
    case app
    /// The dose page in the default browser.
    case page

    /// The app when there is a display for its window; else the page, the app not even asked.
    static func choose(hasDisplay: Bool) -> ClickRoute {
        hasDisplay ? .app : .page
    }

    /// Whether the environment names a display: X11's `DISPLAY` or Wayland's `WAYLAND_DISPLAY`.
    static func hasDisplay(environment: (String) -> String? = Environment.value) -> Bool {
        ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment($0) ?? "").isEmpty }
    }
}
