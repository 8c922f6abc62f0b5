import CGLib

/// A failure reported by GLib through a `GError`.
public struct GLibError: Error, CustomStringConvertible, Sendable {
    /// What we were doing when GLib failed.
    public var operation: String
    /// GLib's own message.
    public var message: String
    public var code: Int32
    /// The error's domain (a `GQuark`, such as `g_io_error_quark()`); 0 when not from a `GError`.
    public var domain: UInt32

    public init(operation: String, message: String, code: Int32) {
        self.init(operation: operation, message: message, code: code, domain: 0)
    }

    public init(operation: String, message: String, code: Int32, domain: UInt32) {
        self.operation = operation
        self.message = message
        self.code = code
        self.domain = domain
    }

    /// Whether GLib reported `code` (an error enum's raw value) in `domain`.
    public func matches(domain: UInt32, code: some BinaryInteger) -> Bool {
        self.domain == domain && self.code == code
    }

    public var description: String { "\(operation): \(message)" }
}

/// Runs a GLib call that reports failure through `GError **`, turning the error into `GLibError`.
///
/// Every raw GLib call that can fail passes through here, so errors are freed exactly once. When the
/// call sets an error its result is dropped: free an owned result inside `body` (as `takeGString` does).
public func check<T>(
    _ operation: @autoclosure () -> String,
    _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T
) throws(GLibError) -> T {
    var error: UnsafeMutablePointer<GError>?
    let result = body(&error)
    if let error {
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown GLib error"
        let code = error.pointee.code
        let domain = error.pointee.domain
        g_error_free(error)
        throw GLibError(operation: operation(), message: message, code: code, domain: domain)
    }
    return result
}

/// Takes ownership of a `gchar *` that GLib allocated, returning a Swift string and freeing it.
public func takeGString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}
