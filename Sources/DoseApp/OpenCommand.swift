import DoseCore
import DoseSystem

/// `dose open [ID|CODE] [--print-path] [--no-launch]`: renders the dose screen and opens it.
///
/// The id (or a notification hint's short code) is searched in the unfiltered pool; an id retired since opens an honest message, never another dose.
/// Without an id (the menu entry) it opens today's dose for the configured branch.
struct OpenCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let printPath = arguments.flag(.printPath)
        let noLaunch = arguments.flag(.noLaunch)
        let requested = arguments.optionalPositional()
        try arguments.finish()
        let id: String
        let item: Item?
        let store = try openStore(context.paths)
        let mirror = SnapshotMirror(context: context, store: store)
        if let requested {
            // One row by its primary key, from a store whose snapshot is made sure to match it.
            mirror.refreshIfStale()
            item = try ItemReference(text: requested).find(store: store, mirror: mirror)
            id = item?.id ?? requested
        } else {
            // Today's dose as the scheduler reads it (`dose today` does the same).
            let branch = try context.loadConfig().branch
            guard let today = try mirror.currentReader()?.dose(on: context.today, branch: branch) else {
                throw CommandError("no dose today: import a pack with `dose import PACK`", exitCode: .failure)
            }
            id = today.id
            item = today
        }
        let opener = PageOpener(paths: context.paths)
        let path: String
        do { path = try opener.write(item: item, requestedID: id) } catch {
            throw CommandError(error.description, exitCode: .cannotCreate)
        }
        if printPath { Console.print(path) }
        if noLaunch { return }
        do {
            try opener.open(path: path, activationToken: Environment.value("XDG_ACTIVATION_TOKEN"))
        } catch {
            throw CommandError("\(error); the page is at \(path)", exitCode: .unavailable)
        }
    }
}
