import Glibc

/// The one place that reads the real-time clock; logic receives `now` as a parameter.
public enum WallClock {
    /// Seconds since the Unix epoch, now.
    public static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec)
    }
}
