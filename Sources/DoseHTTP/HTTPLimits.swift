/// The bounds of one exchange, enforced while it runs (not after the answer is read).
public struct HTTPLimits: Sendable, Equatable {
    /// The most body bytes accepted, counted after decompression as they arrive.
    public var maxBodyBytes: Int
    /// How long a connection may take to open, per hop.
    public var connectTimeoutMilliseconds: Int
    /// The wall-clock deadline of the whole exchange, every redirect included.
    public var deadlineMilliseconds: Int
    /// A transfer slower than this many bytes per second for `lowSpeedSeconds` is ended.
    public var lowSpeedBytesPerSecond: Int
    public var lowSpeedSeconds: Int
    /// The most redirects followed; the next one is an error.
    public var maxRedirects: Int

    public init(
        maxBodyBytes: Int, connectTimeoutMilliseconds: Int, deadlineMilliseconds: Int,
        lowSpeedBytesPerSecond: Int = 1, lowSpeedSeconds: Int, maxRedirects: Int = 5
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.deadlineMilliseconds = deadlineMilliseconds
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.lowSpeedSeconds = lowSpeedSeconds
        self.maxRedirects = maxRedirects
    }
}
