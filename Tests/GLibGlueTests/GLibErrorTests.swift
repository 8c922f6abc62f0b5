import CGLib
import DoseTestSupport
import GLibGlue
import Synchronization
import Testing

/// How many GErrors of the test domain `g_error_free` has cleared.
private let clearedErrors = Atomic<Int>(0)

/// An extended error domain: GLib calls its clear function from `g_error_free`, which makes the free observable.
private let testDomain: GQuark = g_error_domain_register(
    "DdGlueTestError", 8, { _ in }, { _, _ in }, { _ in clearedErrors.add(1, ordering: .sequentiallyConsistent) })

@Suite(.timeLimit(.minutes(5)), .watched) struct GLibErrorTests {
    @Test func checkConvertsAndFreesTheError() {
        #expect(testDomain != 0)
        let before = clearedErrors.load(ordering: .sequentiallyConsistent)
        do {
            _ = try check("do the thing") { error -> Int in
                error.pointee = g_error_new_literal(testDomain, 7, "boom")
                return 0
            }
            Issue.record("check did not throw")
        } catch {
            #expect(error.operation == "do the thing")
            #expect(error.message == "boom")
            #expect(error.code == 7)
            #expect(error.matches(domain: testDomain, code: 7))
            #expect(error.description == "do the thing: boom")
        }
        #expect(clearedErrors.load(ordering: .sequentiallyConsistent) == before + 1)
    }

    @Test func checkPassesTheResultThroughWithoutBuildingTheOperation() throws {
        var built = false
        let value = try check({ built = true; return "never" }()) { _ in 42 }
        #expect(value == 42)
        #expect(!built)
    }

    @Test func aRealGLibFailureKeepsItsDomainAndCode() {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        #expect {
            _ = try check("read /nonexistent/dose") { error in g_file_get_contents("/nonexistent/dose", &contents, &length, error) }
        } throws: { error in
            guard let error = error as? GLibError else { return false }
            return error.matches(domain: g_file_error_quark(), code: G_FILE_ERROR_NOENT.rawValue)
                && error.message.contains("/nonexistent/dose")
        }
        #expect(contents == nil)
    }

    @Test func takeGStringReadsAndTakesOwnership() {
        #expect(takeGString(g_strdup("héllo")) == "héllo")
        #expect(takeGString(nil) == nil)
    }
}
