import DoseTestSupport
@testable import DoseCore
import Testing

/// Validates a pack of one item whose `syllabus` is the given JSON text.
private func check(syllabus: String) -> PackReport {
    let text = #"{"format": "daily-dose-pack/1", "items": [{"id": "f", "kind": "fact", "text": "t"}], "syllabus": "#
        + syllabus + "}"
    return PackValidator.validate(Array(text.utf8))
}

private func code(_ text: String) -> BranchCode { BranchCode(exactly: text)! }

/// The syllabus in a pack (daily-dose-pack(5)): subjects and topics under `dose learn tick`'s rules for
/// names, tags like items', every refusal located by subject, topic and field.
@Suite(.timeLimit(.minutes(5)), .watched) struct SyllabusValidatorTests {
    static let good = """
        [
          {"subject": "Engineering Mathematics I", "year": 1, "tags": [],
           "topics": [{"topic": "Limits and continuity", "tags": []}, {"topic": "Laplace transforms", "tags": ["EE", "EC"]}]},
          {"subject": "Circuits", "year": 2, "tags": ["EE", "EC"], "topics": [{"topic": "Mesh analysis"}, {"topic": "Two-port networks", "tags": ["EC"]}]},
          {"subject": "Professional Ethics", "topics": [{"topic": "Codes of conduct"}]},
          {"subject": "Data Structures", "year": 1, "tags": ["CS"], "topics": [{"topic": "Hash tables"}]}
        ]
        """

    @Test func aGoodSyllabusIsKeptInThePacksOrderWithItsTags() {
        let report = check(syllabus: Self.good)
        #expect(report.isValid, "\(report.problems)")
        #expect(report.warnings.isEmpty)
        #expect(report.items.count == 1)
        #expect(report.syllabus == Syllabus(subjects: [
            .init(name: "Engineering Mathematics I", year: 1, topics: [
                .init(name: "Limits and continuity"), .init(name: "Laplace transforms", tags: [code("EE"), code("EC")]),
            ]),
            .init(name: "Circuits", year: 2, tags: [code("EE"), code("EC")], topics: [
                .init(name: "Mesh analysis"), .init(name: "Two-port networks", tags: [code("EC")]),
            ]),
            .init(name: "Professional Ethics", topics: [.init(name: "Codes of conduct")]),
            .init(name: "Data Structures", year: 1, tags: [code("CS")], topics: [.init(name: "Hash tables")]),
        ]))
        #expect(report.syllabus.topicCount == 6)
    }

    @Test func aPackWithoutASyllabusOrAnEmptyOneHasNone() {
        let none = PackValidator.validate(Array(#"{"format": "daily-dose-pack/1", "items": []}"#.utf8))
        #expect(none.isValid && none.syllabus.isEmpty)
        let empty = check(syllabus: "[]")
        #expect(empty.isValid && empty.syllabus.isEmpty && empty.warnings.isEmpty)
    }

    /// A topic is for a branch when its subject's tags and its own both admit it; common only is untagged at both
    /// levels; the subjects by year (none last), the pack's order within a year.
    @Test func whatEachAudienceIsOffered() {
        let syllabus = check(syllabus: Self.good).syllabus
        func names(_ audience: Audience) -> [String] {
            syllabus.shown(to: audience).subjects.map { "\($0.name): " + $0.topics.map(\.name).joined(separator: ", ") }
        }
        #expect(names(.everyone) == [
            "Engineering Mathematics I: Limits and continuity, Laplace transforms", "Data Structures: Hash tables",
            "Circuits: Mesh analysis, Two-port networks", "Professional Ethics: Codes of conduct",
        ])
        #expect(names(.branch(code("EE"))) == [
            "Engineering Mathematics I: Limits and continuity, Laplace transforms", "Circuits: Mesh analysis",
            "Professional Ethics: Codes of conduct",
        ])
        #expect(names(.branch(code("EC"))) == [
            "Engineering Mathematics I: Limits and continuity, Laplace transforms", "Circuits: Mesh analysis, Two-port networks",
            "Professional Ethics: Codes of conduct",
        ])
        #expect(names(.branch(code("CS"))) == [
            "Engineering Mathematics I: Limits and continuity", "Data Structures: Hash tables", "Professional Ethics: Codes of conduct",
        ])
        #expect(names(.commonOnly) == ["Engineering Mathematics I: Limits and continuity", "Professional Ethics: Codes of conduct"])
        #expect(names(.branch(code("ME"))) == ["Engineering Mathematics I: Limits and continuity", "Professional Ethics: Codes of conduct"])
    }

    @Test func everyRefusalNamesItsSubjectTopicAndField() {
        let report = check(syllabus: """
            [
              {"subject": "Circuits", "year": 2, "topics": [{"topic": " Mesh analysis"}, 5, {"topic": ""}, {}, {"topic": 7},
                {"topic": "Two-port\\u0007"}, {"topic": "A\\u202Eb"}, {"topic": "\\\\def\\\\x{1}"}, {"topic": "\(String(repeating: "x", count: 201))"},
                {"topic": "Nodal analysis", "tags": "EE"}]},
              "Physics",
              {"year": 1, "topics": [{"topic": "Optics"}]},
              {"subject": "Signals\\t", "topics": [{"topic": "Sampling"}]},
              {"subject": "Mechanics", "topics": []},
              {"subject": "Thermodynamics"},
              {"subject": "Machines", "topics": {"topic": "DC motors"}},
              {"subject": "", "topics": [{"topic": "x"}]}
            ]
            """)
        #expect(report.problems.map(\.description) == [
            #"syllabus[0] ("Circuits"), topics[0], field "topic": topic " Mesh analysis" starts or ends with white space, which `dose learn tick` would trim"#,
            #"syllabus[0] ("Circuits"), topics[1]: a topic must be an object, found number 5"#,
            #"syllabus[0] ("Circuits"), topics[2], field "topic": topic must not be empty"#,
            #"syllabus[0] ("Circuits"), topics[3], field "topic": missing required field"#,
            #"syllabus[0] ("Circuits"), topics[4], field "topic": must be a string, found number 7"#,
            #"syllabus[0] ("Circuits"), topics[5], field "topic": topic contains control character U+0007"#,
            #"syllabus[0] ("Circuits"), topics[6], field "topic": topic contains U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control that makes text display in another order than it reads"#,
            #"syllabus[0] ("Circuits"), topics[7], field "topic": topic uses \def, which defines a macro; macros may not be defined (they can make a page hang: CVE-2024-28243)"#,
            #"syllabus[0] ("Circuits"), topics[8], field "topic": topic is 201 characters long; the limit is 200"#,
            #"syllabus[0] ("Circuits"), topics[9] ("Nodal analysis"), field "tags": must be an array of branch codes, found string "EE""#,
            #"syllabus[1]: a subject must be an object, found string "Physics""#,
            #"syllabus[2], field "subject": missing required field"#,
            #"syllabus[3], field "subject": subject contains control character U+0009"#,
            #"syllabus[4] ("Mechanics"), field "topics": a subject needs at least one topic"#,
            #"syllabus[5] ("Thermodynamics"), field "topics": missing required field"#,
            #"syllabus[6] ("Machines"), field "topics": must be an array, found an object"#,
            #"syllabus[7], field "subject": subject must not be empty"#,
        ], "\(report.problems.map(\.description))")
        #expect(report.problems[0] == PackProblem(
            syllabus: SyllabusPlace(subjectIndex: 0, subject: "Circuits", topicIndex: 0), field: "topic",
            reason: .nameUntrimmed(field: "topic", name: "\" Mesh analysis\"")))
        #expect(report.problems.allSatisfy { $0.itemIndex == nil && $0.itemID == nil && $0.syllabus != nil })
        #expect(report.syllabus.isEmpty, "a syllabus with problems is not kept")
        #expect(report.items.count == 1, "the items are checked as before")
    }

    @Test func theSyllabusItselfMustBeAnArrayWithinItsLimits() throws {
        #expect(check(syllabus: #"{"subject": "x"}"#).problems.map(\.description) == [#"field "syllabus": must be an array, found an object"#])
        #expect(check(syllabus: "null").problems.map(\.description) == [#"field "syllabus": must be an array, found null"#])

        let subjects = (0...PackLimits.maxSyllabusSubjects).map { #"{"subject": "S\#($0)", "topics": [{"topic": "t"}]}"# }
        #expect(check(syllabus: "[" + subjects.joined(separator: ",") + "]").problems.map(\.description)
            == [#"field "syllabus": the syllabus has 1001 subjects; the limit is 1000"#])

        let topics = (0..<1_001).map { #"{"topic": "T\#($0)"}"# }.joined(separator: ",")
        let many = (0..<20).map { #"{"subject": "S\#($0)", "topics": [\#(topics)]}"# }
        #expect(check(syllabus: "[" + many.joined(separator: ",") + "]").problems.map(\.description)
            == [#"field "syllabus": the syllabus has 20020 topics; the limit is 20000"#])
        let fits = (0..<20).map { #"{"subject": "S\#($0)", "topics": [\#((0..<1_000).map { #"{"topic": "T\#($0)"}"# }.joined(separator: ","))]}"# }
        #expect(check(syllabus: "[" + fits.joined(separator: ",") + "]").syllabus.topicCount == 20_000)
    }

    /// Two names `dose learn` takes for one (case, white space runs, Unicode forms: `TopicFold`) are refused, the
    /// second naming the first; the same topic in two subjects is two topics.
    @Test func duplicatesUnderFoldingAreRefusedNamingBothPlaces() {
        let report = check(syllabus: """
            [
              {"subject": "Engineering Mathematics I", "topics": [{"topic": "Chain rule"}, {"topic": "Taylor series"},
                {"topic": "CHAIN  RULE"}, {"topic": "Straße"}, {"topic": "STRASSE"}, {"topic": "Caf\\u00e9"}, {"topic": "cafe\\u0301"}]},
              {"subject": "ＥＮＧＩＮＥＥＲＩＮＧ Mathematics i", "topics": [{"topic": "x"}]},
              {"subject": "Physics", "topics": [{"topic": "Chain rule"}, {"topic": "Résumé"}, {"topic": "Resume"}]},
              {"subject": "engineering\\u00a0mathematics I", "topics": [{"topic": "y"}]}
            ]
            """)
        let same = "to `dose learn`, which ignores case and spacing"
        #expect(report.problems.map(\.description) == [
            #"syllabus[0] ("Engineering Mathematics I"), topics[2] ("CHAIN  RULE"), field "topic": topic "CHAIN  RULE" is the same as topics[0] ("Chain rule") of this subject \#(same); topics must be unique in their subject"#,
            #"syllabus[0] ("Engineering Mathematics I"), topics[4] ("STRASSE"), field "topic": topic "STRASSE" is the same as topics[3] ("Straße") of this subject \#(same); topics must be unique in their subject"#,
            #"syllabus[0] ("Engineering Mathematics I"), topics[6] ("café"), field "topic": topic "café" is the same as topics[5] ("Café") of this subject \#(same); topics must be unique in their subject"#,
            #"syllabus[1] ("ＥＮＧＩＮＥＥＲＩＮＧ Mathematics i"), field "subject": subject "ＥＮＧＩＮＥＥＲＩＮＧ Mathematics i" is the same as syllabus[0] ("Engineering Mathematics I") \#(same); subjects must be unique"#,
            #"syllabus[3] ("engineering\#u{00A0}mathematics I"), field "subject": subject "engineering\#u{00A0}mathematics I" is the same as syllabus[0] ("Engineering Mathematics I") \#(same); subjects must be unique"#,
        ], "\(report.problems.map(\.description))")
    }

    @Test func tagsAreItemsTagsWithinTheSubjects() {
        let report = check(syllabus: """
            [
              {"subject": "Circuits", "tags": ["EE", "ee", "EE", "E"], "topics": [{"topic": "Mesh analysis", "tags": ["ME"]}]},
              {"subject": "Machines", "tags": ["EE", "ME"], "topics": [{"topic": "DC motors", "tags": ["ME", "CS", "EE", "XX"]},
                {"topic": "Transformers", "tags": ["EE", "EE", "cs"]}, {"topic": "Induction motors", "tags": ["ME"]}]}
            ]
            """)
        let rule = "is not a branch code (two capital letters A–Z)"
        #expect(report.problems.map(\.description) == [
            #"syllabus[0] ("Circuits"), field "tags": tag "ee" \#(rule)"#,
            #"syllabus[0] ("Circuits"), field "tags": tag "EE" appears more than once"#,
            #"syllabus[0] ("Circuits"), field "tags": tag "E" \#(rule)"#,
            #"syllabus[1] ("Machines"), topics[0] ("DC motors"), field "tags": tag "CS" is not one of its subject's tags ("EE", "ME"): a topic is only for branches its subject is for"#,
            #"syllabus[1] ("Machines"), topics[0] ("DC motors"), field "tags": tag "XX" is not one of its subject's tags ("EE", "ME"): a topic is only for branches its subject is for"#,
            #"syllabus[1] ("Machines"), topics[1] ("Transformers"), field "tags": tag "EE" appears more than once"#,
            #"syllabus[1] ("Machines"), topics[1] ("Transformers"), field "tags": tag "cs" \#(rule)"#,
        ], "\(report.problems.map(\.description))")
        let many = (0..<65).map { "\"\(Character(Unicode.Scalar(65 + $0 / 26)!))\(Character(Unicode.Scalar(65 + $0 % 26)!))\"" }
        #expect(check(syllabus: #"[{"subject": "S", "topics": [{"topic": "t", "tags": ["# + many.joined(separator: ",") + "]}]}]")
            .problems.map(\.description) == [#"syllabus[0] ("S"), topics[0] ("t"), field "tags": 65 tags; the limit is 64"#])
    }

    @Test(arguments: [
        ("1", nil), ("6", nil), ("0", "year 0 is not a year of study from 1 to 6"), ("7", "year 7 is not a year of study from 1 to 6"),
        ("-1", "year -1 is not a year of study from 1 to 6"), ("1.5", "must be an integer, found number 1.5"),
        ("1e0", "must be an integer, found number 1e0"), ("\"1\"", "must be an integer, found string \"1\""),
        ("null", "must be an integer, found null"), ("99999999999999999999", "must be an integer, found number 99999999999999999999"),
    ] as [(String, String?)])
    func theYearIsOneToSix(_ year: String, _ problem: String?) {
        let report = check(syllabus: #"[{"subject": "S", "year": \#(year), "topics": [{"topic": "t"}]}]"#)
        #expect(report.problems.map(\.description) == (problem.map { [#"syllabus[0] ("S"), field "year": "# + $0] } ?? []))
        if problem == nil { #expect(report.syllabus.subjects.first?.year == Int(year)) }
    }

    @Test func unknownFieldsAreWarningsNamingTheirPlace() {
        let report = check(syllabus: #"[{"subject": "S", "semester": 1, "topics": [{"topic": "t", "hours": 3}]}]"#)
        #expect(report.isValid)
        #expect(report.warnings.map(\.description) == [
            #"syllabus[0] ("S"), field "semester": unknown field, ignored"#,
            #"syllabus[0] ("S"), topics[0] ("t"), field "hours": unknown field, ignored"#,
        ])
        #expect(!PackValidator.validate(Array(#"{"format": "daily-dose-pack/1", "items": [], "syllabus": []}"#.utf8))
            .warnings.contains { $0.field == "syllabus" }, "syllabus is a known top-level field")
    }

    /// The digest sees every name, year, tag and the order of subjects and topics, not the order of tags.
    @Test func theDigestChangesWithEveryChangeShown() {
        let base = check(syllabus: Self.good).syllabus
        var variants: [Syllabus] = []
        var renamed = base; renamed.subjects[0].topics[1].name = "Laplace transform"; variants.append(renamed)
        var year = base; year.subjects[0].year = 2; variants.append(year)
        var noYear = base; noYear.subjects[0].year = nil; variants.append(noYear)
        var tagged = base; tagged.subjects[2].tags = [code("ME")]; variants.append(tagged)
        var topicTag = base; topicTag.subjects[1].topics[0].tags = [code("EE")]; variants.append(topicTag)
        var swapped = base; swapped.subjects.swapAt(0, 1); variants.append(swapped)
        var topics = base; topics.subjects[0].topics.reverse(); variants.append(topics)
        var moved = base; moved.subjects[0].topics.append(moved.subjects[1].topics.removeFirst()); variants.append(moved)
        variants.append(Syllabus())
        let digests = [base.digest] + variants.map(\.digest)
        #expect(Set(digests).count == digests.count, "\(digests)")
        var tagOrder = base; tagOrder.subjects[1].tags.reverse()
        #expect(tagOrder.digest == base.digest)
        #expect(base.digest.hasPrefix("fnv1a64:") && base.digest.count == 24)
    }
}
