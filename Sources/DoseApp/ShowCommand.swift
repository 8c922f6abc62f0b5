import DoseCore
import DoseSystem

/// `dose show ID [--json]`: any dose by id, searched in the unfiltered pool.
struct ShowCommand {
    static let usage = "dose show ID [--json]"
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let json = arguments.flag("--json")
        let id = try arguments.positional("ID")
        try arguments.finish()
        let found: Item?
        do { found = try openStore(context.paths).item(id: id) } catch let error as CommandError { throw error } catch {
            throw CommandError("cannot read the store: \(error)", exitCode: .ioError)
        }
        guard let item = found else {
            throw CommandError(
                "no dose with id \(JSONWriter.quoted(id)): it may have been retired from the pool", exitCode: .noInput)
        }
        print(json ? DosePrinter.json(item, date: nil) : DosePrinter.text(item, date: nil))
    }
}
