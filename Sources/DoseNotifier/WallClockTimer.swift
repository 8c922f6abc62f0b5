import CGLib
import DoseSystem
import GLibGlue
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
    private let source: SourceHandle

    /// Creates the timer and attaches it to the default main context.
    init(handler: @escaping (Event) -> Void) throws(NotifierSetupError) {
        let fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard fd >= 0 else { throw NotifierSetupError("timerfd_create failed: \(String(cString: strerror(errno)))") }
        self.fd = fd
        source = SourceHandle.fileDescriptor(fd, G_IO_IN) { _ in
            var expirations: UInt64 = 0
            if read(fd, &expirations, MemoryLayout<UInt64>.size) < 0 {
                if errno == ECANCELED { handler(.clockChanged) }
                // EAGAIN: a spurious wake-up; nothing to do.
            } else {
                handler(.expired)
            }
            return true
        }
    }

    deinit {
        // The source goes before the descriptor it polls.
        source.cancel()
        close(fd)
    }

    /// Arms the timer for `instant` (Unix seconds on `WallClock`'s clock, which the test seam may shift: the
    /// kernel is given the real instant that corresponds); an instant already past fires at once.
    func arm(at instant: Int64) throws(NotifierSetupError) {
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(max(WallClock.realInstant(of: instant), 1))
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
