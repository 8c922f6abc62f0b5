// The one place where the project touches libsecret: every secret_* call lives in this file and every
// GError goes through `check`. The rest of DoseSecret speaks `SecretSchema` and `Secret`.
import CGLib
import CSecret
import Dispatch
import DoseSystem
import GLibGlue
import Glibc

/// libsecret, opened on the first call (see CSecret's shim.h: linked, it would cost every `dose` command three
/// more shared libraries at start-up). A Swift global is initialised exactly once, under a lock; the table
/// is never freed, and after that only ever read, from any thread.
nonisolated(unsafe) private let library: Result<UnsafePointer<dd_secret_api>, SecretError> = {
    let table = UnsafeMutablePointer<dd_secret_api>.allocate(capacity: 1)
    table.initialize(to: dd_secret_api())
    if let problem = dd_secret_api_load(table) {
        return .failure(SecretError(
            .unavailable, "cannot load libsecret (libsecret-1.so.0): \(String(cString: problem)); install the libsecret-1-0 package"))
    }
    return .success(UnsafePointer(table))
}()

/// A schema as libsecret takes it: a name and string attributes, in C memory that lives as long as the process.
struct SecretSchema: @unchecked Sendable {
    // Written once in init, then only read (libsecret reads it from whichever thread calls).
    let pointer: UnsafePointer<dd_secret_schema>

    init(name: String, attributes: [String]) {
        precondition(attributes.count < 32, "libsecret schemas hold at most 32 attributes")
        let schema = UnsafeMutablePointer<dd_secret_schema>.allocate(capacity: 1)
        schema.initialize(to: dd_secret_schema())
        schema.pointee.name = UnsafePointer(strdup(name))
        schema.pointee.flags = DD_SECRET_SCHEMA_NONE
        withUnsafeMutableBytes(of: &schema.pointee.attributes) { raw in
            let slots = raw.bindMemory(to: dd_secret_schema_attribute.self)
            for (index, attribute) in attributes.enumerated() {
                slots[index] = dd_secret_schema_attribute(name: UnsafePointer(strdup(attribute)), type: DD_SECRET_SCHEMA_ATTRIBUTE_STRING)
            }
        }
        pointer = UnsafePointer(schema)
    }
}

/// Store, look up and clear one password in the Secret Service, blocking the calling thread (never the GLib
/// loop's: libsecret says these calls "may block indefinitely"), each bounded by `timeout` seconds.
enum Secret {
    static func store(
        _ schema: SecretSchema, _ attributes: [String: String], label: String, password: String, timeout: Int
    ) throws(SecretError) {
        let api = try loaded()
        try withCall(attributes, timeout: timeout) { table, cancellable throws(SecretError) in
            _ = try check("store \(label)") { error in
                api.pointee.storev_sync(schema.pointer, table, dd_secret_collection_default(), label, password, cancellable, error)
            }
        }
    }

    /// The stored password, or nil when there is none.
    static func lookup(_ schema: SecretSchema, _ attributes: [String: String], timeout: Int) throws(SecretError) -> String? {
        let api = try loaded()
        return try withCall(attributes, timeout: timeout) { table, cancellable throws(SecretError) in
            let password = try check("look up a password") { error in api.pointee.lookupv_sync(schema.pointer, table, cancellable, error) }
            guard let password else { return nil }
            // Freed by libsecret's own function: it wipes the memory first.
            defer { api.pointee.password_free(password) }
            return String(cString: password)
        }
    }

    /// Removes the stored password; false when there was none.
    static func clear(_ schema: SecretSchema, _ attributes: [String: String], timeout: Int) throws(SecretError) -> Bool {
        let api = try loaded()
        return try withCall(attributes, timeout: timeout) { table, cancellable throws(SecretError) in
            try check("clear a password") { error in api.pointee.clearv_sync(schema.pointer, table, cancellable, error) } != 0
        }
    }

    /// Turns a `GError` from libsecret into a `SecretError`, or returns the call's result.
    private static func check<T>(
        _ operation: @autoclosure () -> String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T
    ) throws(SecretError) -> T {
        do {
            return try GLibGlue.check(operation(), body)
        } catch {
            if error.matches(domain: g_io_error_quark(), code: G_IO_ERROR_CANCELLED.rawValue) {
                throw SecretError(.timedOut, "\(error.operation): no answer from the Secret Service in time (a locked keyring waiting for its password?)")
            }
            // No owner for org.freedesktop.secrets and none activatable, or no session bus at all.
            let unavailable = error.matches(domain: g_dbus_error_quark(), code: G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue)
                || error.matches(domain: g_dbus_error_quark(), code: G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue)
                || error.matches(domain: g_dbus_error_quark(), code: G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND.rawValue)
            throw SecretError(unavailable ? .unavailable : .failed, error.description)
        }
    }

    private static func loaded() throws(SecretError) -> UnsafePointer<dd_secret_api> {
        guard SessionBusAddress.isKnown else {
            // libsecret would otherwise let GIO autolaunch a bus (dbus-launch) where $DISPLAY is set.
            throw SecretError(.unavailable, "no session bus (neither DBUS_SESSION_BUS_ADDRESS nor $XDG_RUNTIME_DIR/bus)")
        }
        return try library.get()
    }

    /// Builds the attribute table and a cancellable that a timer cancels after `timeout` seconds, for one call.
    private static func withCall<T>(
        _ attributes: [String: String], timeout: Int,
        _ body: (OpaquePointer, UnsafeMutablePointer<GCancellable>) throws(SecretError) -> T
    ) throws(SecretError) -> T {
        let table = dd_secret_attributes_new()!
        defer { g_hash_table_unref(table) }
        for (name, value) in attributes { g_hash_table_insert(table, g_strdup(name), g_strdup(value)) }
        let cancellable = CancellableReference(g_cancellable_new()!)
        let timer = DispatchWorkItem { g_cancellable_cancel(cancellable.pointer) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeout), execute: timer)
        defer { timer.cancel() }
        return try body(table, cancellable.pointer)
    }
}

/// One reference on a `GCancellable` (whose cancel is thread-safe), dropped with the last Swift owner: the
/// call and its timer.
private final class CancellableReference: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GCancellable>
    init(_ pointer: UnsafeMutablePointer<GCancellable>) { self.pointer = pointer }
    deinit { g_object_unref(pointer) }
}
