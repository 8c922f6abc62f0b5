/// List punctuation, shared by the snapshot decoder.
extension JSONScanner {
    /// After a member or element: true on `,` (another follows), false on `close`.
    mutating func separator(close: UInt8) throws(JSONError) -> Bool {
        if consume(UInt8(ascii: ",")) { return true }
        if position < bytes.count && bytes[position] == close {
            position += 1
            return false
        }
        // The message is built only on failure: interpolating it for every object was a tenth of a snapshot read.
        throw unexpected("',' or '\(Character(Unicode.Scalar(close)))'")
    }
}
