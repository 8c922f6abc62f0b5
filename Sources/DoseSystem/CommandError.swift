/// A command's failure: what to tell the user, and the exit status that classifies it.
public struct CommandError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var exitCode: ExitCode

    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    public static func usage(_ message: String) -> CommandError {
        CommandError(message, exitCode: .usage)
    }

    public var description: String { message }
}
