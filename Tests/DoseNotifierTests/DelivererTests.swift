import CGLib
import DoseCore
import DoseSystem
import DoseTestSupport
import Foundation
import GLibGlue
import Testing

@testable import DoseNotifier

/// A scripted notification server: what it answers, and what it was asked to show.
final class ScriptedServer: NotificationServer {
    struct Shown {
        var copy: NotificationCopy
        var actions: Bool
        var replacing: UInt32?
        var click: (String?) -> Void
        var closed: (UInt32) -> Void
    }
    var problem: String?
    var caps: Set<String>? = ["actions", "body", "body-markup"]
    var showError: NotificationError?
    var nextID: UInt32 = 30
    private(set) var shown: [Shown] = []
    private(set) var closeRequests = 0

    func unavailability() -> String? { problem }
    func capabilities() -> Set<String>? { caps }
    func show(
        _ copy: NotificationCopy, actions: Bool, replacing: UInt32?,
        onClick: @escaping (String?) -> Void, onClosed: @escaping (UInt32) -> Void
    ) throws(NotificationError) -> UInt32 {
        if let showError { throw showError }
        shown.append(Shown(copy: copy, actions: actions, replacing: replacing, click: onClick, closed: onClosed))
        // A server keeps the id it is asked to replace, else gives a new one.
        if let replacing { return replacing }
        nextID += 1
        return nextID
    }
    func closeShown() { closeRequests += 1 }
}

/// A scripted GNOME Shell (org.gtk.Notifications): absent unless told, refusing when given an error.
final class ScriptedShell: ShellNotifications {
    var available = false
    var refusal: GLibError?
    private(set) var added: [NotificationCopy] = []
    func isAvailable() -> Bool { available }
    func add(_ copy: NotificationCopy) throws(GLibError) {
        if let refusal { throw refusal }
        added.append(copy)
    }
}

/// A scripted desktop app: what it was asked to open, and its answer, at once or held until `answer`.
final class ScriptedApp: DesktopAppLink {
    /// The answer to each hand-off; nil holds it (a slow or hung app) until `answer(_:)`.
    var reply: Result<Void, GLibError>? = .success(())
    private(set) var opened: [(id: String, token: String?)] = []
    private var held: [(Result<Void, GLibError>) -> Void] = []
    var pending: Int { held.count }
    func openDose(itemID: String, activationToken: String?, completion: @escaping (Result<Void, GLibError>) -> Void) {
        opened.append((itemID, activationToken))
        if let reply { completion(reply) } else { held.append(completion) }
    }
    /// Answers the oldest held hand-off.
    func answer(_ reply: Result<Void, GLibError>) {
        held.removeFirst()(reply)
    }
}

/// A GLib error as the bus would report it (`G_DBUS_ERROR` or `G_IO_ERROR`).
func busError(_ code: GDBusError, _ message: String = "from the bus") -> GLibError {
    GLibError(operation: "call ActivateAction", message: message, code: Int32(code.rawValue), domain: g_dbus_error_quark())
}

func ioError(_ code: GIOErrorEnum, _ message: String = "Timeout was reached") -> GLibError {
    GLibError(operation: "call ActivateAction", message: message, code: Int32(code.rawValue), domain: g_io_error_quark())
}

/// Records the pages it was asked to show instead of writing and launching them.
final class RecordedPages: DosePageShowing {
    private(set) var shown: [(item: Item?, requestedID: String, token: String?)] = []
    func show(item: Item?, requestedID: String, activationToken: String?) throws {
        shown.append((item, requestedID, activationToken))
    }
}

/// A deliverer on scripted seams (never the real bus): no Shell, no app, no display unless given.
func makeDeliverer(
    _ paths: DosePaths, server: ScriptedServer, pages: RecordedPages = RecordedPages(), shell: ScriptedShell = ScriptedShell(),
    app: ScriptedApp = ScriptedApp(), display: Bool = false
) -> Deliverer {
    Deliverer(paths: paths, server: server, shell: shell, app: app, pages: pages, hasDisplay: { display })
}

