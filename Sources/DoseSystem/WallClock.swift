import Glibc

/// The one place that reads the real-time clock; logic receives `now` as a parameter.
///
/// A test seam moves it: `DOSE_TEST_CLOCK_OFFSET=SECONDS` (a signed whole number) is added to every reading, so
/// every process started with the same value (`dose`, `dose daemon`, `dose-notify`, `daily-dose`) agrees on one
/// shifted "now" that still advances in real time; the end-to-end runner puts the programs on fixed dates with
/// it. Read once per process. It is for tests only: nothing a user sets, and a value that is not a whole number
/// within a century is refused at the first reading (exit 78), never taken as 0, so a typo cannot test the real
/// date instead.
public enum WallClock {
    /// The seam's variable.
    public static let offsetVariable = "DOSE_TEST_CLOCK_OFFSET"
    /// The largest shift accepted either way: a century, far from any overflow of a `time_t`.
    public static let offsetLimit: Int64 = 100 * 366 * 86_400

    /// Seconds since the Unix epoch, now: the real clock plus the test seam's offset.
    public static func now() -> Int64 {
        shift.reading(real: realNow())
    }

    /// The real instant at which `now()` reads `instant`: what a `CLOCK_REALTIME` timer is armed for.
    public static func realInstant(of instant: Int64) -> Int64 {
        shift.realInstant(of: instant)
    }

    /// The seam's shift in this process (0 s without the variable).
    public static let shift: Shift = {
        switch parseOffset(Environment.value(offsetVariable)) {
        case .success(let seconds): return Shift(seconds: seconds)
        case .failure(let problem):
            let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "dose"
            Log.error("\(program): \(problem.description)")
            exit(ExitCode.config.rawValue)
        }
    }()

    /// A constant distance between the real clock and the one the programs read.
    public struct Shift: Sendable, Equatable {
        /// Seconds added to the real clock (negative: the past).
        public let seconds: Int64

        public init(seconds: Int64) { self.seconds = seconds }

        /// The shifted clock's reading when the real clock reads `real`.
        public func reading(real: Int64) -> Int64 { real &+ seconds }
        /// The real instant at which the shifted clock reads `instant`.
        public func realInstant(of instant: Int64) -> Int64 { instant &- seconds }
    }

    /// Why a value of the seam's variable is refused.
    public struct OffsetProblem: Error, Equatable, CustomStringConvertible {
        /// The value as it was set.
        public let value: String
        public var description: String {
            "\(WallClock.offsetVariable)=\(String(reflecting: value)) is not a whole number of seconds between "
                + "-\(WallClock.offsetLimit) and \(WallClock.offsetLimit) (a test seam: unset it)"
        }
    }

    /// The offset `text` names: nil or empty is 0; otherwise an optional sign and decimal digits, within
    /// `offsetLimit`.
    public static func parseOffset(_ text: String?) -> Result<Int64, OffsetProblem> {
        guard let text, !text.isEmpty else { return .success(0) }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            digits.utf8.count <= 19, let magnitude = Int64(digits), magnitude <= offsetLimit
        else { return .failure(OffsetProblem(value: text)) }
        return .success(text.first == "-" ? -magnitude : magnitude)
    }

    /// The real clock, unshifted.
    static func realNow() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec)
    }
}
