/// Text from outside (a server's Location, libcurl's message naming a host) made safe for a terminal:
/// control characters become `\u{…}` escapes, so no escape sequence reaches the screen.
func printable(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        if scalar.properties.generalCategory == .control {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// A URL for a message: password redacted, control characters escaped, in double quotes.
func quotedURL(_ url: String) -> String {
    "\"" + printable(URLRedaction.redacted(url)) + "\""
}
