/// List punctuation, shared by the snapshot decoder.
extension JSONScanner {
    /// After a member or element: true on `,` (another follows), false on `close`.
    @inline(__always)
    mutating func separator(close: UInt8) throws(JSONError) -> Bool {
        // The encoder writes no whitespace before punctuation: decide on the next byte when it can.
        if position < bytes.count {
            let next = bytes[position]
            if next == UInt8(ascii: ",") || next == close {
                position += 1
                return next == UInt8(ascii: ",")
            }
        }
        if consume(UInt8(ascii: ",")) { return true }
        if position < bytes.count && bytes[position] == close {
            position += 1
            return false
        }
        // The message is built only on failure: interpolating it for every object was a tenth of a snapshot read.
        throw unexpected("',' or '\(Character(Unicode.Scalar(close)))'")
    }
}
