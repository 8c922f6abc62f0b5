import DoseCore

/// Text from outside (a server's Location, libcurl's message naming a host) made safe for a terminal
/// and a one-line message: every control character, newline included, escaped (`TerminalText.safe`).
func printable(_ text: String) -> String {
    TerminalText.safe(text, keepingLayout: false)
}

/// A URL for a message: password redacted, control characters escaped, in double quotes.
func quotedURL(_ url: String) -> String {
    "\"" + printable(URLRedaction.redacted(url)) + "\""
}
