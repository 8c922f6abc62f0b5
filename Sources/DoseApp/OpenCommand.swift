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
        let pool = try ReadOnlyPool(context)
        if let requested {
            // One row by its primary key, from a store whose snapshot is made sure to match it.
            guard let found = try pool.item(named: requested) else {
                throw CommandError(
                    try pool.isPoolEmpty()
                        ? tr("no dose with id or code {id}: the pool is empty; {hint}", ["id": JSONWriter.quoted(requested), "hint": EmptyPool.hint])
                        : tr("no dose with id or code {id}: it may have been retired from the pool", ["id": JSONWriter.quoted(requested)]),
                    exitCode: .noInput)
            }
            item = found
        } else {
            // Today's dose as the scheduler reads it (`dose today` does the same).
            let audience = try context.loadConfig().audience
            guard let today = try pool.currentReader()?.dose(on: context.today, audience: audience) else {
                if try pool.isPoolEmpty() { throw CommandError(tr("no dose today: the pool is empty; {hint}", ["hint": EmptyPool.hint]), exitCode: .failure) }
                throw CommandError(tr("no dose today: the pool has no items for branch {branch}", ["branch": audience.description]), exitCode: .failure)
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
            throw CommandError(tr("{error}; the page is at {path}", ["error": error, "path": path]), exitCode: .unavailable)
        }
    }
}
