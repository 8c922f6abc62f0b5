/// Turning values back into JSON text.
extension JSONValue {
    /// The value as JSON text; `pretty` indents by two spaces, one member per line.
    public func serialized(pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self)
        return writer.text
    }
}
