import DoseCore
import DoseSystem
import GLibGlue
import Glibc

/// `dose-notify fire [--id ID]`: shows a notification now and stays to handle its click until it closes.
struct FireCommand {
    let paths: DosePaths

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let id = try arguments.option(.id)
        try arguments.finish()
        let loop = MainLoop()
        let deliverer = Deliverer(paths: paths)
        deliverer.onClosed = { remaining in if remaining == 0 { loop.quit() } }
        let today = SystemZone.current().civilDate(at: WallClock.now())
        do {
            let shown = try deliverer.deliver(day: today, itemID: id)
            // Today's id would spoil the dose (ids are authored words): the day, unless the id was given.
            Console.print(id == nil ? "Shown: the dose of \(today)" : "Shown: \(shown)")
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
        // A server that goes away takes the notification with it: nothing is left to click.
        let watch = ServerWatch(appeared: {}, vanished: {
            Log.notice("the notification server went away; nothing left to wait for")
            loop.quit()
        })
        loop.run()
        withExtendedLifetime(watch) {}
    }
}
