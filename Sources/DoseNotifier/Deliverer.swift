import DoseCore
import DoseSystem
import GLibGlue

/// Builds and shows one day's notification, and opens the advertised dose on a click.
///
/// Shared by the scheduler (which performs `SchedulerMachine`'s `send`, `reshow` and `openDose`
/// effects with it) and `dose-notify fire`. The servers, the app and the page are seams
/// (`NotificationServer`, `ShellNotifications`, `DesktopAppLink`, `DosePageShowing`); the snapshot
/// and config are read from their files when a send or a click happens. Lives on the GLib main loop's thread.
final class Deliverer {
    private let paths: DosePaths
    private let server: any NotificationServer
    private let shell: any ShellNotifications
    private let app: any DesktopAppLink
    private let pages: any DosePageShowing
    private let hasDisplay: () -> Bool
    /// The moment of a send and the zone then, for the flashcards due (the scheduler's edge reads them).
    private let clock: () -> (now: Int64, zone: any ZoneRules)
    /// Called when a shown notification is clicked, with its item's id: by default, `open`.
    var onClick: ((_ itemID: String, _ activationToken: String?) -> Void)?
    /// Called when the notification shown last leaves the screen, with the server's id for it.
    var onClosed: ((_ serverID: UInt32) -> Void)?

    init(
        paths: DosePaths, server: any NotificationServer = FreedesktopNotifications(),
        shell: any ShellNotifications = SessionBusShellNotifications(), app: any DesktopAppLink = SessionBusAppLink(),
        pages: (any DosePageShowing)? = nil, hasDisplay: @escaping () -> Bool = { ClickRoute.hasDisplay() },
        clock: @escaping () -> (now: Int64, zone: any ZoneRules) = { (WallClock.now(), SystemZone.current()) }
    ) {
        self.paths = paths
        self.server = server
        self.shell = shell
        self.app = app
        self.pages = pages ?? DosePageLauncher(paths: paths)
        self.hasDisplay = hasDisplay
        self.clock = clock
    }

    /// Resolves the item for `day` (or takes `itemID`) from the snapshot as it is now, and shows it,
    /// in place of the server's notification `replacing` when given.
    ///
    /// Where GNOME Shell is the server (org.gtk.Notifications), the notification goes there for the
    /// app, whose `open-dose` action a click activates; else (or when the Shell refuses it) to the
    /// freedesktop server. The copy is built from a Teaser, which cannot see a question's answer; on
    /// a server without actions the body ends with the item's short code, never its id.
    @discardableResult
    func deliver(day: CivilDate, itemID: String? = nil, replacing: UInt32? = nil) throws(NotificationError) -> Delivery {
        // No server first: a retry helps there, and a missing snapshot should not hide a missing server.
        if let problem = server.unavailability() { throw .serverUnavailable(problem) }
        let viaShell = shell.isAvailable()
        let capabilities = server.capabilities()
        guard viaShell || capabilities != nil else {
            throw .serverUnavailable(tr("nothing owns org.freedesktop.Notifications on the session bus"))
        }
        let item = try resolve(day: day, itemID: itemID)
        let dueLine = dueLine()

        if viaShell {
            let copy = CopyBuilder.copy(for: Teaser(item), markup: false, dueLine: dueLine, openHint: nil, words: .translated)
            do throws(GLibError) {
                try shell.add(copy)
                return Delivery(itemID: item.id, serverID: nil)
            } catch {
                guard capabilities != nil else {
                    throw .serverUnavailable(tr("GNOME Shell refused the notification: {reason}", ["reason": error.message]))
                }
                Log.warning(tr(
                    "GNOME Shell refused the notification ({reason}); sending it to org.freedesktop.Notifications",
                    ["reason": error.message]))
            }
        }
        let capabilitySet = capabilities ?? []
        let hasActions = capabilitySet.contains("actions")
        let copy = CopyBuilder.copy(
            for: Teaser(item), markup: capabilitySet.contains("body-markup"), dueLine: dueLine,
            openHint: hasActions ? nil : NotificationPreview.openHint(forID: item.id), words: .translated)
        let id = item.id
        let serverID = try server.show(
            copy, actions: hasActions, replacing: replacing,
            onClick: { [weak self] token in
                guard let self else { return }
                if let onClick { onClick(id, token) } else { open(itemID: id, activationToken: token) }
            },
            onClosed: { [weak self] serverID in self?.onClosed?(serverID) })
        return Delivery(itemID: id, serverID: serverID)
    }

