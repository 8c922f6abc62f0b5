import CGLib
import Glibc

/// The GLib main loop that owns a process's main thread; SIGTERM and SIGINT end it cleanly.
///
/// Its signal sources are removed when the loop goes away, so a later loop (or GLib's default
/// disposition) handles the next signal.
public final class MainLoop {
    private let loop: OpaquePointer
    private var signalSources: [SourceHandle] = []

    public init() {
        loop = g_main_loop_new(nil, 0)
        // A parent may have started us with these blocked (Foundation's Process does); GLib needs them delivered.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        let loop = self.loop
        signalSources = [SIGTERM, SIGINT].map { signal in
            SourceHandle.unixSignal(signal) {
                g_main_loop_quit(loop)
                return false
            }
        }
    }

    deinit {
        signalSources.forEach { $0.cancel() }
        g_main_loop_unref(loop)
    }

    public func run() {
        g_main_loop_run(loop)
    }

    public func quit() {
        g_main_loop_quit(loop)
    }
}
