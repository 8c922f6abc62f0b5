import DoseSystem
import Glibc

/// The ready protocol the bench harness and the C baseline share: with `DAILY_DOSE_READY_FD=N` set, the
/// line "ready\n" goes to descriptor N once, when the window is mapped and the card's page has finished loading.
final class Readiness {
    private var fileDescriptor: Int32?
    private var mapped = false
    private var loaded = false

    init(fileDescriptor: Int32?) {
        self.fileDescriptor = fileDescriptor
        // Not inherited: a daemon the app starts (background work) would hold a harness's pipe open for good.
        if let fileDescriptor { _ = fcntl(fileDescriptor, F_SETFD, FD_CLOEXEC) }
    }

    func watch(_ window: DoseWindow) {
        guard fileDescriptor != nil else { return }
        // The first-run page has no dose page to wait for: mapped is ready.
        loaded = window.showsWelcome
        onSignal(window.widget.pointer, "map") { [weak self] in
            self?.mapped = true
            self?.announce()
        }
        window.onPageLoaded = { [weak self] in
            self?.loaded = true
            self?.announce()
        }
    }

    private func announce() {
        guard mapped, loaded, let fd = fileDescriptor else { return }
        fileDescriptor = nil
        let line = Array("ready\n".utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}
