/// A URL's printable form: the password in its user information replaced by `***`; pure.
///
/// Works on the text, not on a parse, so even a URL libcurl rejects prints without its secret:
/// `https://user:secret@host/p` → `https://user:***@host/p`.
public enum URLRedaction {
    public static func redacted(_ url: String) -> String {
        let characters = Array(url)
        guard let scheme = characters.indices.first(where: { characters[$0...].starts(with: "://") }) else { return url }
        let rest = characters[(scheme + 3)...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        // The last "@" ends the user information (a password may itself hold an unencoded "@").
        guard let at = authority.lastIndex(of: "@") else { return url }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(characters[..<colon]) + ":***" + String(characters[at...])
    }
}
