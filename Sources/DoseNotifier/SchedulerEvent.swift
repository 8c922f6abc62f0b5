/// Something that happened to the scheduler, as its interpreter tells the pure `SchedulerMachine`.
enum SchedulerEvent: Sendable {
    /// The world as read just now: at start, when the timer expired, or because an effect asked
    /// for it (`SchedulerEffect.planAgain`). The machine plans from it.
    case tick(SchedulerReading)
    /// The scheduler started: the world as read, and the notification a previous scheduler of this
    /// session recorded as on screen (`NotificationRecord`), if any.
    case started(SchedulerReading, record: ShownDose?)
    /// The wall clock was set, or the machine resumed (the timerfd said `ECANCELED`).
    case clockChanged
    /// A file the plan depends on changed: the snapshot, the config or `/etc/localtime`.
    case inputChanged(SchedulerInput)
    /// A notification server took `org.freedesktop.Notifications`.
    case serverAppeared
    /// The notification server left the bus.
    case serverVanished
    /// The day's send returned; `now` is read after it (the call may have waited for the D-Bus timeout).
    case sendFinished(SendOutcome, now: Int64)
    /// The notification shown before a restart was shown again in place (the server's id for it now),
    /// or could not be (nil: gone with its server, its dose retired, or GNOME Shell took it).
    case reshowFinished(serverID: UInt32?)
    /// A notification this process showed was clicked.
    case clicked(itemID: String, activationToken: String?)
    /// The server reported the notification with this id closed (expired, dismissed, closed by us).
    case notificationClosed(serverID: UInt32)
    /// The session bus closed under the scheduler.
    case busClosed
}

/// The files whose change makes a new plan.
enum SchedulerInput: Sendable, Equatable {
    case snapshot
    case config
    case zone
}

/// How a send ended.
enum SendOutcome: Sendable, Equatable {
    /// Shown: the item, and the server's id for the notification when the scheduler keeps it.
    case shown(Delivery)
    case failed(NotificationError)
}
