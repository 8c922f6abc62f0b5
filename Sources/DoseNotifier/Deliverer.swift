import DoseCore
import DoseSystem

/// Builds and shows one day's notification, and opens the advertised dose on a click.
///
/// Shared by the scheduler (which performs `SchedulerMachine`'s `send` and `openPage` effects with it)
/// and `dose-notify fire`. The notification server and the page are seams (`NotificationServer`,
/// `DosePageShowing`); the snapshot and config are read from their files when a send or a click
/// happens. Lives on the GLib main loop's thread.
final class Deliverer {
    private let paths: DosePaths
    private let server: any NotificationServer
    private let pages: any DosePageShowing
    /// Called when a shown notification is clicked, with its item's id: by default, `open`.
    var onClick: ((_ itemID: String, _ activationToken: String?) -> Void)?
    /// Called when a notification leaves the screen, with how many are left.
    var onClosed: ((Int) -> Void)?

    init(paths: DosePaths, server: any NotificationServer = LibNotifyServer(), pages: (any DosePageShowing)? = nil) {
        self.paths = paths
        self.server = server
        self.pages = pages ?? DosePageLauncher(paths: paths)
    }

    /// Resolves the item for `day` (or takes `itemID`) from the snapshot as it is now, and shows it.
    ///
    /// Returns the id shown. The copy is built from a Teaser, which cannot see a question's answer;
    /// on a server without actions the body ends with the item's short code, never its id.
    @discardableResult
    func deliver(day: CivilDate, itemID: String? = nil) throws(NotificationError) -> String {
        // No server first: a retry helps there, and a missing snapshot should not hide a missing server.
        if let problem = server.unavailability() { throw .serverUnavailable(problem) }
        guard let capabilities = server.capabilities() else {
            throw .serverUnavailable("nothing owns org.freedesktop.Notifications on the session bus")
        }
        // The one snapshot reader: the lean index, then only the item shown decoded (and validated) in full.
        let found: Item?
        do throws(CommandError) {
            let snapshot = try SnapshotReader.read(SnapshotFile(path: paths.snapshot))
            if let itemID {
                found = try snapshot.item(id: itemID)
            } else {
                found = try snapshot.dose(on: day, branch: loadConfigLogging(paths).branch)
            }
        } catch {
            throw .noContent(error.message)
        }
        guard let item = found else {
            if let itemID { throw .noContent("no item with id \(JSONWriter.quoted(itemID)) in the snapshot") }
            throw .noContent("no dose for \(day): the snapshot's pool has nothing for this branch")
        }

        let hasActions = capabilities.contains("actions")
        let copy = CopyBuilder.copy(
            for: Teaser(item), markup: capabilities.contains("body-markup"),
            openHint: hasActions ? nil : NotificationPreview.openHint(forID: item.id))
        let id = item.id
        try server.show(
            copy, actions: hasActions,
            onClick: { [weak self] token in
                guard let self else { return }
                if let onClick { onClick(id, token) } else { open(itemID: id, activationToken: token) }
            },
            onClosed: { [weak self] remaining in self?.onClosed?(remaining) })
        return id
    }

    /// Opens the dose a notification advertised: looked up by id in the unfiltered pool, never re-resolved.
    ///
    /// An id no longer in the pool opens the honest "no longer available" page. The log lines name no
    /// id: which dose was opened is not recorded anywhere.
    func open(itemID: String, activationToken: String?) {
        let item: Item?
        do {
            item = try SnapshotReader.read(SnapshotFile(path: paths.snapshot)).item(id: itemID)
        } catch {
            Log.error("cannot read the snapshot to open the dose clicked: \(error)")
            item = nil
        }
        if item == nil { Log.notice("the dose clicked is no longer in the pool; opening a notice") }
        do {
            try pages.show(item: item, requestedID: itemID, activationToken: activationToken)
        } catch {
            Log.error("cannot open the dose clicked: \(error)")
        }
    }
}
