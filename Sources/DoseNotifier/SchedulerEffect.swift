import DoseCore
import DoseSystem

/// What the pure `SchedulerMachine` asks its interpreter to do, in order.
enum SchedulerEffect: Sendable, Equatable {
    /// Arm the wall-clock timer for this instant (Unix seconds); an instant past fires at once.
    case arm(at: Int64)
    /// Resolve `day`'s dose from the snapshot as it is now and show it; answer with `sendFinished`.
    /// In place of the server's notification `replacing` (the previous day's, still on screen), if any.
    /// Always the last effect of a step: the outcome is the next event.
    case send(day: CivilDate, replacing: UInt32?)
    /// Show the recorded notification again in place (its id as `replaces_id`, its item by id), so this
    /// process hears its click; answer with `reshowFinished`. Always the last effect of a step.
    case reshow(ShownDose)
    /// Keep this notification in the runtime record (atomically), for a scheduler that starts after us.
    case writeRecord(ShownDose)
    /// Remove the runtime record: nothing of ours is on screen.
    case removeRecord
    /// Record `day` as fired in the stamp file (a failure is logged; the machine remembers it anyway).
    case writeStamp(CivilDate)
    /// Open the dose with this id: in the desktop app (`open-dose`) when it answers, else the dose page
    /// (looked up in the snapshot's unfiltered pool).
    case openDose(itemID: String, activationToken: String?)
    /// Take the clicked notification off the screen (LXQt keeps it up, and every further click opened again).
    case closeNotification
    /// One journal line; never an item's id or title ("nothing is recorded").
    case log(Log.Priority, String)
    /// A send found no server: if the server watch started without a bus and one answers now, watch it.
    case watchForLateBus
    /// Read the world again and answer with `tick`.
    case planAgain
    /// Stop the main loop; `run` ends with this failure.
    case exit(SchedulerExit)
}

/// Why the scheduler stops by itself.
enum SchedulerExit: Sendable, Equatable {
    /// The session bus closed: a failure, so the user service starts a new scheduler.
    case sessionBusClosed
}
