import DoseSystem

/// `dose-notify run`: the long-running scheduler (the user service).
struct RunCommand {
    let paths: DosePaths

    func run(_ arguments: inout Arguments) throws(CommandError) {
        try arguments.finish()
        do { try Scheduler(paths: paths).run() } catch {
            if error.sessionBusClosed {
                // EX_UNAVAILABLE: a failure, so the user service (Restart=on-failure) starts a new scheduler.
                throw CommandError(tr("stopped: {reason}", ["reason": error]), exitCode: .unavailable)
            }
            throw CommandError(tr("cannot start the scheduler: {reason}", ["reason": error]), exitCode: .osError)
        }
    }
}
