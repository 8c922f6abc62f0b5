import CGLib
import GLibGlue

/// The session bus connection GIO shares across the process (libnotify talks over the same one), and
/// the one wrapper through which the scheduler's own D-Bus calls pass: every raw `g_dbus_*` and
/// `g_variant_*` call of the module is here.
enum SessionBus {
    /// A reference on the shared connection, which the caller unrefs; throws when there is no session bus.
    static func connect() throws(GLibError) -> OpaquePointer {
        let connection = try check("connect to the session bus") { error in g_bus_get_sync(G_BUS_TYPE_SESSION, nil, error) }
        guard let connection else {
            throw GLibError(operation: "connect to the session bus", message: "unknown error", code: 0)
        }
        return connection
    }

    /// Why there is no session bus to reach a server on (no address, nothing to autolaunch), or nil if there is one.
    static func problem() -> String? {
        do {
            g_object_unref(UnsafeMutableRawPointer(try connect()))
            return nil
        } catch {
            return error.message
        }
    }

    /// Calls `method` and returns what `read` makes of the reply's arguments.
    ///
    /// The call may start `destination` by D-Bus activation, and waits at most `timeoutMilliseconds`.
    static func call<Reply>(
        _ destination: String, path: String, interface: String, method: String, _ parameters: DBusValue,
        timeoutMilliseconds: Int32 = 10_000, read: (Reader) -> Reply
    ) throws(GLibError) -> Reply {
        let connection = try connect()
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        let reply = try check("call \(interface).\(method) on \(destination)") { error in
            g_dbus_connection_call_sync(
                connection, destination, path, interface, method, make(parameters), nil,
                G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds, nil, error)
        }
        guard let reply else { throw GLibError(operation: "call \(method)", message: "no reply", code: 0) }
        defer { g_variant_unref(reply) }
        return read(Reader(value: reply))
    }

    /// Calls `method` without waiting for the reply: `completion` gets what `read` makes of the reply's
    /// arguments, or the failure, exactly once, later, on the main context that is this thread's default now.
    ///
    /// The loop that iterates that context keeps running meanwhile (the reply comes as one more event), so
    /// a peer that is slow to start by D-Bus activation, or never answers, holds up nothing but this
    /// completion, which comes with a timeout error after `timeoutMilliseconds`. Throws, without calling
    /// `completion`, when there is no session bus to send the call on.
    static func call<Reply>(
        _ destination: String, path: String, interface: String, method: String, _ parameters: DBusValue,
        timeoutMilliseconds: Int32, read: @escaping (Reader) -> Reply,
        completion: @escaping (Result<Reply, GLibError>) -> Void
    ) throws(GLibError) {
        typealias Finish = (_ result: OpaquePointer?) -> Void
        let connection = try connect()
        let operation = "call \(interface).\(method) on \(destination)"
        // Holds the connection's reference until the reply (or the timeout) is in.
        let finish: Finish = { result in
            defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
            do throws(GLibError) {
                let reply = try check(operation) { error in g_dbus_connection_call_finish(connection, result, error) }
                guard let reply else { throw GLibError(operation: operation, message: "no reply", code: 0) }
                defer { g_variant_unref(reply) }
                completion(.success(read(Reader(value: reply))))
            } catch {
                completion(.failure(error))
            }
        }
        // GIO calls the callback once, with no destroy notify of its own: the callback releases the box.
        g_dbus_connection_call(
            connection, destination, path, interface, method, make(parameters), nil, G_DBUS_CALL_FLAGS_NONE,
            timeoutMilliseconds, nil,
            { _, result, data in
                CallbackBox<Finish>.from(data)?.value(result)
                CallbackBox<Finish>.destroyNotify(data)
            },
            CallbackBox<Finish>(finish).retained())
    }

    /// Whether a call failed by waiting out its timeout (the peer got the call and may still act on it).
    static func timedOut(_ error: GLibError) -> Bool {
        error.matches(domain: g_io_error_quark(), code: G_IO_ERROR_TIMED_OUT.rawValue)
    }

    /// The D-Bus error name a peer answered a call with (`org.freedesktop.Notifications.InvalidId`), or nil
    /// when the call failed here (no bus, a timeout).
    static func remoteErrorName(_ error: GLibError) -> String? {
        // GDBus hands on an error name it has no mapping for as G_IO_ERROR_DBUS_ERROR, with the name in the
        // message: "GDBus.Error:NAME: text" (what g_dbus_error_get_remote_error reads back).
        guard error.matches(domain: g_io_error_quark(), code: G_IO_ERROR_DBUS_ERROR.rawValue) else { return nil }
        let prefix = "GDBus.Error:"
        guard error.message.hasPrefix(prefix) else { return nil }
        let rest = error.message.dropFirst(prefix.count)
        guard let end = rest.firstIndex(of: ":"), end != rest.startIndex else { return nil }
        return String(rest[..<end])
    }