/// The deliverer's branches (the send's and the click's), with a scripted server and a real snapshot file.
@Suite(.timeLimit(.minutes(5)), .watched) struct DelivererTests {
    static let pool = [
        Item(id: "q-weber-unit", kind: .question, text: "What is the unit of magnetic flux?", answer: "the weber",
             explanation: "one weber is one volt-second"),
        Item(id: "f-ohm", kind: .fact, tags: [BranchCode(exactly: "EE")!], title: "Ohm", text: "V = IR"),
        Item(id: "m-euler", kind: .formula, text: "e^{i\\pi} + 1 = 0"),
    ]

    /// A temporary XDG home with the pool's snapshot and an optional config.
    final class Home {
        let root: URL
        let paths: DosePaths
        init(pool: [Item]? = DelivererTests.pool, config: String? = nil) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("deliverer-\(UUID().uuidString)")
            paths = DosePaths(
                dataHome: root.path + "/data", configHome: root.path + "/config", stateHome: root.path + "/state",
                cacheHome: root.path + "/cache", runtimeDirectory: root.path + "/runtime")
            try FileManager.default.createDirectory(atPath: paths.stateDirectory, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
            if let pool {
                try Data(Snapshot(generatedAt: 1, items: pool).encoded()).write(to: URL(fileURLWithPath: paths.snapshot))
            }
            if let config { try config.write(toFile: paths.configFile, atomically: true, encoding: .utf8) }
        }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// The day the resolver gives `id` (for everyone), searched from 2026-01-01.
    static func day(of id: String) throws -> CivilDate {
        let start = try #require(CivilDate(iso: "2026-01-01"))
        for offset in 0..<60 {
            let date = start.adding(days: offset)
            if Resolver.resolve(pool: pool, audience: .everyone, date: date)?.id == id { return date }
        }
        throw CancellationError()
    }

    static func error(_ body: () throws(NotificationError) -> Void) -> NotificationError? {
        do { try body() } catch { return error }
        return nil
    }

    @Test func showsTheDaysDoseWithActionsAndNoHint() throws {
        let home = try Home()
        let server = ScriptedServer()
        let deliverer = makeDeliverer(home.paths, server: server)
        let day = try Self.day(of: "q-weber-unit")
        #expect(try deliverer.deliver(day: day) == Delivery(itemID: "q-weber-unit", serverID: 31))
        let shown = try #require(server.shown.first)
        #expect(shown.actions)
        #expect(shown.copy.summary == "Question of the day")
        #expect(shown.copy.body == "What is the unit of magnetic flux?")
        #expect(!shown.copy.body.contains("weber") && !shown.copy.summary.contains("weber"))
    }

    /// Without actions the body ends with the short code, never the id's words.
    @Test func withoutActionsTheHintIsTheShortCode() throws {
        let home = try Home()
        let server = ScriptedServer()
        server.caps = ["body"]
        let deliverer = makeDeliverer(home.paths, server: server)
        try deliverer.deliver(day: try Self.day(of: "q-weber-unit"))
        let shown = try #require(server.shown.first)
        #expect(!shown.actions)
        #expect(shown.copy.body == "What is the unit of magnetic flux?\nOpen it with: dose show \(ShortCode.code(forID: "q-weber-unit"))")
        #expect(!shown.copy.body.contains("weber"))
    }

    @Test func noServerIsAFailureWorthRetrying() throws {
        let home = try Home()
        let server = ScriptedServer()
        server.problem = "no D-Bus session bus: Cannot autolaunch"
        let deliverer = makeDeliverer(home.paths, server: server)
        let day = try Self.day(of: "f-ohm")
        #expect(Self.error { () throws(NotificationError) in try deliverer.deliver(day: day) }
            == .serverUnavailable("no D-Bus session bus: Cannot autolaunch"))
        server.problem = nil
        server.caps = nil
        #expect(Self.error { () throws(NotificationError) in try deliverer.deliver(day: day) }
            == .serverUnavailable("nothing owns org.freedesktop.Notifications on the session bus"))
        #expect(server.shown.isEmpty)
    }

    /// No server is reported before no content: a retry helps the one, and the snapshot is not even read.
    @Test func noServerComesBeforeNoContent() throws {
        let home = try Home(pool: nil)
        let server = ScriptedServer()
        server.caps = nil
        let deliverer = makeDeliverer(home.paths, server: server)
        let day = try #require(CivilDate(iso: "2026-11-29"))
        guard case .serverUnavailable = Self.error({ () throws(NotificationError) in try deliverer.deliver(day: day) }) else {
            Issue.record("expected serverUnavailable")
            return
        }
    }

    @Test func noSnapshotOrNoDoseForTheBranchIsNoContent() throws {
        let day = try #require(CivilDate(iso: "2026-11-29"))
        let missing = try Home(pool: nil)
        let server = ScriptedServer()
        guard case .noContent(let message) = Self.error({ () throws(NotificationError) in
            try makeDeliverer(missing.paths, server: server).deliver(day: day)
        }) else {
            Issue.record("a missing snapshot is not noContent")
            return
        }
        #expect(message.contains("snapshot"))
        // Every item is for EE: a CS student has nothing.
        let home = try Home(pool: [Self.pool[1]], config: "[dose]\nbranch=CS\n")
        #expect(Self.error { () throws(NotificationError) in
            try makeDeliverer(home.paths, server: server).deliver(day: day)
        } == .noContent("no dose for 2026-11-29: the snapshot's pool has nothing for this branch"))
        #expect(server.shown.isEmpty)
    }

    @Test func aSendTheServerDidNotConfirmIsReportedAsSuch() throws {
        let home = try Home()
        let server = ScriptedServer()
        server.showError = .unconfirmed("Timeout was reached")
        let deliverer = makeDeliverer(home.paths, server: server)
        #expect(Self.error { () throws(NotificationError) in try deliverer.deliver(day: try! Self.day(of: "f-ohm")) }
            == .unconfirmed("Timeout was reached"))
    }

    /// A click carries the advertised id to the owner (the scheduler's machine), or opens it by default.
    @Test func aClickOpensTheAdvertisedDose() throws {
        let home = try Home()
        let server = ScriptedServer()
        let pages = RecordedPages()
        let deliverer = makeDeliverer(home.paths, server: server, pages: pages)
        try deliverer.deliver(day: try Self.day(of: "m-euler"))
        try #require(server.shown.count == 1)
        server.shown[0].click("token-1")
        #expect(pages.shown.count == 1)
        #expect(pages.shown.first?.item?.id == "m-euler")
        #expect(pages.shown.first?.token == "token-1")
        var routed: [String] = []
        deliverer.onClick = { id, _ in routed.append(id) }
        server.shown[0].click(nil)
        #expect(routed == ["m-euler"])
        #expect(pages.shown.count == 1)
    }

    /// A click for an id retired from the pool since opens the honest page for that id, never another dose.
    @Test func aClickForAnIdNotInThePoolOpensTheRetiredPage() throws {
        let home = try Home()
        let pages = RecordedPages()
        let deliverer = makeDeliverer(home.paths, server: ScriptedServer(), pages: pages)
        deliverer.open(itemID: "q-retired", activationToken: nil)
        let page = try #require(pages.shown.first)
        #expect(page.item == nil)
        #expect(page.requestedID == "q-retired")
        #expect(DosePage.html(item: page.item, requestedID: page.requestedID, assets: .init(katexBase: "k", renderScript: "s"))
            .contains("no longer available"))
        // And one still in the pool (but another branch's) opens that very dose.
        deliverer.open(itemID: "f-ohm", activationToken: nil)
        #expect(pages.shown.last?.item == Self.pool[1])
    }

    /// The actions carry the id: the body click (`default`, no label) and one Open button keyed by the id;
    /// a re-show passes the recorded server id on as replaces_id and gets the server's id back.
    @Test func actionsCarryTheIdAndAReshowReplacesInPlace() throws {
        let home = try Home()
        let server = ScriptedServer()
        let deliverer = makeDeliverer(home.paths, server: server)
        let delivery = try deliverer.deliver(day: try Self.day(of: "f-ohm"), itemID: "m-euler", replacing: 17)
        #expect(delivery == Delivery(itemID: "m-euler", serverID: 17))
        let shown = try #require(server.shown.first)
        #expect(shown.copy.id == "m-euler")
        #expect(shown.replacing == 17)
        #expect(NotificationActions.pairs(itemID: "m-euler").map { [$0.key, $0.label] } == [["default", ""], ["m-euler", "Open"]])
        #expect(NotificationActions.pairs(itemID: "default").map { [$0.key, $0.label] } == [["default", ""]])
        deliverer.closeShown()
        #expect(server.closeRequests == 1)
    }

    /// With GNOME Shell on the bus the notification goes through org.gtk.Notifications for the app, in
    /// plain text, with the id; nothing is sent to the freedesktop server and no id is kept.
    @Test func gnomeShellTakesTheNotificationForTheApp() throws {
        let home = try Home()
        let server = ScriptedServer()
        let shell = ScriptedShell()
        shell.available = true
        let deliverer = makeDeliverer(home.paths, server: server, shell: shell)
        let delivery = try deliverer.deliver(day: try Self.day(of: "q-weber-unit"))
        #expect(delivery == Delivery(itemID: "q-weber-unit", serverID: nil))
        #expect(server.shown.isEmpty)
        let added = try #require(shell.added.first)
        #expect(added.id == "q-weber-unit")
        #expect(added.summary == "Question of the day")
        #expect(!added.body.contains("weber"))
        // Even with no freedesktop server at all (the Shell's fake in the end-to-end test).
        server.caps = nil
        #expect(try deliverer.deliver(day: try Self.day(of: "f-ohm")).serverID == nil)
    }

    /// GNOME Shell refusing (no desktop file for the app: InvalidApp) falls back to org.freedesktop.Notifications.
    @Test func aRefusingShellFallsBackToTheFreedesktopServer() throws {
        let home = try Home()
        let server = ScriptedServer()
        let shell = ScriptedShell()
        shell.available = true
        shell.refusal = GLibError(operation: "call AddNotification", message: "org.gtk.Notifications.InvalidApp", code: 0)
        let deliverer = makeDeliverer(home.paths, server: server, shell: shell)
        #expect(try deliverer.deliver(day: try Self.day(of: "m-euler")) == Delivery(itemID: "m-euler", serverID: 31))
        #expect(server.shown.count == 1)
        server.caps = nil
        #expect(Self.error { () throws(NotificationError) in try deliverer.deliver(day: try! Self.day(of: "m-euler")) }
            == .serverUnavailable("GNOME Shell refused the notification: org.gtk.Notifications.InvalidApp"))
    }

    /// A click goes to the app (open-dose with the id and the token) when there is a display and the app
    /// takes it; to the page when it is not there, refuses, or when there is no display (the app not even asked).
    @Test func aClickGoesToTheAppWhenItTakesItElseToThePage() throws {
        let home = try Home()
        let app = ScriptedApp()
        let pages = RecordedPages()
        let withDisplay = makeDeliverer(home.paths, server: ScriptedServer(), pages: pages, app: app, display: true)
        var settled = 0
        withDisplay.open(itemID: "q-weber-unit", activationToken: "token-9") { settled += 1 }
        #expect(app.opened.map(\.id) == ["q-weber-unit"])
        #expect(app.opened.first?.token == "token-9")
        #expect(pages.shown.isEmpty)
        #expect(settled == 1)

        app.reply = .failure(busError(G_DBUS_ERROR_UNKNOWN_METHOD, "no such action"))
        withDisplay.open(itemID: "f-ohm", activationToken: nil) { settled += 1 }
        #expect(pages.shown.map(\.requestedID) == ["f-ohm"])
        #expect(pages.shown.last?.item == Self.pool[1])

        app.reply = .failure(busError(G_DBUS_ERROR_SERVICE_UNKNOWN, "The name is not activatable"))
        withDisplay.open(itemID: "m-euler", activationToken: "token-3") { settled += 1 }
        #expect(pages.shown.map(\.requestedID) == ["f-ohm", "m-euler"])
        #expect(pages.shown.last?.token == "token-3")
        #expect(settled == 3)

        app.reply = .success(())
        let asked = app.opened.count
        let headless = makeDeliverer(home.paths, server: ScriptedServer(), pages: pages, app: app, display: false)
        headless.open(itemID: "q-weber-unit", activationToken: nil) { settled += 1 }
        #expect(pages.shown.last?.requestedID == "q-weber-unit")
        #expect(app.opened.count == asked)
        #expect(settled == 4)
    }

    /// The click does not wait for the app: `open` returns with the hand-off pending (the scheduler then
    /// closes the notification and drops the record); the page comes only with a failed or silent answer,
    /// once, and `done` only then.
    @Test func aPendingHandOffReturnsAtOnceAndFallsBackOnlyOnItsAnswer() throws {
        let home = try Home()
        let server = ScriptedServer()
        let app = ScriptedApp()
        app.reply = nil
        let pages = RecordedPages()
        let deliverer = makeDeliverer(home.paths, server: server, pages: pages, app: app, display: true)
        var settled = 0
        deliverer.open(itemID: "q-weber-unit", activationToken: nil) { settled += 1 }
        deliverer.open(itemID: "f-ohm", activationToken: nil) { settled += 1 }
        #expect(app.pending == 2)
        #expect(settled == 0)
        #expect(pages.shown.isEmpty)
        // The app times out on the first, takes the second.
        app.answer(.failure(ioError(G_IO_ERROR_TIMED_OUT)))
        #expect(pages.shown.map(\.requestedID) == ["q-weber-unit"])
        #expect(settled == 1)
        app.answer(.success(()))
        #expect(pages.shown.count == 1)
        #expect(settled == 2)
    }

    /// The click of a shown notification reaches the app with the advertised id, not the day's dose.
    @Test func aShownNotificationsClickReachesTheAppWithItsId() throws {
        let home = try Home()
        let server = ScriptedServer()
        let app = ScriptedApp()
        let deliverer = makeDeliverer(home.paths, server: server, app: app, display: true)
        try deliverer.deliver(day: try Self.day(of: "f-ohm"))
        try #require(server.shown.count == 1)
        server.shown[0].click("startup-1")
        #expect(app.opened.map(\.id) == ["f-ohm"])
        #expect(app.opened.first?.token == "startup-1")
    }
}
