import Glibc

/// What the program asks of the terminal it may be printing to: whether a descriptor is one, and
/// its width (`ioctl(TIOCGWINSZ)`: every such call is here).
public enum Terminal {
    /// The widest paragraphs are wrapped to, however wide the terminal: long lines read badly.
    public static let maximumWrapWidth = 100

    /// True when `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The terminal's width in columns, or nil when `descriptor` is not a terminal or does not say.
    public static func columns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The width to wrap standard output's paragraphs to: the terminal's (80 when it does not say),
    /// at most `maximumWrapWidth`; nil when standard output is not a terminal (piped output is never wrapped).
    public static func standardOutputWrapWidth() -> Int? {
        guard isTerminal(STDOUT_FILENO) else { return nil }
        return min(columns(STDOUT_FILENO) ?? 80, maximumWrapWidth)
    }

    /// True when a person can be asked something: standard input and output both terminals.
    public static func isInteractive() -> Bool {
        isTerminal(STDIN_FILENO) && isTerminal(STDOUT_FILENO)
    }

    /// Prints `prompt` (no newline) and waits for a line; false at end of input.
    public static func waitForEnter(_ prompt: String) -> Bool {
        Console.print(prompt, terminator: "")
        fflush(nil)  // every stream: `stdout` itself is shared mutable state to Swift 6
        return readLine(strippingNewline: true) != nil
    }
}
