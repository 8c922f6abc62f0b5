import DoseCore

/// Reading options by their declarations, so a command never spells an option's name again.
extension Arguments {
    /// Removes the flag (long or short spelling) if present and reports whether it was.
    public mutating func flag(_ option: OptionSpec) -> Bool {
        guard let short = option.short else { return flag(option.name) }
        return flag(option.name, short)
    }

    /// Removes the option and its value and returns the value.
    public mutating func option(_ option: OptionSpec) throws(CommandError) -> String? {
        try self.option(option.name)
    }

    /// A `YYYY-MM-DD` option's value, checked.
    public mutating func date(_ option: OptionSpec) throws(CommandError) -> CivilDate? {
        guard let text = try self.option(option) else { return nil }
        guard let date = CivilDate(iso: text) else { throw .usage(tr("{text} is not a date as YYYY-MM-DD", ["text": text])) }
        return date
    }

    /// A day count's value (1 to 100,000), checked.
    public mutating func dayCount(_ option: OptionSpec) throws(CommandError) -> Int? {
        guard let text = try self.option(option) else { return nil }
        guard let value = Int(text), (1...100_000).contains(value) else {
            throw .usage(tr("{option} takes a whole number from 1 to 100000, not {text}", ["option": option.name, "text": text]))
        }
        return value
    }
}
