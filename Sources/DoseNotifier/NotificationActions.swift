import DoseSystem

/// The actions a freedesktop notification of a dose carries: `[key, label, …]` as the spec lists them.
///
/// The body click is `default` with an empty label, which the spec allows: xfce4-notifyd and
/// lxqt-notificationd draw a labelled `default` as a second button. The one button's key is the item
/// id itself, so the click names the dose it advertised whoever hears it, before or after a restart.
enum NotificationActions {
    /// The key of a click on the notification's body.
    static let bodyKey = "default"
    /// The button's label, in the user's language.
    static var buttonLabel: String {
        // TRANSLATORS: the one button of the morning notification; it opens the dose.
        tr("Open")
    }

    /// The (key, label) pairs for a notification advertising `itemID`.
    static func pairs(itemID: String) -> [(key: String, label: String)] {
        // An id spelled "default" is the body click already: one action, not two with one key.
        if itemID == bodyKey { return [(bodyKey, "")] }
        return [(bodyKey, ""), (itemID, buttonLabel)]
    }
}
