/// A D-Bus value as the scheduler builds one, before `SessionBus` turns it into a GVariant.
///
/// Plain data, so the wire format of a call (org.gtk.Notifications' `AddNotification`, the
/// Application interface's `ActivateAction`) is tested without a bus (`DBusCallTests`).
indirect enum DBusValue: Equatable, Sendable {
    case string(String)
    case uint32(UInt32)
    case int32(Int32)
    case byte(UInt8)
    case boolean(Bool)
    /// A value boxed in a variant (`v`).
    case variant(DBusValue)
    /// An array of `element` (a D-Bus type string, needed when the array is empty).
    case array(element: String, [DBusValue])
    /// An `a{sv}` dictionary, in the order given.
    case vardict([Entry])
    case tuple([DBusValue])

    /// One `{sv}` entry of a `vardict`.
    struct Entry: Equatable, Sendable {
        var key: String
        var value: DBusValue

        init(_ key: String, _ value: DBusValue) {
            self.key = key
            self.value = value
        }
    }

    /// The D-Bus type string.
    var signature: String {
        switch self {
        case .string: return "s"
        case .uint32: return "u"
        case .int32: return "i"
        case .byte: return "y"
        case .boolean: return "b"
        case .variant: return "v"
        case .array(let element, _): return "a" + element
        case .vardict: return "a{sv}"
        case .tuple(let items): return "(" + items.map(\.signature).joined() + ")"
        }
    }

    /// The value of `key` in a `vardict`, if any.
    subscript(key: String) -> DBusValue? {
        guard case .vardict(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}
