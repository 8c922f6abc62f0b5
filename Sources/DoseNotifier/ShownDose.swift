import DoseCore

/// A dose's notification on the freedesktop server's screen: the server's id for it, the id of the
/// item it advertises, and the day it was sent for. What the scheduler keeps in `NotificationRecord`
/// so a restarted scheduler re-attaches to it.
struct ShownDose: Equatable, Sendable {
    var serverID: UInt32
    var itemID: String
    var day: CivilDate
}

/// What a delivery showed: the item, and the server's id for the notification, if the scheduler has to
/// keep it (nil when GNOME Shell took it through org.gtk.Notifications: a click goes to the app then).
struct Delivery: Equatable, Sendable {
    var itemID: String
    var serverID: UInt32?
}
