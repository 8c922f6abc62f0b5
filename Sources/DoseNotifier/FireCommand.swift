import DoseCore
import DoseSystem
import GLibGlue
import Glibc

/// `dose-notify fire [--id ID] [--wait SECONDS]`: shows a notification now and stays to handle its
/// click until it closes, is clicked, or the wait runs out.
struct FireCommand {
    /// How long `fire` waits for a click by default: some servers (notification-daemon) never report
    /// a notification closed, and `fire` must end.
    static let defaultWait = 600

    let paths: DosePaths

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let id = try arguments.option(.id)
        let wait = try arguments.dayCount(.wait) ?? Self.defaultWait
        try arguments.finish()
        let loop = MainLoop()
        let deliverer = Deliverer(paths: paths)
        // Set once the wait for a click is armed; a click ends that wait.
        var deadline: SourceHandle?
        // From the click on, only its settling ends the loop (the notification closing, as it then does, not).
        var clicked = false
        deliverer.onClosed = { _ in if !clicked { loop.quit() } }
        deliverer.onClick = { [unowned deliverer] itemID, token in
            guard !clicked else { return }
            clicked = true
            deadline?.cancel()
            // Ends once the click is settled: the app answered or the page opened (quitting earlier could
            // lose the hand-off and its fallback).
            deliverer.open(itemID: itemID, activationToken: token) { loop.quit() }
            // Handled: closed at once (LXQt keeps it up otherwise), without waiting for the app.
            deliverer.closeShown()
        }
        let today = SystemZone.current().civilDate(at: WallClock.now())
        let delivery: Delivery
        do {
            delivery = try deliverer.deliver(day: today, itemID: id)
            // Today's id would spoil the dose (ids are authored words): the day, unless the id was given.
            Console.print(id == nil ? tr("Shown: the dose of {date}", ["date": today]) : tr("Shown: {id}", ["id": delivery.itemID]))
            // Out now, not at exit: the app's "Send a test notification" reads this line from a pipe while fire
            // stays for the click.
            fflush(nil)
        } catch {
            switch error {
            case .serverUnavailable: throw CommandError(error.description, exitCode: .unavailable)
            case .noContent: throw CommandError(error.description, exitCode: .noInput)
            case .unconfirmed: throw CommandError(error.description, exitCode: .temporaryFailure)
            }
        }
        // GNOME Shell took it for the app: a click activates the app by itself.
        guard delivery.serverID != nil else { return }
        // A server that goes away takes the notification with it: nothing is left to click.
        let watch = ServerWatch(appeared: {}, vanished: {
            guard !clicked else { return }
            Log.notice(tr("the notification server went away; nothing left to wait for"))
            loop.quit()
        })
        deadline = SourceHandle.timeout(milliseconds: UInt32(wait) * 1000) {
            Log.notice(tr("no click within {seconds} s; closing the notification and stopping", ["seconds": wait]))
            deliverer.closeShown()
            loop.quit()
            return false
        }
        loop.run()
        withExtendedLifetime((watch, deadline)) {}
    }
}