    /// Whether a call failed because nothing could take it: no owner of the name and none the bus could
    /// start (`ServiceUnknown`, `NameHasNoOwner`), or the bus failed to start one (`Spawn.*`).
    static func nobodyThere(_ error: GLibError) -> Bool {
        let missing: [GDBusError] = [
            G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_SPAWN_EXEC_FAILED,
            G_DBUS_ERROR_SPAWN_FORK_FAILED, G_DBUS_ERROR_SPAWN_CHILD_EXITED, G_DBUS_ERROR_SPAWN_CHILD_SIGNALED,
            G_DBUS_ERROR_SPAWN_FAILED, G_DBUS_ERROR_SPAWN_SETUP_FAILED, G_DBUS_ERROR_SPAWN_CONFIG_INVALID,
            G_DBUS_ERROR_SPAWN_SERVICE_INVALID, G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND,
            G_DBUS_ERROR_SPAWN_PERMISSIONS_INVALID, G_DBUS_ERROR_SPAWN_FILE_INVALID, G_DBUS_ERROR_SPAWN_NO_MEMORY,
        ]
        return missing.contains { error.matches(domain: g_dbus_error_quark(), code: $0.rawValue) }
    }

    /// Whether the bus gave up on the peer: it did not start in time (`TimedOut`, `Timeout`) or it left
    /// without replying (`NoReply`).
    static func peerGaveNoAnswer(_ error: GLibError) -> Bool {
        [G_DBUS_ERROR_TIMED_OUT, G_DBUS_ERROR_TIMEOUT, G_DBUS_ERROR_NO_REPLY].contains {
            error.matches(domain: g_dbus_error_quark(), code: $0.rawValue)
        }
    }

    /// Whether `name` has an owner on the bus now.
    static func nameHasOwner(_ name: String) -> Bool {
        let owned = try? call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "NameHasOwner", .tuple([.string(name)]), timeoutMilliseconds: 5_000
        ) { $0.boolean(at: 0) }
        return owned ?? false
    }

    /// A signal subscription on the shared connection, with the connection held; ends when it goes.
    final class Subscription {
        private let connection: OpaquePointer
        private let id: guint

        fileprivate init(connection: OpaquePointer, id: guint) {
            self.connection = connection
            self.id = id
        }

        deinit {
            g_dbus_connection_signal_unsubscribe(connection, id)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }

    /// Calls `handler` with each signal's name and arguments on `interface` at `path`, from any sender:
    /// the freedesktop servers send `ActionInvoked` to the notification's sender alone, by its unique name.
    static func subscribe(
        interface: String, path: String, _ handler: @escaping (_ member: String, _ arguments: Reader) -> Void
    ) throws(GLibError) -> Subscription {
        typealias Handler = (String, Reader) -> Void
        let connection = try connect()
        let id = g_dbus_connection_signal_subscribe(
            connection, nil, interface, nil, path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, member, parameters, data in
                guard let member, let parameters else { return }
                CallbackBox<Handler>.from(data)?.value(String(cString: member), Reader(value: parameters))
            },
            CallbackBox<Handler>(handler).retained(), CallbackBox<Handler>.destroyNotify)
        return Subscription(connection: connection, id: id)
    }

    /// Reads a reply's arguments (borrowed: valid only inside the `read` closure).
    struct Reader {
        fileprivate let value: OpaquePointer

        /// The boolean argument at `index`.
        func boolean(at index: Int) -> Bool {
            withChild(value, index) { g_variant_get_boolean($0) != 0 }
        }

        /// The `u` argument at `index`.
        func uint32(at index: Int) -> UInt32 {
            withChild(value, index) { g_variant_get_uint32($0) }
        }

        /// The `s` argument at `index`.
        func string(at index: Int) -> String {
            withChild(value, index) { String(cString: g_variant_get_string($0, nil)) }
        }

        /// The string-array argument at `index`.
        func strings(at index: Int) -> [String] {
            withChild(value, index) { array in
                (0..<Int(g_variant_n_children(array))).map { item in
                    withChild(array, item) { String(cString: g_variant_get_string($0, nil)) }
                }
            }
        }

        private func withChild<T>(_ parent: OpaquePointer, _ index: Int, _ body: (OpaquePointer) -> T) -> T {
            let child = g_variant_get_child_value(parent, gsize(index))!
            defer { g_variant_unref(child) }
            return body(child)
        }
    }

    /// A new floating GVariant for `value` (sunk by the call that takes it).
    private static func make(_ value: DBusValue) -> OpaquePointer {
        switch value {
        case .string(let text): return g_variant_new_string(text)
        case .uint32(let number): return g_variant_new_uint32(number)
        case .int32(let number): return g_variant_new_int32(number)
        case .byte(let number): return g_variant_new_byte(number)
        case .boolean(let flag): return g_variant_new_boolean(flag ? 1 : 0)
        case .variant(let inner): return g_variant_new_variant(make(inner))
        case .array(let element, let items): return array(of: element, items.map(make))
        case .vardict(let entries):
            return array(of: "{sv}", entries.map { entry in
                g_variant_new_dict_entry(g_variant_new_string(entry.key), g_variant_new_variant(make(entry.value)))
            })
        case .tuple(let items):
            let children: [OpaquePointer?] = items.map(make)
            return children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        }
    }

    private static func array(of element: String, _ children: [OpaquePointer?]) -> OpaquePointer {
        children.withUnsafeBufferPointer { buffer in
            g_variant_new_array(g_variant_type_checked_(element), buffer.baseAddress, gsize(buffer.count))
        }
    }
}
