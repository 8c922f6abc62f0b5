import DoseCore
import DoseSystem
import Foundation
import Testing

@testable import DoseNotifier

/// A scripted notification server: what it answers, and what it was asked to show.
final class ScriptedServer: NotificationServer {
    var problem: String?
    var caps: Set<String>? = ["actions", "body", "body-markup"]
    var showError: NotificationError?
    private(set) var shown: [(copy: NotificationCopy, actions: Bool, click: (String?) -> Void)] = []

    func unavailability() -> String? { problem }
    func capabilities() -> Set<String>? { caps }
    func show(
        _ copy: NotificationCopy, actions: Bool,
        onClick: @escaping (String?) -> Void, onClosed: @escaping (Int) -> Void
    ) throws(NotificationError) {
        if let showError { throw showError }
        shown.append((copy, actions, onClick))
    }
}

/// Records the pages it was asked to show instead of writing and launching them.
final class RecordedPages: DosePageShowing {
    private(set) var shown: [(item: Item?, requestedID: String, token: String?)] = []
    func show(item: Item?, requestedID: String, activationToken: String?) throws {
        shown.append((item, requestedID, activationToken))
    }
}

/// The deliverer's branches (the send's and the click's), with a scripted server and a real snapshot file.
@Suite struct DelivererTests {
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
            if Resolver.resolve(pool: pool, branch: nil, date: date)?.id == id { return date }
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
        let deliverer = Deliverer(paths: home.paths, server: server, pages: RecordedPages())
        let day = try Self.day(of: "q-weber-unit")
        #expect(try deliverer.deliver(day: day) == "q-weber-unit")
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
        let deliverer = Deliverer(paths: home.paths, server: server, pages: RecordedPages())
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
        let deliverer = Deliverer(paths: home.paths, server: server, pages: RecordedPages())
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
        let deliverer = Deliverer(paths: home.paths, server: server, pages: RecordedPages())
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
            try Deliverer(paths: missing.paths, server: server, pages: RecordedPages()).deliver(day: day)
        }) else {
            Issue.record("a missing snapshot is not noContent")
            return
        }
        #expect(message.contains("snapshot"))
        // Every item is for EE: a CS student has nothing.
        let home = try Home(pool: [Self.pool[1]], config: "[dose]\nbranch=CS\n")
        #expect(Self.error { () throws(NotificationError) in
            try Deliverer(paths: home.paths, server: server, pages: RecordedPages()).deliver(day: day)
        } == .noContent("no dose for 2026-11-29: the snapshot's pool has nothing for this branch"))
        #expect(server.shown.isEmpty)
    }

    @Test func aSendTheServerDidNotConfirmIsReportedAsSuch() throws {
        let home = try Home()
        let server = ScriptedServer()
        server.showError = .unconfirmed("Timeout was reached")
        let deliverer = Deliverer(paths: home.paths, server: server, pages: RecordedPages())
        #expect(Self.error { () throws(NotificationError) in try deliverer.deliver(day: try! Self.day(of: "f-ohm")) }
            == .unconfirmed("Timeout was reached"))
    }

    /// A click carries the advertised id to the owner (the scheduler's machine), or opens it by default.
    @Test func aClickOpensTheAdvertisedDose() throws {
        let home = try Home()
        let server = ScriptedServer()
        let pages = RecordedPages()
        let deliverer = Deliverer(paths: home.paths, server: server, pages: pages)
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
        let deliverer = Deliverer(paths: home.paths, server: ScriptedServer(), pages: pages)
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
}