    /// The line of flashcards due now, from the due summary `dose` mirrors (nil when none are due, or there is
    /// no usable summary: a notification never fails for it, and the problem is a warning in the log).
    private func dueLine() -> String? {
        guard let summary = DueSummaryFile(path: paths.dueSummary).read(storePath: paths.database) else { return nil }
        let (now, zone) = clock()
        return summary.count(at: now, zone: zone).line
    }

    /// The item for `day`'s notification, or `itemID`'s, read from the snapshot as it is now.
    private func resolve(day: CivilDate, itemID: String?) throws(NotificationError) -> Item {
        // The one snapshot reader: the lean index, then only the item shown decoded (and validated) in full.
        let found: Item?
        do throws(CommandError) {
            let snapshot = try SnapshotReader.read(SnapshotFile(path: paths.snapshot))
            if let itemID {
                found = try snapshot.item(id: itemID)
            } else {
                found = try snapshot.dose(on: day, audience: loadConfigLogging(paths).audience)
            }
        } catch {
            throw .noContent(error.message)
        }
        guard let item = found else {
            if let itemID { throw .noContent(tr("no item with id {id} in the snapshot", ["id": JSONWriter.quoted(itemID)])) }
            throw .noContent(tr("no dose for {date}: the snapshot's pool has nothing for this branch", ["date": day]))
        }
        return item
    }

    /// Takes the notification shown last off the screen, once its click is handled.
    func closeShown() {
        server.closeShown()
    }

    /// Opens the dose a notification advertised: the app's `open-dose` with the id when there is a
    /// display and the app takes it; else (no display, the app not there, failing or silent past the
    /// link's timeout: `AppHandOff`) the dose page, looked up by id in the unfiltered pool, never re-resolved.
    ///
    /// Returns at once: the app's answer is a later event of the loop, so the caller's click handling
    /// (closing the notification, the record) never waits for the app. `done` runs once the click is
    /// settled, the app having answered or the page being opened. An id no longer in the pool opens the
    /// honest "no longer available" page. The log lines name no id: which dose was opened is not
    /// recorded anywhere.
    func open(itemID: String, activationToken: String?, done: @escaping () -> Void = {}) {
        guard ClickRoute.choose(hasDisplay: hasDisplay()) == .app else {
            showPage(itemID: itemID, activationToken: activationToken)
            done()
            return
        }
        app.openDose(itemID: itemID, activationToken: activationToken) { [self] reply in
            let handOff = AppHandOff(reply: reply)
            Log.write(handOff.priority, handOff.logLine)
            if case .page = handOff { showPage(itemID: itemID, activationToken: activationToken) }
            done()
        }
    }

    /// Writes and opens the page for `itemID` as the snapshot has it now (the retired page when it has not).
    private func showPage(itemID: String, activationToken: String?) {
        let item: Item?
        do {
            item = try SnapshotReader.read(SnapshotFile(path: paths.snapshot)).item(id: itemID)
        } catch {
            Log.error(tr("cannot read the snapshot to open the dose clicked: {reason}", ["reason": error]))
            item = nil
        }
        if item == nil { Log.notice(tr("the dose clicked is no longer in the pool; opening a notice")) }
        do {
            try pages.show(item: item, requestedID: itemID, activationToken: activationToken)
        } catch {
            Log.error(tr("cannot open the dose clicked: {reason}", ["reason": "\(error)"]))
        }
    }
}
