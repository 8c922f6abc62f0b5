import CGLib
import Glibc

/// The GLib main loop that owns the scheduler's thread; SIGTERM and SIGINT end it cleanly.
public final class MainLoop {
    private let loop: OpaquePointer

    public init() {
        loop = g_main_loop_new(nil, 0)
        // A parent may have started us with these blocked (Foundation's Process does); GLib needs them delivered.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        for signal in [SIGTERM, SIGINT] {
            g_unix_signal_add_full(
                G_PRIORITY_DEFAULT, signal,
                { data in
                    if let data { g_main_loop_quit(OpaquePointer(data)) }
                    return 0  // G_SOURCE_REMOVE
                },
                UnsafeMutableRawPointer(loop), nil)
        }
    }

    deinit {
        g_main_loop_unref(loop)
    }

    public func run() {
        g_main_loop_run(loop)
    }

    public func quit() {
        g_main_loop_quit(loop)
    }
}
