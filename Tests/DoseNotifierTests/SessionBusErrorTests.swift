import CGLib
import DoseTestSupport
import GLibGlue
import Testing

@testable import DoseNotifier

/// `SessionBus.remoteErrorName` on errors made the way GDBus makes them from a peer's error reply.
@Suite(.timeLimit(.minutes(5)), .watched) struct SessionBusErrorTests {
    /// The GLibError `check` turns a GError into, for the error GDBus builds from a reply named `name`.
    private func remoteError(_ name: String, _ text: String) -> GLibError {
        do {
            try check("CloseNotification") { error in error.pointee = g_dbus_error_new_for_dbus_error(name, text) }
        } catch {
            return error
        }
        Issue.record("GLib set no error")
        return GLibError(operation: "none", message: "", code: 0)
    }

    @Test func readsThePeersErrorName() {
        let error = remoteError("org.freedesktop.Notifications.InvalidId", "Invalid notification identifier")
        #expect(SessionBus.remoteErrorName(error) == "org.freedesktop.Notifications.InvalidId")
        #expect(SessionBus.remoteErrorName(error) == FreedesktopNotifications.invalidID)
    }

    @Test func aTextWithColonsKeepsTheName() {
        let error = remoteError("org.example.Failed", "at 12:30: no")
        #expect(SessionBus.remoteErrorName(error) == "org.example.Failed")
    }

    @Test func aLocalFailureHasNoRemoteName() {
        // A timeout, and a GIO error whose text merely looks like a remote one, are failures here.
        let timeout = GLibError(
            operation: "call", message: "Timeout was reached", code: Int32(G_IO_ERROR_TIMED_OUT.rawValue),
            domain: g_io_error_quark())
        #expect(SessionBus.remoteErrorName(timeout) == nil)
        let lookalike = GLibError(
            operation: "call", message: "GDBus.Error:org.freedesktop.Notifications.InvalidId: no",
            code: Int32(G_IO_ERROR_FAILED.rawValue), domain: g_io_error_quark())
        #expect(SessionBus.remoteErrorName(lookalike) == nil)
    }
}
