/// Read-only bytes that live outside Swift's arrays (a file mapping), given back when the last
/// reference goes.
///
/// The snapshot index keeps one so the chosen item can be decoded from its line after the scan,
/// without copying a file of tens of megabytes into an array first.
public final class ByteRegion: @unchecked Sendable {
    // Sendable: the bytes are never written after `init`, and `release` runs once, in `deinit`.
    /// Valid only while the region is alive: outside this module, go through `withBytes`.
    let bytes: UnsafeBufferPointer<UInt8>
    private let release: (UnsafeBufferPointer<UInt8>) -> Void

    /// Takes ownership of `bytes`; `release` gives them back when the region is dropped.
    public init(bytes: UnsafeBufferPointer<UInt8>, release: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.bytes = bytes
        self.release = release
    }

    /// A region holding a copy of `array`.
    public convenience init(copying array: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: array.count)
        _ = copy.initialize(from: array)
        self.init(bytes: UnsafeBufferPointer(copy)) { $0.deallocate() }
    }

    /// Calls `body` with the bytes, keeping the region alive until it returns.
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try body(bytes)
    }

    /// How many bytes the region holds.
    public var count: Int { bytes.count }

    deinit { release(bytes) }
}
