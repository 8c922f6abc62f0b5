import DoseDesktop
import DoseSystem

/// The app's one view of background work: the service, its last answer, and who shows it (the Learn view's lines
/// and notice, Preferences' switch). The switch, the first-run page and the Learn view's button all move it here,
/// so each of them shows what the others did.
///
/// Loop-owned: the service answers on the GLib thread, which is why it may be captured by its callbacks.
final class BackgroundWorkControl: @unchecked Sendable {
    let service: BackgroundWorkService
    /// The last answer (nil until the first one).
    private(set) var last: Result<BackgroundWorkService.State, ServiceFailure>?
    /// Called with every answer.
    var onChange: (Result<BackgroundWorkService.State, ServiceFailure>) -> Void = { _ in }

    init(paths: DosePaths) {
        service = BackgroundWorkService(paths: paths)
    }

    /// The queue as the Learn view tells it (running until the first answer says otherwise: nothing is claimed).
    var queue: BackgroundQueue { last.map(BackgroundQueue.init) ?? .running }

    /// The app started: the student's choice carried out.
    func resume() {
        service.resume { [self] result in self.answered(result) }
    }

    /// The switch moved; `done` gets the answer after everyone who shows it has it.
    func setEnabled(_ enabled: Bool, done: @escaping @Sendable (Result<BackgroundWorkService.State, ServiceFailure>) -> Void = { _ in }) {
        service.setEnabled(enabled) { [self] result in
            self.answered(result)
            done(result)
        }
    }

    /// Reads the state again (Preferences opened).
    func refresh() {
        service.state { [self] result in self.answered(result) }
    }

    private func answered(_ result: Result<BackgroundWorkService.State, ServiceFailure>) {
        last = result
        onChange(result)
    }
}
