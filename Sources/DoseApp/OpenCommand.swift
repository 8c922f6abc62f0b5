import DoseCore
import DoseSystem

/// `dose open [ID] [--print-path] [--no-launch]`: renders the dose screen and opens it.
///
/// The id is searched in the unfiltered pool; an id retired since opens an honest message, never another dose.
/// Without an id (the menu entry) it opens today's dose for the configured branch.
struct OpenCommand {
    static let usage = "dose open [ID] [--print-path] [--no-launch]"
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let printPath = arguments.flag("--print-path")
        let noLaunch = arguments.flag("--no-launch")
        let requested = arguments.optionalPositional()
        try arguments.finish()
        let id: String
        let item: Item?
        do {
            let store = try openStore(context.paths)
            if let requested {
                id = requested
                item = try store.item(id: requested)
            } else {
                let branch = try context.loadConfig().branch
                guard let today = Resolver.resolve(pool: try store.loadPool(), branch: branch, date: context.today) else {
                    throw CommandError("no dose today: import a pack with `dose import PACK`", exitCode: .failure)
                }
                id = today.id
                item = today
            }
        } catch let error as CommandError { throw error } catch {
            throw CommandError("cannot read the store: \(error)", exitCode: .ioError)
        }
        let opener = PageOpener(directory: context.paths.pageDirectory)
        let path: String
        do { path = try opener.write(item: item, requestedID: id) } catch {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        if printPath { print(path) }
        if noLaunch { return }
        do {
            try opener.open(path: path, activationToken: Environment.value("XDG_ACTIVATION_TOKEN"))
        } catch {
            throw CommandError("\(error); the page is at \(path)", exitCode: .unavailable)
        }
    }
}
