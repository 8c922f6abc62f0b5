import DoseTestSupport
@testable import DoseCore
import Foundation
import Testing

/// Validates a pack whose `items` are given as JSON text fragments.
private func check(_ items: [String], top: String = "") -> PackReport {
    let text = "{\"format\": \"daily-dose-pack/1\"\(top), \"items\": [\n" + items.joined(separator: ",\n") + "\n]}"
    return PackValidator.validate(Array(text.utf8))
}

/// The single problem of a report, as text.
private func onlyProblem(_ report: PackReport) -> String? {
    report.problems.count == 1 ? report.problems[0].description : "\(report.problems)"
}

@Suite(.timeLimit(.minutes(5)), .watched) struct PackValidatorTests {
    @Test func validPackYieldsItemsWithDefaults() throws {
        let report = check([
            #"{"id": "f-ohm", "kind": "fact", "text": "V = IR"}"#,
            #"{"id": "q-1", "kind": "question", "sortKey": -9223372036854775808, "tags": ["EE", "CS"],"#
                + #" "title": "Units", "text": "What is a weber?", "answer": "V·s", "explanation": "Faraday\n\tlaw"}"#,
        ])
        #expect(report.isValid)
        #expect(report.warnings.isEmpty)
        #expect(report.items == [
            Item(id: "f-ohm", kind: .fact, text: "V = IR"),
            Item(id: "q-1", kind: .question, sortKey: .min,
                 tags: [try #require(BranchCode(exactly: "EE")), try #require(BranchCode(exactly: "CS"))],
                 title: "Units", text: "What is a weber?", answer: "V·s", explanation: "Faraday\n\tlaw"),
        ])
    }

    @Test func malformedTagsAreNamedEscapedAndNeverNormalised() {
        let report = check([
            #"{"id": "a", "kind": "fact", "text": "t"}"#,
            #"{"id": "b", "kind": "fact", "text": "t"}"#,
            #"{"id": "c", "kind": "fact", "text": "t"}"#,
            #"{"id": "f-ohm", "kind": "fact", "text": "t", "tags": ["cs", "CS ", "C", "CSE", "", 12, null, "E\u0001", "EE", "EE"]}"#,
        ])
        let rule = "is not a branch code (two capital letters A–Z)"
        #expect(report.problems.map(\.description) == [
            "item \"f-ohm\" (#3), field \"tags\": tag \"cs\" \(rule)",
            "item \"f-ohm\" (#3), field \"tags\": tag \"CS \" \(rule)",
            "item \"f-ohm\" (#3), field \"tags\": tag \"C\" \(rule)",
            "item \"f-ohm\" (#3), field \"tags\": tag \"CSE\" \(rule)",
            "item \"f-ohm\" (#3), field \"tags\": tag \"\" \(rule)",
            "item \"f-ohm\" (#3), field \"tags\": tag 12 \(rule)",
            "item \"f-ohm\" (#3), field \"tags\": tag null \(rule)",
            "item \"f-ohm\" (#3), field \"tags\": tag \"E\\u0001\" \(rule)",
            "item \"f-ohm\" (#3), field \"tags\": tag \"EE\" appears more than once",
        ])
        #expect(report.problems[1] == PackProblem(itemIndex: 3, itemID: "f-ohm", field: "tags", reason: .notBranchCode(tag: "\"CS \"")))
        #expect(report.problems[1].message == "tag \"CS \" \(rule)")
        #expect(report.items.count == 3)
    }

    @Test func tagsMustBeAnArrayWithinTheLimit() {
        #expect(onlyProblem(check([#"{"id": "a", "kind": "fact", "text": "t", "tags": "CS"}"#]))
            == "item \"a\" (#0), field \"tags\": must be an array of branch codes, found string \"CS\"")
        let many = (0..<65).map { i in "\"\(Character(Unicode.Scalar(65 + i / 26)!))\(Character(Unicode.Scalar(65 + i % 26)!))\"" }
        let tooMany = check([#"{"id": "a", "kind": "fact", "text": "t", "tags": ["# + many.joined(separator: ",") + "]}"])
        #expect(onlyProblem(tooMany) == "item \"a\" (#0), field \"tags\": 65 tags; the limit is 64")
    }

    @Test func idRules() {
        let long = String(repeating: "x", count: 129)
        let report = check([
            #"{"kind": "fact", "text": "t"}"#,
            #"{"id": 7, "kind": "fact", "text": "t"}"#,
            #"{"id": "", "kind": "fact", "text": "t"}"#,
            "{\"id\": \"\(long)\", \"kind\": \"fact\", \"text\": \"t\"}",
            #"{"id": "a\u0085b", "kind": "fact", "text": "t"}"#,
            #"{"id": "x\u007f", "kind": "fact", "text": "t"}"#,
            "{\"id\": \"\(String(repeating: "é", count: 64))\", \"kind\": \"fact\", \"text\": \"t\"}",
        ])
        #expect(report.problems.map(\.description) == [
            "item #0, field \"id\": missing required field",
            "item #1, field \"id\": must be a string, found number 7",
            "item #2, field \"id\": id must not be empty",
            "item #3, field \"id\": id is 129 bytes long; the limit is 128 bytes of UTF-8",
            "item #4, field \"id\": id \"a\\u0085b\" contains control character U+0085",
            "item #5, field \"id\": id \"x\\u007f\" contains control character U+007F",
        ])
        #expect(report.items.map(\.id) == [String(repeating: "é", count: 64)])
    }

    @Test func duplicateIDNamesBothItems() {
        let report = check([
            #"{"id": "dup", "kind": "fact", "text": "t"}"#,
            #"{"id": "other", "kind": "fact", "text": "t"}"#,
            #"{"id": "dup", "kind": "formula", "text": "u"}"#,
        ])
        #expect(onlyProblem(report)
            == "item \"dup\" (#2), field \"id\": id \"dup\" is also used by item #0; ids must be unique")
        #expect(report.items.map(\.id) == ["dup", "other"])
    }

    /// The first index is kept however often an id comes back (the check stores the latest, then restores it).
    @Test func everyRepeatNamesTheFirstItem() {
        let report = check([
            #"{"id": "dup", "kind": "fact", "text": "t"}"#,
            #"{"id": "dup", "kind": "fact", "text": "t"}"#,
            #"{"id": "dup", "kind": "fact", "text": "t"}"#,
        ])
        #expect(report.problems.map(\.description) == [
            "item \"dup\" (#1), field \"id\": id \"dup\" is also used by item #0; ids must be unique",
            "item \"dup\" (#2), field \"id\": id \"dup\" is also used by item #0; ids must be unique",
        ])
    }

    @Test func kindRules() {
        let report = check([
            #"{"id": "a", "text": "t"}"#,
            #"{"id": "b", "kind": "Fact", "text": "t"}"#,
            #"{"id": "c", "kind": ["fact"], "text": "t"}"#,
        ])
        #expect(report.problems.map(\.description) == [
            "item \"a\" (#0), field \"kind\": missing required field",
            "item \"b\" (#1), field \"kind\": kind \"Fact\" is not one of \"fact\", \"formula\", \"question\"",
            "item \"c\" (#2), field \"kind\": must be a string, found an array",
        ])
    }

    @Test func sortKeyMustBeAnExactInt64() {
        let report = check([
            #"{"id": "a", "kind": "fact", "text": "t", "sortKey": 1.0}"#,
            #"{"id": "b", "kind": "fact", "text": "t", "sortKey": 1e3}"#,
            #"{"id": "c", "kind": "fact", "text": "t", "sortKey": "1"}"#,
            #"{"id": "d", "kind": "fact", "text": "t", "sortKey": 9223372036854775808}"#,
            #"{"id": "e", "kind": "fact", "text": "t", "sortKey": 9223372036854775807}"#,
        ])
        #expect(report.problems.map(\.description) == [
            "item \"a\" (#0), field \"sortKey\": sortKey 1.0 is not an integer in the signed 64-bit range",
            "item \"b\" (#1), field \"sortKey\": sortKey 1e3 is not an integer in the signed 64-bit range",
            "item \"c\" (#2), field \"sortKey\": must be an integer, found string \"1\"",
            "item \"d\" (#3), field \"sortKey\": sortKey 9223372036854775808 is not an integer in the signed 64-bit range",
        ])
        #expect(report.items.map(\.sortKey) == [.max])
    }

    @Test func textAndAnswerRules() {
        let report = check([
            #"{"id": "a", "kind": "fact"}"#,
            #"{"id": "b", "kind": "fact", "text": ""}"#,
            #"{"id": "c", "kind": "question", "text": "q?"}"#,
            #"{"id": "d", "kind": "question", "text": "q?", "answer": ""}"#,
            #"{"id": "e", "kind": "formula", "text": "x", "answer": "y"}"#,
            #"{"id": "f", "kind": "fact", "text": "a\u0000b"}"#,
            #"{"id": "g", "kind": "fact", "text": "line\r\n"}"#,
            #"{"id": "h", "kind": "fact", "text": "t", "title": null}"#,
            #"{"id": "i", "kind": "fact", "text": "t", "explanation": 5}"#,
        ])
        #expect(report.problems.map(\.description) == [
            "item \"a\" (#0), field \"text\": missing required field",
            "item \"b\" (#1), field \"text\": text must not be empty",
            "item \"c\" (#2), field \"answer\": missing required field",
            "item \"d\" (#3), field \"answer\": answer must not be empty",
            "item \"e\" (#4), field \"answer\": only questions have an answer; this item is a formula",
            "item \"f\" (#5), field \"text\": text contains control character U+0000; only \\n and \\t are allowed",
            "item \"g\" (#6), field \"text\": text contains control character U+000D; only \\n and \\t are allowed",
            "item \"h\" (#7), field \"title\": must be a string (omit the field when there is none), found null",
            "item \"i\" (#8), field \"explanation\": must be a string (omit the field when there is none), found number 5",
        ])
        #expect(report.items.isEmpty)
    }

    @Test func lengthLimitsCountCharacters() {
        func item(_ field: String, _ count: Int, kind: String = "question") -> String {
            var fields = ["\"id\": \"x\"", "\"kind\": \"\(kind)\"", "\"text\": \"t\"", "\"answer\": \"a\""]
            fields.removeAll { $0.hasPrefix("\"\(field)\"") }
            fields.append("\"\(field)\": \"\(String(repeating: "é", count: count))\"")
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let limits = [("title", PackLimits.maxTitleScalars), ("text", PackLimits.maxTextScalars),
                      ("answer", PackLimits.maxAnswerScalars), ("explanation", PackLimits.maxExplanationScalars)]
        for (field, limit) in limits {
            #expect(check([item(field, limit)]).isValid, "\(field) at its limit")
            #expect(onlyProblem(check([item(field, limit + 1)]))
                == "item \"x\" (#0), field \"\(field)\": \(field) is \(limit + 1) characters long; the limit is \(limit)")
        }
    }

    @Test func itemThatIsNotAnObject() {
        #expect(onlyProblem(check(["[1]"])) == "item #0: item must be an object, found an array")
    }

    @Test func reportsEveryProblemOfEveryItem() {
        let report = check([
            #"{"id": "a", "kind": "Fact", "tags": ["cs"], "sortKey": 0.5}"#,
            #"{"id": "ok", "kind": "fact", "text": "t"}"#,
            #""not an item""#,
        ])
        #expect(report.problems.map { "\($0.itemIndex!) \($0.field ?? "-")" } == [
            "0 kind", "0 sortKey", "0 tags", "0 text", "2 -",
        ])
        #expect(!report.isValid)
        #expect(report.items.map(\.id) == ["ok"])
    }

    @Test func unknownFieldsAreWarnings() {
        let report = check([#"{"id": "a", "kind": "fact", "text": "t", "colour": "red"}"#], top: #", "author": "me""#)
        #expect(report.isValid)
        #expect(report.warnings.map(\.description) == [
            "field \"author\": unknown top-level field, ignored",
            "item \"a\" (#0), field \"colour\": unknown field, ignored",
        ])
        #expect(report.items.count == 1)
    }

    /// Field names are known by String equality, as they always were: the byte comparison first is only
    /// a shortcut, so a key canonically equal to a field name (KELVIN SIGN for K) is still no warning.
    @Test func knownFieldsKeepStringEquality() {
        let report = check([#"{"id": "a", "kind": "fact", "text": "t", "sort\#u{212A}ey": 1}"#])
        #expect(report.isValid)
        #expect(report.warnings.isEmpty)
        #expect(PackValidator.isKnown("sortKey", PackValidator.itemFields))
        #expect(PackValidator.isKnown("sort\u{212A}ey", PackValidator.itemFields))
        #expect(!PackValidator.isKnown("sortkey", PackValidator.itemFields))
        #expect(!PackValidator.isKnown("format ", PackValidator.topLevelFields))
    }

    /// In a hand-built item (the parser refuses repeated keys) the first member of a field counts, as the
    /// subscript reads it; unknown keys are listed in order.
    @Test func itemFieldsTakeTheFirstMemberOfAKey() {
        let fields = PackValidator.ItemFields([
            (key: "id", value: .string("first")), (key: "zeta", value: .null), (key: "id", value: .string("second")),
            (key: "kind", value: .string("fact")), (key: "Text", value: .null), (key: "text", value: .string("t")),
            (key: "sort\u{212A}ey", value: .integer(5)), (key: "alpha", value: .null),
        ])
        #expect(fields.id?.string == "first")
        #expect(fields.kind?.string == "fact" && fields.text?.string == "t")
        #expect(fields.sortKey == nil && fields.tags == nil && fields.title == nil)
        #expect(fields.unknownKeys == ["zeta", "Text", "alpha"])
        var check = PackValidator.ItemCheck(index: 0)
        let element = JSONValue.object([(key: "id", value: .string("a")), (key: "kind", value: .string("fact")),
                                        (key: "text", value: .string("t")), (key: "id", value: .integer(1))])
        #expect(check.run(element)?.id == "a")
        #expect(check.problems.isEmpty && check.warnings.isEmpty)
    }

    @Test func formatAndTopLevelShape() {
        func problems(_ text: String) -> [String] { PackValidator.validate(Array(text.utf8)).problems.map(\.description) }
        #expect(problems(#"{"items": []}"#) == ["field \"format\": missing required field; expected \"daily-dose-pack/1\""])
        #expect(problems(#"{"format": "daily-dose-pack/2", "items": []}"#)
            == ["field \"format\": format \"daily-dose-pack/2\" is not supported; expected \"daily-dose-pack/1\""])
        #expect(problems(#"{"format": 1, "items": []}"#)
            == ["field \"format\": must be the string \"daily-dose-pack/1\", found number 1"])
        #expect(problems(#"{"format": "daily-dose-pack/1"}"#) == ["field \"items\": missing required field"])
        #expect(problems(#"{"format": "daily-dose-pack/1", "items": {}}"#) == ["field \"items\": must be an array, found an object"])
        #expect(problems("[]") == ["the pack must be a JSON object, found an array"])
        let empty = PackValidator.validate(Array(#"{"format": "daily-dose-pack/1", "items": []}"#.utf8))
        #expect(empty.isValid && empty.warnings.map(\.description) == ["field \"items\": the pack has no items"])
    }

    @Test func unparseableJSONIsOneProblemWithPosition() {
        let report = PackValidator.validate(Array("{\"format\": \"daily-dose-pack/1\",\n \"items\": [,]}".utf8))
        #expect(report.problems.map(\.description)
            == ["not valid JSON: line 2, column 12: unexpected character ',', expected a value"])
        let dup = PackValidator.validate(Array(#"{"format": "daily-dose-pack/1", "items": [{"id": "a", "id": "b"}]}"#.utf8))
        #expect(dup.problems.map(\.description) == ["not valid JSON: line 1, column 55: duplicate key \"id\""])
    }

    @Test func depthAndSizeLimits() {
        let deep = String(repeating: "[", count: PackLimits.maxDepth) + String(repeating: "]", count: PackLimits.maxDepth)
        let tooDeep = "[" + deep + "]"
        #expect(PackValidator.validate(Array(deep.utf8)).problems.map(\.description)
            == ["the pack must be a JSON object, found an array"])
        #expect(PackValidator.validate(Array(tooDeep.utf8)).problems.map(\.description)
            == ["not valid JSON: line 1, column 33: nesting deeper than 32 arrays/objects"])
        let huge = [UInt8](repeating: 0x20, count: PackLimits.maxPackBytes + 1)
        #expect(PackValidator.validate(huge).problems.map(\.description)
            == ["the pack is 67108865 bytes; the limit is 67108864 bytes"])
    }

    // MARK: Bidirectional controls and macro definitions (issue 11)

    /// Overrides, embeddings and isolates in any field; marks only in ids.
    @Test func bidiControlsAreRefusedNamingItemAndField() {
        for scalar in ["\\u202A", "\\u202B", "\\u202C", "\\u202D", "\\u202E", "\\u2066", "\\u2067", "\\u2068", "\\u2069"] {
            let report = check([
                #"{"id": "inv\#(scalar)oice", "kind": "fact", "text": "t"}"#,
                #"{"id": "t", "kind": "fact", "title": "Invoice \#(scalar)gpj.exe", "text": "t"}"#,
                #"{"id": "x", "kind": "fact", "text": "a\#(scalar)b"}"#,
                #"{"id": "q", "kind": "question", "text": "t", "answer": "a\#(scalar)", "explanation": "\#(scalar)e"}"#,
            ])
            #expect(report.problems.map { "\($0.itemIndex ?? -1) \($0.itemID ?? "-") \($0.field ?? "-")" }
                == ["0 - id", "1 t title", "2 x text", "3 q answer", "3 q explanation"], "\(scalar)")
            #expect(report.items.isEmpty)
        }
        let override = check([#"{"id": "t", "kind": "fact", "title": "Invoice \u202Egpj.exe", "text": "t"}"#])
        #expect(onlyProblem(override) == "item \"t\" (#0), field \"title\": title contains U+202E RIGHT-TO-LEFT OVERRIDE, "
            + "a bidirectional control that makes text display in another order than it reads")
    }

    @Test func bidiMarksAreRefusedInIDsOnly() {
        for scalar in ["\\u200E", "\\u200F", "\\u061C"] {
            #expect(check([#"{"id": "a\#(scalar)", "kind": "fact", "text": "t"}"#]).problems.map(\.field) == ["id"])
            let prose = check([#"{"id": "a", "kind": "fact", "title": "\#(scalar)T", "text": "שלום\#(scalar), עולם"}"#])
            #expect(prose.isValid && prose.items.count == 1, "\(prose.problems)")
        }
        #expect(onlyProblem(check([#"{"id": "a\u200F", "kind": "fact", "text": "t"}"#]))
            == "item #0, field \"id\": id contains U+200F RIGHT-TO-LEFT MARK, an invisible bidirectional mark")
    }

    /// A 193-character formula in the CVE-2024-28243 pattern: each `\edef` quadruples `\a` (4^8 tokens,
    /// unchecked by KaTeX 0.16.4), used 24 times; it kept KaTeX busy past 15 s in node here.
    static let edefBomb = #"\\def\\a{x}"# + String(repeating: #"\\edef\\a{\\a\\a\\a\\a}"#, count: 8)
        + String(repeating: #"\\a"#, count: 24)

    @Test func macroDefinitionsAreRefusedNamingItemAndField() {
        for name in ContentRules.macroCommands.sorted() {
            let report = check([
                #"{"id": "f", "kind": "formula", "text": "\\\#(name)\\x{y} x"}"#,
                #"{"id": "p", "kind": "fact", "title": "$\\\#(name)*$", "text": "ok $a \\\#(name)$", "explanation": "$\\\#(name)$"}"#,
                #"{"id": "q", "kind": "question", "text": "t", "answer": "$\\\#(name)@$"}"#,
            ])
            #expect(report.problems.map { "\($0.itemID ?? "-") \($0.field ?? "-")" }
                == ["f text", "p title", "p text", "p explanation"], "\\\(name)")
        }
        #expect(onlyProblem(check([#"{"id": "bomb", "kind": "formula", "text": "\#(Self.edefBomb)"}"#]))
            == "item \"bomb\" (#0), field \"text\": text uses \\def, which defines a macro; macros may not be "
            + "defined (they can make a page hang: CVE-2024-28243)")
        #expect(onlyProblem(check([#"{"id": "e", "kind": "formula", "text": "x \\edef\\a{\\a\\a}"}"#]))?.contains("uses \\edef,") == true)
    }

    /// Control words are read whole, as KaTeX's lexer reads them: near misses are other commands.
    @Test func commandsThatOnlyResembleDefinitionsPass() {
        let texts = [#"\\left( \\lim_{x} \\leq \\Def \\define \\letter \\lets"#, #"a \\\\def \\\\let b"#,
                     #"$\\operatorname{def}$ def let \\longrightarrow \\globalx"#, #"\\$def"#]
        for text in texts {
            let report = check([#"{"id": "a", "kind": "formula", "text": "\#(text)"}"#])
            #expect(report.isValid, "\(text): \(report.problems)")
        }
    }

    @Test func theSamplePackStillValidates() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for pack in ["content/sample-pack.json", "fuzz/corpus/pack/small.json"] {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(pack)))
            let report = PackValidator.validate(bytes)
            #expect(report.isValid, "\(pack): \(report.problems)")
        }
    }
}
