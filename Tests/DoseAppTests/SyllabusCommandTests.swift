import DoseTestSupport
import Foundation
import Testing

/// A pack's syllabus through the real `dose`: imported and synced with the pool (all or nothing), listed by
/// `dose learn syllabus` for a branch, and ticked with `dose learn tick` under exactly its names.
@Suite(.timeLimit(.minutes(5)), .watched) struct SyllabusCommandTests {
    static let items = #"[{"id": "f-ohm", "kind": "formula", "text": "V = I R"}, {"id": "f-kcl", "kind": "fact", "tags": ["EE"], "text": "KCL"}]"#

    /// The fixture's syllabus: common subjects, a subject for EE and EC with a topic for EC only, one for CS, one without a year.
    static let syllabus = """
        [
          {"subject": "Circuits", "year": 2, "tags": ["EE", "EC"],
           "topics": [{"topic": "Mesh analysis"}, {"topic": "Two-port networks", "tags": ["EC"]}]},
          {"subject": "Engineering Mathematics I", "year": 1,
           "topics": [{"topic": "Limits and continuity"}, {"topic": "Laplace transforms", "tags": ["EE", "EC"]}]},
          {"subject": "Professional Ethics", "topics": [{"topic": "Codes of conduct"}]},
          {"subject": "Data Structures", "year": 1, "tags": ["CS"], "topics": [{"topic": "Hash tables"}]}
        ]
        """

    static func pack(items: String = items, syllabus: String? = syllabus) -> String {
        #"{"format": "daily-dose-pack/1", "items": \#(items)"# + (syllabus.map { #", "syllabus": \#($0)"# } ?? "") + "}"
    }

    @Test func theSyllabusIsListedForEachBranchByYearAndSubject() throws {
        let sandbox = try Sandbox()
        let imported = try sandbox.dose("import", try sandbox.write("pack.json", Self.pack()))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Imported 2 items: 1 facts, 1 formulas, 0 questions, and a syllabus of 4 subjects with 6 topics.\n")

        // No branch configured: everyone's, with the tags that say who has what.
        let everyone = try sandbox.dose("learn", "syllabus")
        #expect(everyone.status == 0, "\(everyone.stderr)")
        #expect(everyone.stdout == """
            Syllabus, every branch: 0 of 6 topics ticked
            Year 1
              Engineering Mathematics I
                [ ] Limits and continuity
                [ ] Laplace transforms [EC, EE]
              Data Structures [CS]
                [ ] Hash tables
            Year 2
              Circuits [EC, EE]
                [ ] Mesh analysis
                [ ] Two-port networks [EC]
            Other subjects
              Professional Ethics
                [ ] Codes of conduct

            """)
        #expect(try sandbox.dose("learn", "syllabus", "--all").stdout == everyone.stdout)

        let electrical = try sandbox.dose("learn", "syllabus", "--branch", "ee")
        #expect(electrical.status == 0, "\(electrical.stderr)")
        #expect(electrical.stdout == """
            Syllabus for branch EE: 0 of 4 topics ticked
            Year 1
              Engineering Mathematics I
                [ ] Limits and continuity
                [ ] Laplace transforms
            Year 2
              Circuits
                [ ] Mesh analysis
            Other subjects
              Professional Ethics
                [ ] Codes of conduct

            """)
        let common = try sandbox.dose("learn", "syllabus", "--branch", "common")
        #expect(common.stdout == """
            Syllabus, the topics common to every branch: 0 of 2 ticked
            Year 1
              Engineering Mathematics I
                [ ] Limits and continuity
            Other subjects
              Professional Ethics
                [ ] Codes of conduct

            """)

        // The configured branch is the default, as for `dose today`.
        #expect(try sandbox.dose("config", "set", "branch", "cs").status == 0)
        let configured = try sandbox.dose("learn", "syllabus", "--json")
        #expect(configured.status == 0, "\(configured.stderr)")
        let subjects = try Sandbox.jsonLines(configured.stdout)
        #expect(subjects.map { $0["subject"] as? String } == ["Engineering Mathematics I", "Data Structures", "Professional Ethics"])
        #expect(subjects.map { $0["year"] as? Int } == [1, 1, nil])
        #expect(subjects[1]["tags"] as? [String] == ["CS"])
        let topics = try #require(subjects[0]["topics"] as? [[String: Any]])
        #expect(topics.count == 1)
        #expect(topics[0]["topic"] as? String == "Limits and continuity")
        #expect(topics[0]["tags"] as? [String] == [])
        #expect(topics[0]["ticked"] as? Bool == false)
        #expect(topics[0]["state"] is NSNull)
        #expect(try sandbox.dose("learn", "syllabus", "--branch", "EC", "--json").stdout.contains(#""topic":"Two-port networks","tags":["EC"]"#))

        let both = try sandbox.dose("learn", "syllabus", "--branch", "EE", "--all")
        #expect(both.status == 64, "\(both.stderr)")
    }

    @Test func nothingToListIsExitStatusOne() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("plain.json", Self.pack(syllabus: nil))).status == 0)
        let none = try sandbox.dose("learn", "syllabus")
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.contains("the pool has no syllabus: its pack holds none"), "\(none.stderr)")

        let tagged = #"[{"subject": "Circuits", "tags": ["EE"], "topics": [{"topic": "Mesh analysis"}]}]"#
        #expect(try sandbox.dose("import", try sandbox.write("tagged.json", Self.pack(syllabus: tagged))).status == 0)
        let mechanical = try sandbox.dose("learn", "syllabus", "--branch", "ME", "--json")
        #expect(mechanical.status == 1)
        #expect(mechanical.stdout.isEmpty)
        #expect(mechanical.stderr.contains("the syllabus has no topics for branch ME"), "\(mechanical.stderr)")
        #expect(try sandbox.dose("learn", "syllabus", "--branch", "common").stderr.contains("no topics common to every branch"))
    }

    /// A syllabus topic is ticked with `dose learn tick` and its names exactly as listed; the list then holds those
    /// very bytes, and the syllabus shows it ticked with its state. Another spelling finds it; a free-typed topic
    /// still works; an untick clears it.
    @Test func tickingASyllabusTopicUsesItsNamesExactly() throws {
        let sandbox = try Sandbox()
        // Names with what a shell and a fold could change: an apostrophe, a decomposed é, a dash, two spaces.
        let syllabus = #"[{"subject": "Électrotechnique — Théorie", "year": 1, "topics": [{"topic": "Kirchhoff's  laws"}, {"topic": "Re\u0301gime sinusoi\u0308dal"}]}]"#
        #expect(try sandbox.dose("import", try sandbox.write("pack.json", Self.pack(syllabus: syllabus))).status == 0)
        let listed = try Sandbox.jsonLines(try sandbox.dose("learn", "syllabus", "--json").stdout)
        let subject = try #require(listed.first?["subject"] as? String)
        let topics = try #require(listed.first?["topics"] as? [[String: Any]]).compactMap { $0["topic"] as? String }
        #expect(topics.count == 2)

        for topic in topics {
            let tick = try sandbox.dose("learn", "tick", subject, topic)
            #expect(tick.status == 0, "\(tick.stderr)")
        }
        let list = try Sandbox.jsonLines(try sandbox.dose("learn", "list", "--json").stdout)
        #expect(list.count == 2)
        for (entry, topic) in zip(list.sorted { ($0["topic"] as? String ?? "") < ($1["topic"] as? String ?? "") }, topics.sorted()) {
            #expect(Array((entry["subject"] as? String ?? "").utf8) == Array(subject.utf8))
            #expect(Array((entry["topic"] as? String ?? "").utf8) == Array(topic.utf8))
        }
        let ticked = try sandbox.dose("learn", "syllabus")
        #expect(ticked.stdout.contains("Syllabus, every branch: 2 of 2 topics ticked"), "\(ticked.stdout)")
        // What holds every topic is said once, after the heading (as `dose learn list` says it), not per topic.
        #expect(ticked.stdout.contains("topics ticked\nWaiting for a provider: no AI provider is configured: set provider.url and provider.model.\n"), "\(ticked.stdout)")
        #expect(ticked.stdout.contains("[x] Kirchhoff's  laws: waiting for a provider\n"), "\(ticked.stdout)")
        let states = try #require(try Sandbox.jsonLines(try sandbox.dose("learn", "syllabus", "--json").stdout).first?["topics"] as? [[String: Any]])
        #expect(states.map { $0["state"] as? String } == ["waiting-for-provider", "waiting-for-provider"])
        #expect(states.map { $0["ticked"] as? Bool } == [true, true])
        let held = try #require(try Sandbox.jsonLines(try sandbox.dose("learn", "syllabus", "--json").stdout).first?["queue"] as? [String: Any])
        #expect(held["state"] as? String == "waiting-for-provider")

        // Another spelling is the same topic (`dose learn`'s identity), and the syllabus still shows it once.
        let again = try sandbox.dose("learn", "tick", "électrotechnique — théorie", "KIRCHHOFF'S LAWS")
        #expect(again.stdout.contains("ticked already"), "\(again.stdout)")
        #expect(try Sandbox.jsonLines(try sandbox.dose("learn", "list", "--json").stdout).count == 2)

        // A topic outside the syllabus is ticked as ever, and the syllabus is unchanged by it.
        #expect(try sandbox.dose("learn", "tick", "Thermodynamics", "Carnot cycle").status == 0)
        #expect(try Sandbox.jsonLines(try sandbox.dose("learn", "list", "--json").stdout).count == 3)
        #expect(try sandbox.dose("learn", "syllabus").stdout.contains("2 of 2 topics ticked"))

        #expect(try sandbox.dose("learn", "untick", subject, topics[0]).status == 0)
        let unticked = try sandbox.dose("learn", "syllabus").stdout
        #expect(unticked.contains("1 of 2 topics ticked") && unticked.contains("[ ] Kirchhoff's  laws\n"), "\(unticked)")
    }

    /// All or nothing: a pack whose syllabus has a problem is refused whole, naming the place and field, and the
    /// old pool and syllabus stay.
    @Test func aBadSyllabusChangesNothing() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("pack.json", Self.pack())).status == 0)
        let before = try sandbox.dose("learn", "syllabus").stdout

        let newItems = #"[{"id": "f-new", "kind": "fact", "text": "New"}]"#
        let bad = #"[{"subject": "Signals", "year": 9, "topics": [{"topic": "Sampling"}, {"topic": "sampling"}]}]"#
        let path = try sandbox.write("bad.json", Self.pack(items: newItems, syllabus: bad))
        for command in ["validate", "import"] {
            let run = try sandbox.dose(command, path)
            #expect(run.status == 65, "\(command): \(run.stderr)")
            #expect(run.stderr.contains(#"syllabus[0] ("Signals"), field "year": year 9 is not a year of study from 1 to 6"#), "\(run.stderr)")
            #expect(run.stderr.contains(#"syllabus[0] ("Signals"), topics[1] ("sampling"), field "topic": topic "sampling" is the same as topics[0] ("Sampling")"#))
            #expect(run.stderr.contains("2 problems; nothing was changed"))
        }
        #expect(try sandbox.dose("learn", "syllabus").stdout == before)
        #expect(try sandbox.dose("show", "f-ohm").status == 0)
        #expect(try sandbox.dose("show", "f-new").status != 0)
    }

    /// `dose sync` stores the syllabus with the pool; a local import of the same items without it makes the next
    /// sync fetch the whole pack (the sync's note is of pool and syllabus), which brings the syllabus back; a
    /// synced pack with a bad syllabus changes nothing.
    @Test func syncBringsTheSyllabusAndAnImportSinceMakesAWholeFetch() throws {
        let sandbox = try Sandbox()
        let served = sandbox.root.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try Self.pack().write(to: served.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
        let log = sandbox.root.appendingPathComponent("requests.log").path
        let portFile = sandbox.root.appendingPathComponent("port").path
        let (server, port) = try ChildProcess.startServer(
            "/usr/bin/python3", [sandbox.packageRoot.appendingPathComponent("tests/support/pack_server.py").path, served.path, log, portFile],
            environment: ChildProcess.basicEnvironment, portFile: portFile)
        defer { server.terminate() }
        let url = "http://127.0.0.1:\(port)/pack.json"

        let first = try sandbox.dose("sync", url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("and a syllabus of 4 subjects with 6 topics"), "\(first.stdout)")
        let synced = try sandbox.dose("learn", "syllabus").stdout
        #expect(synced.contains("0 of 6 topics ticked"), "\(synced)")
        #expect(try sandbox.dose("sync", url).stdout.contains("unchanged"), "the same pack: a 304")

        // The same items, no syllabus, imported locally: the pool's digest is the same, the pack's is not.
        #expect(try sandbox.dose("import", try sandbox.write("local.json", Self.pack(syllabus: nil))).status == 0)
        #expect(try sandbox.dose("learn", "syllabus").status == 1)
        let whole = try sandbox.dose("sync", url)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stdout.contains("and a syllabus of 4 subjects with 6 topics"), "\(whole.stdout)")
        #expect(try sandbox.dose("learn", "syllabus").stdout == synced)
        let requests = try Sandbox.jsonLines(try String(contentsOfFile: log, encoding: .utf8))
        #expect(requests.map { $0["if-none-match"] is NSNull } == [true, false, true], "\(requests)")

        // The server's pack gets a bad syllabus: refused whole, the synced pool and syllabus stay.
        let bad = #"[{"subject": "Circuits", "topics": [{"topic": "Mesh analysis", "tags": ["ee"]}]}]"#
        let newItems = #"[{"id": "f-new", "kind": "fact", "text": "New"}]"#
        try Self.pack(items: newItems, syllabus: bad).write(to: served.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
        let refused = try sandbox.dose("sync", url)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains(#"syllabus[0] ("Circuits"), topics[0] ("Mesh analysis"), field "tags": tag "ee" is not a branch code"#), "\(refused.stderr)")
        #expect(try sandbox.dose("learn", "syllabus").stdout == synced)
        #expect(try sandbox.dose("show", "f-new").status != 0)
    }
}
