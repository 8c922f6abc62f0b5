import DoseSystem
import Glibc

/// Reads the provider's API key: `DOSE_PROVIDER_KEY` when set, else `provider.key-file`, else none.
///
/// The key file must be the user's own and unreadable by group and others, like an SSH key.
/// The key is never printed or logged: errors name the file, not its content.
public enum ProviderKey {
    /// The environment variable that overrides the key file.
    public static let environmentVariable = "DOSE_PROVIDER_KEY"
    static let maxBytes = 16 * 1024

    /// The key to send, or nil for a provider that needs none (a local server).
    public static func load(keyFile: String?, environment: String?) throws(LearningError) -> String? {
        if let environment, !environment.isEmpty { return environment }
        guard let keyFile else { return nil }
        var info = stat()
        guard stat(keyFile, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            throw LearningError(.provider, "cannot read the key file \(keyFile) (provider.key-file): \(reason)")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw LearningError(.provider, "the key file \(keyFile) (provider.key-file) is not a regular file")
        }
        guard info.st_uid == geteuid() else {
            throw LearningError(.provider, "the key file \(keyFile) (provider.key-file) belongs to another user; refusing to use it")
        }
        guard info.st_mode & 0o077 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw LearningError(
                .provider,
                "the key file \(keyFile) (provider.key-file) can be read by others (mode \(mode)); run `chmod 600 \(keyFile)`")
        }
        // Never blocks: a FIFO or device swapped in after the stat is refused, not waited on.
        let fd: Int32
        do { fd = try FileSystem.openRegularFile(keyFile).descriptor } catch {
            throw LearningError(.provider, "the key file \(keyFile) (provider.key-file): \(error)")
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
            throw LearningError(.provider, "the key file \(keyFile) (provider.key-file) is too large to hold an API key")
        }
        let key = String(decoding: bytes[0..<total], as: UTF8.self).trimmingCharacters(where: { $0.isWhitespace })
        guard !key.isEmpty else { throw LearningError(.provider, "the key file \(keyFile) (provider.key-file) is empty") }
        guard !key.contains(where: { $0.isNewline }) else {
            throw LearningError(.provider, "the key file \(keyFile) (provider.key-file) holds more than one line")
        }
        return key
    }
}
