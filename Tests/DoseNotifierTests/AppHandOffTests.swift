import CGLib
import DoseTestSupport
import GLibGlue
import Testing

@testable import DoseNotifier

/// What a click does with the app's answer: every kind of failure the bus reports, sorted by its domain and code.
@Suite(.timeLimit(.minutes(5)), .watched) struct AppHandOffTests {
    @Test func anAnswerMeansTheAppTookIt() {
        #expect(AppHandOff(reply: .success(())) == .taken)
        #expect(AppHandOff.taken.priority == .info)
    }

    /// No owner and nothing to start, or a start that failed: the app is not there, which is an ordinary setup.
    @Test func noAppOnTheBusOpensThePageQuietly() {
        for code in [G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_SPAWN_EXEC_FAILED,
                     G_DBUS_ERROR_SPAWN_CHILD_EXITED, G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND] {
            let handOff = AppHandOff(reply: .failure(busError(code, "m")))
            #expect(handOff == .page(.notThere("m")), "\(code)")
            #expect(handOff.priority == .info)
        }
    }

    /// Our timeout, the bus giving up on the start, the app leaving without a reply: the page, with a warning.
    @Test func noAnswerInTimeOpensThePage() {
        #expect(AppHandOff(reply: .failure(ioError(G_IO_ERROR_TIMED_OUT, "Timeout was reached"))) == .page(.noAnswer("Timeout was reached")))
        for code in [G_DBUS_ERROR_TIMED_OUT, G_DBUS_ERROR_TIMEOUT, G_DBUS_ERROR_NO_REPLY] {
            #expect(AppHandOff(reply: .failure(busError(code, "m"))) == .page(.noAnswer("m")), "\(code)")
        }
        #expect(AppHandOff.page(.noAnswer("m")).priority == .warning)
    }

    /// An error the app itself answered (or one from no bus at all) still opens the page.
    @Test func aRefusalOpensThePage() {
        #expect(AppHandOff(reply: .failure(busError(G_DBUS_ERROR_UNKNOWN_METHOD, "m"))) == .page(.refused("m")))
        #expect(AppHandOff(reply: .failure(GLibError(operation: "connect", message: "m", code: 0))) == .page(.refused("m")))
        // The domain counts, not the number alone: G_IO_ERROR's code of ServiceUnknown's value is no missing app.
        let sameNumber = GLibError(operation: "call", message: "m", code: Int32(G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue),
                                   domain: g_io_error_quark())
        #expect(AppHandOff(reply: .failure(sameNumber)) == .page(.refused("m")))
        #expect(AppHandOff.page(.refused("m")).priority == .warning)
    }

    /// The journal's lines say what happened and where the click went; they carry no id (none is passed in).
    @Test func theLogLinesSayWhereTheClickWent() {
        #expect(AppHandOff.taken.logLine == "the dose clicked was handed to the Daily Dose app")
        #expect(AppHandOff.page(.notThere("ServiceUnknown")).logLine.hasSuffix("(ServiceUnknown); opening the page instead"))
        #expect(AppHandOff.page(.noAnswer("Timeout was reached")).logLine.contains("did not answer the click in time"))
        #expect(AppHandOff.page(.refused("no such action")).logLine.contains("did not take the click (no such action)"))
    }
}
