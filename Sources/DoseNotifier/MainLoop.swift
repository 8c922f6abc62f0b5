import CGLib
import Glibc

/// The GLib main loop that owns the scheduler's thread; SIGTERM and SIGINT end it cleanly.
final class MainLoop {
    private let loop: OpaquePointer

    init() {
        loop = g_main_loop_new(nil, 0)
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

    func run() {
        g_main_loop_run(loop)
    }

    func quit() {
        g_main_loop_quit(loop)
    }
}
