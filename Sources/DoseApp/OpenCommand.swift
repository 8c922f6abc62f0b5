import DoseCore
import DoseSystem

/// `dose open [ID|CODE] [--print-path] [--no-launch]`: renders the dose screen and opens it.
///
/// The id (or a notification hint's short code) is searched in the unfiltered pool; one the pool does
/// not hold is exit 66 as for `dose show`, and no page is written. (A click on a notification for an
/// id retired since is the scheduler's path: it opens an honest page, never another dose.)
/// Without an id (the menu entry) it opens today's dose for the configured branch.
struct OpenCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let printPath = arguments.flag(.printPath)
        let noLaunch = arguments.flag(.noLaunch)
        let requested = arguments.optionalPositional()
        try arguments.finish()
        let item: Item
        let store = try openStore(context.paths)
        let mirror = SnapshotMirror(context: context, store: store)
        if let requested {
            // One row by its primary key, from a store whose snapshot is made sure to match it.
            mirror.refreshIfStale()
            guard let found = try ItemReference(text: requested).find(store: store, mirror: mirror) else {
                throw CommandError(
                    "no dose with id or code \(JSONWriter.quoted(requested)): it may have been retired from the pool",
                    exitCode: .noInput)
            }
            item = found
        } else {
            // Today's dose as the scheduler reads it (`dose today` does the same).
            let branch = try context.loadConfig().branch
            guard let today = try mirror.currentReader()?.dose(on: context.today, branch: branch) else {
                throw CommandError("no dose today: \(PoolView.emptyPoolHint)", exitCode: .failure)
            }
            item = today
        }
        let opener = PageOpener(paths: context.paths)
        let path: String
        do { path = try opener.write(item: item, requestedID: item.id) } catch {
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
