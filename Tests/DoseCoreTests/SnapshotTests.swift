import DoseCore
import DoseTestSupport
import Testing

private func code(_ text: String) -> BranchCode { BranchCode(exactly: text)! }

private let sampleItems = [
    Item(id: "f-ohm", kind: .fact, sortKey: 3, tags: [code("EE"), code("CS")], title: "Ohm's law",
         text: "V = IR, \"quoted\" \\ and\nnewline\ttab é 😀 \u{7F}"),
    Item(id: "m-euler", kind: .formula, sortKey: -9_223_372_036_854_775_808, text: "$e^{i\\pi} + 1 = 0$",
         explanation: "Euler"),
    Item(id: "q-weber", kind: .question, sortKey: .max, tags: [code("EE")], text: "What is a weber?",
         answer: "One volt-second", explanation: "Faraday"),
]

private func decodeError(_ bytes: [UInt8]) -> SnapshotError? {
    do {
        _ = try Snapshot.decode(bytes)
        return nil
    } catch {
        return error
    }
}

private func decodeError(_ text: String) -> SnapshotError? { decodeError(Array(text.utf8)) }

@Suite(.timeLimit(.minutes(5)), .watched) struct SnapshotTests {
    @Test func roundTrips() throws {
        let snapshot = Snapshot(generatedAt: 1_700_000_000, items: sampleItems)
        #expect(try Snapshot.decode(snapshot.encoded()) == snapshot)
        let empty = Snapshot(generatedAt: -1, items: [])
        #expect(try Snapshot.decode(empty.encoded()) == empty)
    }

    @Test func layoutIsFormatFirstAndOneItemPerLine() throws {
        let text = String(decoding: Snapshot(generatedAt: 5, poolDigest: "d", items: Array(sampleItems.prefix(2))).encoded(),
                          as: UTF8.self)
        #expect(text == """
            {
              "format": "daily-dose-snapshot/1",
              "generatedAt": 5,
              "poolDigest": "d",
              "count": 2,
              "items": [
                {"id":"f-ohm","kind":"fact","sortKey":3,"tags":["EE","CS"],"title":"Ohm's law","text":"V = IR, \\"quoted\\" \\\\ and\\nnewline\\ttab é 😀 \\u007f"},
                {"id":"m-euler","kind":"formula","sortKey":-9223372036854775808,"tags":[],"text":"$e^{i\\\\pi} + 1 = 0$","explanation":"Euler"}
              ]
            }

            """)
        // The encoding is plain JSON too.
        let tree = try JSONParser.parse(text)
        #expect(tree["count"]?.int64 == 2)
    }

    @Test func acceptsAnyWhitespaceAndFieldOrderAfterFormat() throws {
        let text = #"{"format":"daily-dose-snapshot/1","items":[{"text":"t","tags":["CS"],"sortKey":1,"kind":"fact","id":"a"}],"count":1,"poolDigest":"p","generatedAt":9}"# + "\n"
        let snapshot = try Snapshot.decode(Array(text.utf8))
        #expect(snapshot == Snapshot(generatedAt: 9, poolDigest: "p",
                                     items: [Item(id: "a", kind: .fact, sortKey: 1, tags: [code("CS")], text: "t")]))
    }

    @Test func rejectsOtherFormatVersions() throws {
        let bytes = Snapshot(generatedAt: 1, items: sampleItems).encoded()
        let v2 = String(decoding: bytes, as: UTF8.self).replacingFirst("daily-dose-snapshot/1", with: "daily-dose-snapshot/2")
        let error = try #require(decodeError(v2))
        #expect(error.reason == .unsupportedFormat(found: "daily-dose-snapshot/2"))
        #expect(error.description
            == "snapshot format \"daily-dose-snapshot/2\" (version 2) is not supported; this build reads \"daily-dose-snapshot/1\"")
        #expect(decodeError("{\"generatedAt\": 1}\n")?.reason == .unsupportedFormat(found: nil))
        #expect(decodeError("{\"format\": 1}\n")?.reason == .unsupportedFormat(found: nil))
        #expect(decodeError("{\"format\": \"daily-dose-pack/1\", \"items\": []}\n")?.reason
            == .unsupportedFormat(found: "daily-dose-pack/1"))
    }

    @Test func rejectsCountMismatch() {
        let text = String(decoding: Snapshot(generatedAt: 1, items: sampleItems).encoded(), as: UTF8.self)
            .replacingFirst("\"count\": 3", with: "\"count\": 4")
        #expect(decodeError(text)?.reason == .countMismatch(declared: 4, actual: 3))
        #expect(decodeError(text)?.description == "snapshot declares 4 items but holds 3")
    }

    @Test func everyPrefixFailsToDecode() {
        let bytes = Snapshot(generatedAt: 1_700_000_000, items: sampleItems).encoded()
        var accepted: [Int] = []
        for length in 0..<bytes.count where decodeError(Array(bytes[0..<length])) == nil {
            accepted.append(length)
        }
        #expect(accepted.isEmpty)
        #expect(decodeError(Array(bytes.dropLast()))?.reason == .truncated)
        #expect(decodeError(bytes) == nil)
    }

    @Test func topLevelFieldRules() {
        let head = "{\"format\": \"daily-dose-snapshot/1\", "
        #expect(decodeError(head + "\"generatedAt\": 1, \"poolDigest\": \"p\", \"items\": []}\n")?.reason == .missingField("count"))
        #expect(decodeError(head + "\"count\": 0, \"poolDigest\": \"p\", \"items\": []}\n")?.reason == .missingField("generatedAt"))
        #expect(decodeError(head + "\"generatedAt\": 1, \"generatedAt\": 2}\n")?.reason == .duplicateField("generatedAt"))
        #expect(decodeError(head + "\"extra\": 1}\n")?.reason == .unknownField("extra"))
        #expect(decodeError(head + "\"generatedAt\": 1.5}\n")?.reason
            == .invalidField("generatedAt", message: "must be an integer in the signed 64-bit range"))
        #expect(decodeError(head + "\"count\": -1}\n")?.reason == .invalidField("count", message: "must not be negative"))
        #expect(decodeError(head + "\"generatedAt\": 1, \"poolDigest\": \"p\", \"count\": 0, \"items\": []} x\n") != nil)
    }

    @Test func invalidItemsAreNamedByIndexIdAndField() {
        func itemError(_ item: String) -> String? {
            let text = "{\"format\": \"daily-dose-snapshot/1\", \"generatedAt\": 1, \"poolDigest\": \"p\", \"count\": 2, \"items\": [\n"
                + #"{"id":"ok","kind":"fact","sortKey":0,"tags":[],"text":"t"},"# + "\n" + item + "\n]}\n"
            return decodeError(text)?.description
        }
        #expect(itemError(#"{"id":"b","kind":"fact","sortKey":0,"tags":["CS "],"text":"t"}"#)
            == "snapshot item \"b\" (#1), field \"tags\": tag \"CS \" is not a branch code (two capital letters A–Z)")
        #expect(itemError(#"{"id":"b","kind":"fact","sortKey":0,"tags":[1],"text":"t"}"#)
            == "snapshot item \"b\" (#1), field \"tags\": tag that is not a string is not a branch code (two capital letters A–Z)")
        #expect(itemError(#"{"id":"b","kind":"fact","sortKey":0,"tags":["CS","CS"],"text":"t"}"#)
            == "snapshot item \"b\" (#1), field \"tags\": tag \"CS\" appears more than once")
        #expect(itemError(#"{"id":"b","kind":"fakt","sortKey":0,"tags":[],"text":"t"}"#)
            == "snapshot item \"b\" (#1), field \"kind\": kind \"fakt\" is not one of \"fact\", \"formula\", \"question\"")
        #expect(itemError(#"{"id":"b","kind":"fact","sortKey":1e3,"tags":[],"text":"t"}"#)
            == "snapshot item \"b\" (#1), field \"sortKey\": must be an integer in the signed 64-bit range")
        #expect(itemError(#"{"id":"b","kind":"fact","sortKey":0,"tags":[]}"#)
            == "snapshot item \"b\" (#1), field \"text\": missing required field")
        #expect(itemError(#"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":""}"#)
            == "snapshot item \"b\" (#1), field \"text\": text must not be empty")
        #expect(itemError(#"{"id":"b","kind":"question","sortKey":0,"tags":[],"text":"q"}"#)
            == "snapshot item \"b\" (#1), field \"answer\": a question needs an answer")
        #expect(itemError(#"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"q","answer":"a"}"#)
            == "snapshot item \"b\" (#1), field \"answer\": only questions have an answer; this item is a fact")
        #expect(itemError(#"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"q","title":5}"#)
            == "snapshot item \"b\" (#1), field \"title\": must be a string")
        #expect(itemError(#"{"id":"b","kind":"fact","sortKey":0,"tags":[],"text":"q","colour":"red"}"#)
            == "snapshot item \"b\" (#1): unknown field \"colour\"")
        #expect(itemError(#"{"id":"b","kind":"fact","kind":"fact","sortKey":0,"tags":[],"text":"q"}"#)
            == "snapshot item \"b\" (#1), field \"kind\": field appears twice")
        #expect(itemError(#"{"id":"","kind":"fact","sortKey":0,"tags":[],"text":"q"}"#)
            == "snapshot item #1, field \"id\": id must not be empty")
        #expect(itemError(#"{"kind":"fact","sortKey":0,"tags":[],"text":"q"}"#)
            == "snapshot item #1, field \"id\": missing required field")
        #expect(itemError(#"{"id":"ok","kind":"fact","sortKey":0,"tags":[],"text":"q"}"#)
            == "snapshot item \"ok\" (#1), field \"id\": id is used by an earlier item")
        #expect(itemError(#"["not an item"]"#)?.hasPrefix("snapshot is not valid JSON: line 3, column 1: unexpected character '['") == true)
    }

    @Test func digestIsStableUnderEqualContent() {
        let digest = Snapshot.digest(of: sampleItems)
        #expect(digest.hasPrefix("fnv1a64:") && digest.utf8.count == 24)
        #expect(Snapshot.digest(of: sampleItems) == digest)
        // Order of items and of tags does not change what the resolver sees.
        #expect(Snapshot.digest(of: sampleItems.reversed()) == digest)
        var retagged = sampleItems
        retagged[0].tags.reverse()
        #expect(Snapshot.digest(of: retagged) == digest)
        // Any change in content does.
        var changes: [[Item]] = []
        for mutate in [{ (i: inout Item) in i.text += "!" }, { $0.title = nil }, { $0.title = "" }, { $0.sortKey += 1 },
                       { $0.kind = .formula }, { $0.id = "f-ohm2" }, { $0.tags = [] }, { $0.explanation = "x" }] {
            var items = sampleItems
            mutate(&items[0])
            changes.append(items)
        }
        let digests = Set(changes.map(Snapshot.digest(of:)))
        #expect(digests.count == changes.count)
        #expect(!digests.contains(digest))
        #expect(Snapshot.digest(of: []) != digest)
        // Bytes cannot move between fields without changing the digest.
        #expect(Snapshot.digest(of: [Item(id: "ab", kind: .fact, text: "c")])
            != Snapshot.digest(of: [Item(id: "a", kind: .fact, text: "bc")]))
    }

    @Test func decodesManyItems() throws {
        let items = (0..<5_000).map { i in
            Item(id: "item-\(i)", kind: Kind.rotation[i % 3], sortKey: Int64(i * 7919 % 1000) - 500,
                 tags: i % 4 == 0 ? [] : [code(["CS", "EE", "ME"][i % 3])], title: i % 2 == 0 ? "T\(i)" : nil,
                 text: String(repeating: "Lorem ipsum é ", count: i % 20 + 1), answer: i % 3 == 2 ? "A\(i)" : nil)
        }
        let snapshot = Snapshot(generatedAt: 42, items: items)
        let decoded = try Snapshot.decode(snapshot.encoded())
        #expect(decoded == snapshot)
        #expect(decoded.poolDigest == Snapshot.digest(of: decoded.items))
    }
}

extension String {
    /// Replaces the first occurrence of `target` (test helper; no Foundation).
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        let scalars = Array(self.unicodeScalars)
        let needle = Array(target.unicodeScalars)
        guard let start = (0...(scalars.count - needle.count)).first(where: { Array(scalars[$0..<($0 + needle.count)]) == needle })
        else { return self }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[..<start])
        out.append(contentsOf: replacement.unicodeScalars)
        out.append(contentsOf: scalars[(start + needle.count)...])
        return String(out)
    }
}
