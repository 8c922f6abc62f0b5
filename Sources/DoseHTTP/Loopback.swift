/// Whether a host or a URL is this machine: 127.0.0.0/8, `::1`, `localhost` and names under `.localhost`.
///
/// libcurl (7.78 and later; measured on 7.88.1 with an /etc/hosts mapping both elsewhere) connects
/// `localhost` and `*.localhost` to 127.0.0.1 and ::1 itself, without asking the resolver, so the names are
/// as safe as the addresses. Anything else counts as another machine, with no lookup: `localhost.` (the
/// resolver's, not libcurl's), `0.0.0.0`, `::ffff:127.0.0.1`, a LAN name that resolves to this machine.
public enum Loopback {
    /// `host` lower-cased or not, an IPv6 address with or without its brackets.
    public static func contains(host: String) -> Bool {
        var host = Substring(host.lowercased())
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        if host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The host of `url` as libcurl parses it, the one a request connects to (`127.1` and `0x7f.1` come out
    /// as 127.0.0.1); false for a URL it cannot parse.
    public static func contains(url: String) -> Bool {
        guard let parts = try? URLParts(url) else { return false }
        return contains(host: parts.host)
    }
}
