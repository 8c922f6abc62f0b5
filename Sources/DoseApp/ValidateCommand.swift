import DoseCore
import DoseSystem

/// `dose validate PACK`: checks a pack for an admin without touching the store.
struct ValidateCommand {
    static let usage = "dose validate PACK"

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let path = try arguments.positional("PACK")
        try arguments.finish()
        let items = try validatedItems(try readPackFile(path), origin: path)
        Console.print("\(path): valid, \(poolSummary(items))")
    }
}
