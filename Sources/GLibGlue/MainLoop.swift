import CGLib
import Glibc

/// The GLib main loop that owns a process's main thread; SIGTERM and SIGINT end it cleanly.
///
/// It runs this thread's default main context, where `SourceHandle`s attach. The first SIGTERM or
/// SIGINT quits the loop and removes its signal sources, so a second one takes the default action (a
/// stuck shutdown can still be interrupted). The signal sources go when the loop goes, too: a later
/// loop, or the default disposition, handles the next signal.
public final class MainLoop {
    private let loop: OpaquePointer
    private var signalSources: [SourceHandle] = []

    public init() {
        let context = g_main_context_ref_thread_default()
        loop = g_main_loop_new(context, 0)
        g_main_context_unref(context)
        // A parent may have started us with these blocked (Foundation's Process does); GLib needs them delivered.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        // The sources never outlive the loop: deinit cancels them before dropping it.
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

    /// Runs the loop on this thread until `quit()` or a stop signal.
    public func run() {
        g_main_loop_run(loop)
    }

    /// Makes `run()` return once the callback being dispatched (if any) finishes.
    public func quit() {
        g_main_loop_quit(loop)
    }

    /// Dispatches whatever is ready on this thread's default context without blocking, for a process that runs no loop.
    public static func dispatchPending() {
        let context = g_main_context_ref_thread_default()
        defer { g_main_context_unref(context) }
        while g_main_context_iteration(context, 0) != 0 {}
    }
}

/// A main context of the calling thread's own, for blocking work that drives GLib sources while the
/// process runs no loop on that thread (or runs it elsewhere): a command's HTTP transfer, say.
public final class PrivateContext {
    private let context: OpaquePointer

    private init(_ context: OpaquePointer) {
        self.context = context
    }

    /// Runs `body` with a new context pushed as this thread's default, so the sources made in it attach
    /// there and nothing else's iterations dispatch them; pops it afterwards.
    public static func run<T>(_ body: (PrivateContext) -> T) -> T {
        let context = g_main_context_new()!
        g_main_context_push_thread_default(context)
        defer {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        return body(PrivateContext(context))
    }

    /// Iterates the context, sleeping in poll(2) between its events, until `done` holds.
    public func iterate(until done: () -> Bool) {
        while !done() { g_main_context_iteration(context, 1) }
    }
}
