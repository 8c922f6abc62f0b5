/// List punctuation, shared by the snapshot decoder.
extension JSONScanner {
    /// After a member or element: true on `,` (another follows), false on `close`.
    mutating func separator(close: UInt8) throws(JSONError) -> Bool {
        if consume(UInt8(ascii: ",")) { return true }
        try expect(close, "',' or '\(Character(Unicode.Scalar(close)))'")
        return false
    }
}
