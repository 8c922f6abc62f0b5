import DoseCore
import DoseStore
import DoseSystem

/// `dose import PACK`: validates everything first, then replaces the pool in one transaction.
struct ImportCommand {
    static let usage = "dose import PACK"
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let path = try arguments.positional("PACK")
        try arguments.finish()
        let bytes = try readPackFile(path)
        try PlanningPass(context: context).run { store throws(CommandError) in
            let items = try validatedItems(bytes, origin: path)
            do {
                try store.replacePool(with: items, meta: ["imported-from": path, "imported-at": String(context.now)])
            } catch {
                throw CommandError("could not store the pool: \(error)", exitCode: .ioError)
            }
            Console.print("Imported \(poolSummary(items)).")
        }
    }
}
