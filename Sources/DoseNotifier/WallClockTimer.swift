import CGLib
import Glibc

/// A one-shot alarm at an absolute wall-clock instant, in the GLib main loop.
///
/// A `CLOCK_REALTIME` timerfd with `TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET`: it fires at the
/// wall-clock instant even across suspend (GLib's timeouts use the monotonic clock, which stops),
/// and reports `ECANCELED` when the clock is set or the machine resumes, so the owner plans again.
final class WallClockTimer {
    enum Event {
        case expired
        case clockChanged
    }

    private let fd: Int32
    private var source: guint = 0

    private final class Context {
        let fd: Int32
        let handler: (Event) -> Void
        init(fd: Int32, handler: @escaping (Event) -> Void) {
            self.fd = fd
            self.handler = handler
        }
    }

    /// Creates the timer and attaches it to the default main context.
    init(handler: @escaping (Event) -> Void) throws(NotifierSetupError) {
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard fd >= 0 else { throw NotifierSetupError("timerfd_create failed: \(String(cString: strerror(errno)))") }
        let context = Context(fd: fd, handler: handler)
        source = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, fd, G_IO_IN,
            { _, _, data in
                guard let data else { return 0 }
                let context = Unmanaged<Context>.fromOpaque(data).takeUnretainedValue()
                var expirations: UInt64 = 0
                let count = read(context.fd, &expirations, MemoryLayout<UInt64>.size)
                if count < 0 {
                    let code = dd_errno()
                    if code == ECANCELED {
                        context.handler(.clockChanged)
                    }
                    // EAGAIN: a spurious wake-up; nothing to do.
                } else {
                    context.handler(.expired)
                }
                return 1  // G_SOURCE_CONTINUE
            },
            Unmanaged.passRetained(context).toOpaque(),
            { data in
                if let data { Unmanaged<Context>.fromOpaque(data).release() }
            })
    }

    deinit {
        if source != 0 { g_source_remove(source) }
        close(fd)
    }

    /// Arms the timer for `instant` (Unix seconds); an instant already past fires at once.
    func arm(at instant: Int64) throws(NotifierSetupError) {
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(max(instant, 1))
        spec.it_value.tv_nsec = 0
        let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
        if timerfd_settime(fd, flags, &spec, nil) != 0 {
            let code = errno
            // The clock was set between our reading it and arming: the owner must plan again.
            if code == ECANCELED { throw NotifierSetupError("clock changed while arming", clockChanged: true) }
            throw NotifierSetupError("timerfd_settime failed: \(String(cString: strerror(code)))")
        }
    }
}
