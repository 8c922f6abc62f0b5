import DoseCore
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

@testable import DoseNotifier

/// The wire format of the calls that carry the id (org.gtk.Notifications, org.freedesktop.Application),
/// the click's route, and the runtime record a restarted scheduler re-attaches from.
@Suite(.timeLimit(.minutes(5)), .watched) struct DesktopCallsTests {
    static let copy = NotificationCopy(summary: "Question of the day", body: "What is the unit of magnetic flux?", id: "q-weber-unit")

    /// `AddNotification(s app_id, s id, a{sv})` as GNotification serializes it: the app's id, one
    /// notification id (a new day's replaces it), `app.open-dose` with the item id as its target.
    @Test func addNotificationIsGNotificationsWireFormat() {
        let call = DesktopCalls.addNotification(Self.copy)
        #expect(call.signature == "(ssa{sv})")
        guard case .tuple(let arguments) = call, arguments.count == 3 else {
            Issue.record("not a tuple of three")
            return
        }
        #expect(arguments[0] == .string("net.dailydose.DailyDose"))
        #expect(arguments[1] == .string("dose"))
        let notification = arguments[2]
        #expect(notification["title"] == .string("Question of the day"))
        #expect(notification["body"] == .string("What is the unit of magnetic flux?"))
        #expect(notification["default-action"] == .string("app.open-dose"))
        #expect(notification["default-action-target"] == .string("q-weber-unit"))
        #expect(notification["priority"] == .string("normal"))
    }

    /// `ActivateAction(s, av, a{sv})`: open-dose, the id boxed once, the token under both names GTK reads.
    @Test func activateActionCarriesTheIdAndTheToken() {
        let call = DesktopCalls.activateOpenDose(itemID: "q-weber-unit", activationToken: "tok-1")
        #expect(call.signature == "(sava{sv})")
        #expect(call == .tuple([
            .string("open-dose"), .array(element: "v", [.variant(.string("q-weber-unit"))]),
            .vardict([.init("activation-token", .string("tok-1")), .init("desktop-startup-id", .string("tok-1"))]),
        ]))
        #expect(DesktopCalls.activateOpenDose(itemID: "x", activationToken: nil)
            == .tuple([.string("open-dose"), .array(element: "v", [.variant(.string("x"))]), .vardict([])]))
        #expect(DesktopCalls.activateOpenDose(itemID: "x", activationToken: "")
            == DesktopCalls.activateOpenDose(itemID: "x", activationToken: nil))
    }

    /// `Notify` as the spec types it: the body click `default` with an empty label and one Open button whose key
    /// is the id; the previous notification's id as replaces_id; the app's hints; the server's default timeout.
    @Test func notifyCarriesTheIdInItsActions() {
        let call = DesktopCalls.notify(Self.copy, actions: true, replacing: 12, imagePath: "/usr/share/icons/x.svg")
        #expect(call.signature == "(susssasa{sv}i)")
        guard case .tuple(let arguments) = call, arguments.count == 8 else {
            Issue.record("not Notify's eight arguments")
            return
        }
        #expect(arguments[0] == .string("Daily Dose"))
        #expect(arguments[1] == .uint32(12))
        #expect(arguments[3] == .string("Question of the day"))
        #expect(arguments[5] == .array(element: "s", [.string("default"), .string(""), .string("q-weber-unit"), .string("Open")]))
        #expect(arguments[6]["desktop-entry"] == .string("net.dailydose.DailyDose"))
        #expect(arguments[6]["image-path"] == .string("/usr/share/icons/x.svg"))
        #expect(arguments[6]["urgency"] == .byte(1))
        #expect(arguments[7] == .int32(-1))
        guard case .tuple(let plain) = DesktopCalls.notify(Self.copy, actions: false, replacing: nil, imagePath: "i") else { return }
        #expect(plain[1] == .uint32(0))
        #expect(plain[5] == .array(element: "s", []))
    }

    @Test func signatures() {
        #expect(DBusValue.tuple([.uint32(1), .boolean(true), .variant(.string("s"))]).signature == "(ubv)")
        #expect(DBusValue.array(element: "s", []).signature == "as")
    }

    /// The app only with a display (whether it is there is its answer's matter: `AppHandOffTests`).
    @Test func theClickRoute() {
        #expect(ClickRoute.choose(hasDisplay: true) == .app)
        #expect(ClickRoute.choose(hasDisplay: false) == .page)
        #expect(ClickRoute.hasDisplay(environment: { $0 == "DISPLAY" ? ":5" : nil }))
        #expect(ClickRoute.hasDisplay(environment: { $0 == "WAYLAND_DISPLAY" ? "wayland-0" : nil }))
        #expect(!ClickRoute.hasDisplay(environment: { $0 == "DISPLAY" ? "" : nil }))
        #expect(!ClickRoute.hasDisplay(environment: { _ in nil }))
    }

    /// The record round-trips through its file (0600, replaced atomically), and anything else reads as none.
    @Test func theRecordRoundTripsAndRefusesAnythingElse() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = NotificationRecord(path: directory.path + "/notification.json")
        #expect(record.read() == nil)
        let shown = ShownDose(serverID: 4_000_000_000, itemID: "q-\"quoted\" / ünïcode", day: CivilDate(iso: "2026-11-29")!)
        try record.write(shown)
        #expect(record.read() == shown)
        let mode = try FileManager.default.attributesOfItem(atPath: record.path!)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        record.remove()
        #expect(record.read() == nil)
        for text in ["", "{}", "not json", #"{"serverID": 0, "itemID": "a", "day": "2026-11-29"}"#,
                     #"{"serverID": 4294967296, "itemID": "a", "day": "2026-11-29"}"#,
                     #"{"serverID": 3, "itemID": "", "day": "2026-11-29"}"#,
                     #"{"serverID": 3, "itemID": "a", "day": "2026-13-01"}"#] {
            #expect(NotificationRecord.decode(text) == nil, "\(text)")
        }
        #expect(NotificationRecord.decode(#"{"serverID": 3, "itemID": "a", "day": "2026-11-29"}"#)
            == ShownDose(serverID: 3, itemID: "a", day: CivilDate(iso: "2026-11-29")!))
        // No private directory: nothing is kept, nothing fails.
        let none = NotificationRecord(path: nil)
        try none.write(shown)
        #expect(none.read() == nil)
    }
}
