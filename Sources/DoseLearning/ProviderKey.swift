import DoseSystem
import Glibc

/// Reads the provider's API key: `DOSE_PROVIDER_KEY` when set, else `provider.key-file` when set, else the
/// key stored in the Secret Service for `provider.url` (the app's Preferences put it there), else none.
///
/// Why this order (docs/learning.md): the variable is a one-process override; a key file is a deliberate,
/// headless setting that must not depend on a keyring being unlocked; the keyring is the desktop default.
/// The key file must be the user's own and unreadable by group and others, like an SSH key.
/// The key is never printed or logged: errors name the file, not its content.
public enum ProviderKey {
    /// The environment variable that overrides the key file.
    public static let environmentVariable = "DOSE_PROVIDER_KEY"
    static let maxBytes = 16 * 1024

    /// Where the key in use came from.
    public enum Source: String, Sendable, Equatable {
        case environment, keyFile = "key file", keyring = "Secret Service", none
    }

    /// Looks a provider URL's key up in the Secret Service: nil when none is stored or no service runs;
    /// throws when the service failed (a locked keyring that stayed locked). DoseApp supplies it (DoseSecret).
    public typealias KeyringLookup = @Sendable (_ providerURL: String) throws(LearningError) -> String?

    /// The key in the order above, and where it came from.
    public static func resolve(
        settings: ProviderSettings, environment: String?, keyring: KeyringLookup?
    ) throws(LearningError) -> (key: String?, source: Source) {
        if let environment, !environment.isEmpty { return (environment, .environment) }
        if let keyFile = settings.keyFile { return (try load(keyFile: keyFile, environment: nil), .keyFile) }
        guard let keyring, let url = settings.url, let stored = try keyring(url) else { return (nil, .none) }
        return (try validated(stored, name: tr("the key stored in the Secret Service for {url}", ["url": url])), .keyring)
    }

    /// A key typed or stored elsewhere (the app's Preferences, the keyring), checked as a key file's line is.
    public static func validated(_ text: String, name: String) throws(LearningError) -> String {
        try key(from: ArraySlice(text.utf8), name: name)
    }

    /// The key to send, or nil for a provider that needs none (a local server).
    public static func load(keyFile: String?, environment: String?) throws(LearningError) -> String? {
        if let environment, !environment.isEmpty { return environment }
        guard let keyFile else { return nil }
        var info = stat()
        guard stat(keyFile, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            throw LearningError(.provider, tr("cannot read the key file {path} (provider.key-file): {reason}", ["path": keyFile, "reason": reason]))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw LearningError(.provider, tr("the key file {path} (provider.key-file) is not a regular file", ["path": keyFile]))
        }
        guard info.st_uid == geteuid() else {
            throw LearningError(.provider, tr("the key file {path} (provider.key-file) belongs to another user; refusing to use it", ["path": keyFile]))
        }
        guard info.st_mode & 0o077 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw LearningError(
                .provider,
                tr("the key file {path} (provider.key-file) can be read by others (mode {mode}); run `chmod 600 {path}`", ["path": keyFile, "mode": mode]))
        }
        // Never blocks: a FIFO or device swapped in after the stat is refused, not waited on.
        let fd: Int32
        do { fd = try FileSystem.openRegularFile(keyFile).descriptor } catch {
            throw LearningError(.provider, tr("the key file {path} (provider.key-file): {error}", ["path": keyFile, "error": error]))
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, $0.count - total) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        guard total <= maxBytes else {
            throw LearningError(.provider, tr("the key file {path} (provider.key-file) is too large to hold an API key", ["path": keyFile]))
        }
        return try key(from: bytes[0..<total], name: tr("the key file {path} (provider.key-file)", ["path": keyFile]))
    }

    /// The key in a key file's (or another source's, `name`) bytes: one line of printable text, whitespace around it (a trailing newline) ignored.
    ///
    /// Anything else is refused, naming the file: a NUL would cut the `Authorization` header short in C,
    /// an ESC or another control character is no part of any API key and would reach the header as it is.
    static func key(from bytes: ArraySlice<UInt8>, name: String) throws(LearningError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // TRANSLATORS: {name} is "the key file … (provider.key-file)", "the key stored in the Secret Service for …" or "the key".
            throw LearningError(.provider, tr("{name} is not UTF-8 text", ["name": name]))
        }
        let key = text.trimmingCharacters(where: { $0.isWhitespace })
        guard !key.isEmpty else { throw LearningError(.provider, tr("{name} is empty", ["name": name])) }
        guard !key.contains(where: { $0.isNewline }) else {
            throw LearningError(.provider, tr("{name} holds more than one line", ["name": name]))
        }
        if let (offset, scalar) = key.unicodeScalars.enumerated().first(where: { isControl($0.element) }) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw LearningError(
                .provider,
                tr("{name} holds a control character (U+{code} at character {position}); an API key is one line of printable text", [
                    "name": name, "code": String(repeating: "0", count: max(0, 4 - code.count)) + code, "position": offset + 1,
                ]))
        }
        return key
    }

    /// C0 controls, DEL and C1 controls.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
