/// 64-bit FNV-1a: a stable, fast fingerprint for change detection and file names, not a cryptographic hash.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// The 16-hex-digit fingerprint of a string's UTF-8 bytes.
    public static func hex(_ text: String) -> String {
        var hash = FNV1a()
        hash.add(bytes: text.utf8)
        return hash.hex
    }

    /// The value as 16 lower-case hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public mutating func add(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// Adds a word as eight little-endian bytes.
    public mutating func add(word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }

    /// Adds a tagged, length-prefixed field, so no two inputs collide by shifting bytes between fields.
    public mutating func add(field: UInt8, _ text: String?) {
        add(byte: field)
        guard let text else {
            add(byte: 0xFF)  // absent differs from empty
            return
        }
        add(byte: 0)
        add(word: UInt64(text.utf8.count))
        add(bytes: text.utf8)
    }

    /// Adds every byte in order; contiguous storage (every native string) in a tight loop.
    public mutating func add(bytes: String.UTF8View) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            var hash = value
            for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            value = hash
        }
        if done == nil {
            for byte in bytes { add(byte: byte) }
        }
    }
}
