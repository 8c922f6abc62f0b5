/// Process exit statuses from sysexits(3), so scripts can tell a typo from a bad pack from an outage.
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// A problem that is not a usage error but still a failure (e.g. no dose for the day).
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case osError = 71
    case cannotCreate = 73
    case ioError = 74
    case temporaryFailure = 75
    case config = 78
}
