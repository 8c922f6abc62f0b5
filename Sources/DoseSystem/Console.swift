import DoseCore

/// Standard output for people: everything printed passes `TerminalText.safe`, so pack text, a
/// provider's error or an AI card can never carry an escape sequence to the terminal.
///
/// JSON output goes through it too; `JSONWriter` has already escaped every control, so it is unchanged.
public enum Console {
    /// Prints `text` with its controls neutralised; newlines and tabs keep the layout.
    public static func print(_ text: String, terminator: String = "\n") {
        Swift.print(TerminalText.safe(text), terminator: terminator)
    }
}
