/// A command's failure: what to tell the user, and the exit status that classifies it.
public struct CommandError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var exitCode: ExitCode
    /// A usage to print after the message, line by line (a bare `dose`, an unknown action).
    public var usage: String?

    public init(_ message: String, exitCode: ExitCode, usage: String? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.usage = usage
    }

    public static func usage(_ message: String, showing usage: String? = nil) -> CommandError {
        CommandError(message, exitCode: .usage, usage: usage)
    }

    public var description: String { message }
}
