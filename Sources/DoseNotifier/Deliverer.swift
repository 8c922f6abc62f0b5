import DoseCore
import DoseSystem

/// Builds and shows one day's notification, and opens the advertised dose on a click.
///
/// Shared by the scheduler and `dose-notify fire`. Lives on the GLib main loop's thread.
final class Deliverer {
    private let paths: DosePaths
    /// Notifications still on screen, kept alive so their clicks are heard.
    private var live: [ShownNotification.Identifier: ShownNotification] = [:]
    /// Called when a notification leaves the screen, with how many are left.
    var onClosed: ((Int) -> Void)?
    /// Called after a click was handled.
    var onClicked: (() -> Void)?

    init(paths: DosePaths) {
        self.paths = paths
    }

    /// Resolves the item for `day` (or takes `itemID`) from the snapshot as it is now, and shows it.
    ///
    /// Returns the id shown. The copy is built from a Teaser, which cannot see a question's answer.
    @discardableResult
    func deliver(day: CivilDate, itemID: String? = nil) throws(NotificationError) -> String {
        guard LibNotify.initialize() else { throw .serverUnavailable("libnotify could not start") }
        if let problem = SessionBus.problem() { throw .serverUnavailable("no D-Bus session bus: \(problem)") }
        guard let capabilities = LibNotify.serverCapabilities() else {
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
        let notification = ShownNotification(
            copy: copy, day: day, actions: hasActions,
            onClick: { [weak self] id, token in self?.open(itemID: id, activationToken: token) },
            onClosed: { [weak self] identifier in self?.closed(identifier) })
        try notification.show()
        live[notification.identifier] = notification
        return item.id
    }

    /// Opens the dose a notification advertised: looked up by id in the unfiltered pool, never re-resolved.
    func open(itemID: String, activationToken: String?) {
        let item: Item?
        do {
            item = try SnapshotReader.read(SnapshotFile(path: paths.snapshot)).item(id: itemID)
        } catch {
            Log.error("cannot read the snapshot to open \(itemID): \(error)")
            item = nil
        }
        if item == nil { Log.notice("dose \(JSONWriter.quoted(itemID)) is no longer in the pool; opening a notice") }
        let opener = PageOpener(directory: paths.pageDirectory)
        do {
            let path = try opener.write(item: item, requestedID: itemID)
            try opener.open(path: path, activationToken: activationToken)
        } catch {
            Log.error("cannot open the dose \(JSONWriter.quoted(itemID)): \(error)")
        }
        onClicked?()
    }

    private func closed(_ identifier: ShownNotification.Identifier) {
        // Dropping the last reference here would free the GObject inside its own signal emission.
        if let notification = live.removeValue(forKey: identifier) {
            deferRelease(notification)
        }
        onClosed?(live.count)
    }

    private var releasing: [ShownNotification] = []

    private func deferRelease(_ notification: ShownNotification) {
        releasing.append(notification)
        idle { [weak self] in self?.releasing.removeAll() }
    }
}
