import DoseCore
import DoseSystem
import DoseTestSupport
import Testing

/// A pack's problems for people: under C exactly DoseCore's English, in German still naming the item and the
/// field, the pack's own values (ids, tags, JSON) as they are, escaped.
@Suite(.timeLimit(.minutes(5)), .watched) struct PackProblemLocalizedTests {
    static let found: [PackProblem.Found] = [.string("\"x\""), .number("1.5"), .literal("null"), .array, .object]
    static let reasons: [PackProblem.Reason] = [
        .packTooLarge(bytes: 9, limit: 8), .packNotObject(.array), .unknownTopLevelField, .missingField,
        .missingFormat(expected: "\"daily-dose-pack/1\""), .unsupportedFormat(found: "\"x/2\"", expected: "\"daily-dose-pack/1\""),
        .formatNotString(expected: "\"daily-dose-pack/1\"", found: .number("1")), .itemsNotArray(.object),
        .tooManyItems(count: 3, limit: 2), .noItems, .duplicateID(id: "\"a\"", firstIndex: 0), .itemNotObject(.literal("true")),
        .notString(.number("2")), .notOptionalString(.array), .unknownKind("\"fakt\""), .sortKeyOutOfRange("1e99"),
        .notInteger(.string("\"1\"")), .tagsNotArray(.string("\"CS\"")), .tooManyTags(count: 65, limit: 64),
        .notBranchCode(tag: "\"cs\""), .repeatedTag("\"EE\""), .answerNotAllowed(.fact), .unknownField, .emptyID,
        .idTooLong(bytes: 129, limit: 128), .idControl(id: "\"a\\u0001\"", character: "U+0001"), .emptyProse(field: "text"),
        .proseControl(field: "title", character: "U+0007"), .proseTooLong(field: "text", count: 9, limit: 8),
        .definesMacro(field: "text", command: "def"), .bidiControl(field: "title", character: "U+202E", name: "RIGHT-TO-LEFT OVERRIDE"),
        .bidiMark(character: "U+200F", name: "RIGHT-TO-LEFT MARK"),
    ]

    @Test func underTheCLocaleEveryMessageIsDoseCoresEnglish() {
        for reason in Self.reasons {
            #expect(reason.localized == reason.description)
        }
        for found in Self.found { #expect(found.localized == found.description) }
        for (id, index, field) in [("a", 3, "tags"), (nil, 3, "tags"), ("a", nil, "tags"), ("a", 3, nil), (nil, nil, "items"),
                                   (nil, 2, nil), ("a", nil, nil), (nil, nil, nil)] as [(String?, Int?, String?)] {
            let problem = PackProblem(itemIndex: index, itemID: id, field: field, reason: .notBranchCode(tag: "\"CS \""))
            #expect(problem.localized == problem.description)
        }
        let json = PackValidator.validate(Array("{\"format\": 1,}".utf8)).problems
        #expect(json.map(\.localized) == json.map(\.description))
    }

    /// A pack that is not JSON: under C DoseCore's words; in German the parser's own phrases translated too
    /// (a changed phrase in DoseCore would fall back to English and fail here), the position as it is.
    @Test func jsonSyntaxErrorsInGermanAndUnderC() throws {
        let inputs = [
            "\u{FEFF}{}", "[1,]", #"{"a":1,}"#, "[1 2]", "[", #""abc"#, #""\x""#, #""\u12G4""#, "\"\\", "\"\u{1}\"", "[\u{FF}]",
            "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
            "{} x", #"{"a":1,"a":2}"#, "[-]", "[01]", "[1.]", "[1e]", #""\uDC00""#,
        ]
        let problems = inputs.map { PackValidator.validate(Array($0.utf8)).problems }
        for (input, found) in zip(inputs, problems) {
            #expect(found.count == 1 && found[0].localized == found[0].description, "\(input): \(found)")
            guard case .notJSON = found.first?.reason else {
                Issue.record("\(input): not a JSON error: \(found)")
                continue
            }
        }
        let german = try German.run { problems.map { $0.map(\.localized) } }
        for (input, (english, translated)) in zip(inputs, zip(problems.map { $0.map(\.description) }, german)) {
            #expect(translated.first?.hasPrefix("kein gültiges JSON: Zeile 1, Spalte ") == true, "\(input): \(translated)")
            // Every message is German but for a detail naming the input's characters (a surrogate, an escape).
            for word in ["expected", "unexpected", "number", "string", "value", "digit", "leading", "key", "trailing", "nesting"] {
                #expect(!(translated.first ?? "").contains(word) || input.contains("\\"), "\(input): \(translated) (\(english))")
            }
        }
        #expect(german[1] == ["kein gültiges JSON: Zeile 1, Spalte 4: unerwartetes Zeichen ']', erwartet: ein Wert"])
        #expect(german[3] == ["kein gültiges JSON: Zeile 1, Spalte 4: unerwartetes Zeichen '2', erwartet: ',' or ']'"])
        #expect(german[15] == ["kein gültiges JSON: Zeile 1, Spalte 2: fehlerhafte Zahl: führende Nullen sind nicht erlaubt"])
    }

    @Test func inGermanTheItemAndTheFieldAreStillNamed() throws {
        let pack = #"{"format": "daily-dose-pack/1", "items": [{"id": "f-ohm", "kind": "fact", "text": "t", "tags": ["CS", "cs"]}, {"id": "f-ohm", "kind": "fakt", "text": "\\def\\x{1}"}]}"#
        let report = PackValidator.validate(Array(pack.utf8))
        let lines = try German.run { report.problems.map(\.localized) }
        #expect(lines == [
            "Eintrag \"f-ohm\" (#0), Feld \"tags\": das Tag \"cs\" ist kein Fachrichtungskürzel (zwei Großbuchstaben A–Z)",
            "Eintrag \"f-ohm\" (#1), Feld \"kind\": die Art \"fakt\" ist keine von \"fact\", \"formula\", \"question\"",
            "Eintrag \"f-ohm\" (#1), Feld \"text\": text nutzt \\def, das ein Makro definiert; Makros dürfen nicht definiert werden (sie können eine Seite hängen lassen: CVE-2024-28243)",
            "Eintrag \"f-ohm\" (#1), Feld \"id\": die ID \"f-ohm\" hat auch Eintrag #0; IDs müssen eindeutig sein",
        ], "\(lines)")
        // Every message has a translation: none is left as DoseCore's English.
        let german = try German.run { Self.reasons.map(\.localized) + Self.found.map(\.localized) }
        // (`null` is JSON, the same in every language.)
        for (english, translated) in zip(Self.reasons.map(\.description) + Self.found.map(\.description), german)
        where english != "null" {
            #expect(english != translated)
        }
        // A control character in an id reaches no terminal raw: quoted as JSON, as in English.
        let hostile = PackProblem(itemIndex: 0, itemID: "a\u{1B}[31m", field: "text", reason: .emptyProse(field: "text"))
        let shown = try German.run { hostile.localized }
        #expect(!shown.contains("\u{1B}") && shown.contains("\"a\\u001b[31m\""), "\(shown)")
    }
}
