import DoseSystem

/// `dose-notify run`: the long-running scheduler (the user service).
struct RunCommand {
    static let usage = "dose-notify run"
    let paths: DosePaths

    func run(_ arguments: inout Arguments) throws(CommandError) {
        try arguments.finish()
        do { try Scheduler(paths: paths).run() } catch {
            throw CommandError("cannot start the scheduler: \(error)", exitCode: .osError)
        }
    }
}
