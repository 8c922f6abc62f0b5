/// Decoding one item line straight into an `Item`.
extension SnapshotDecoder {
    /// The fields of an item object, matched on the key's raw bytes (no String per key).
    enum Field: Int, CaseIterable {
        case id, kind, sortKey, tags, title, text, answer, explanation

        var name: String {
            switch self {
            case .id: "id"
            case .kind: "kind"
            case .sortKey: "sortKey"
            case .tags: "tags"
            case .title: "title"
            case .text: "text"
            case .answer: "answer"
            case .explanation: "explanation"
            }
        }

        static let names: [(bytes: [UInt8], field: Field)] = allCases.map { (Array($0.name.utf8), $0) }

        /// The field whose name is exactly `key`, or nil.
        static func match(_ key: UnsafeBufferPointer<UInt8>) -> Field? {
            guard key.count >= 2 else { return nil }
            let candidate: Field
            let name: StaticString
            switch (key.count, key[0]) {
            case (2, UInt8(ascii: "i")): (candidate, name) = (.id, "id")
            case (4, UInt8(ascii: "k")): (candidate, name) = (.kind, "kind")
            case (7, UInt8(ascii: "s")): (candidate, name) = (.sortKey, "sortKey")
            case (4, UInt8(ascii: "t")): (candidate, name) = key[1] == UInt8(ascii: "a") ? (.tags, "tags") : (.text, "text")
            case (5, UInt8(ascii: "t")): (candidate, name) = (.title, "title")
            case (6, UInt8(ascii: "a")): (candidate, name) = (.answer, "answer")
            case (11, UInt8(ascii: "e")): (candidate, name) = (.explanation, "explanation")
            default: return nil
            }
            // A StaticString's bytes: no array or lazy global touched per key (`make bench`).
            let bytes = name.utf8Start
            for index in 1..<key.count where key[index] != bytes[index] { return nil }
            return candidate
        }
    }

    mutating func item(index: Int) throws(SnapshotError) -> Item {
        var id: String?
        var kind: Kind?
        var sortKey: Int64?
        var tags: [BranchCode]?
        var title: String?
        var text: String?
        var answer: String?
        var explanation: String?
        var present = 0  // bit per Field, to catch a repeated field

        func failure(_ field: Field?, _ message: String) -> SnapshotError {
            SnapshotError(.invalidItem(index: index, id: id, field: field?.name, message: message))
        }

        try json { (s) throws(JSONError) in try s.expect(UInt8(ascii: "{"), "'{' (an item)") }
        if try json({ (s) throws(JSONError) in s.consume(UInt8(ascii: "}")) }) {
            throw failure(nil, "item is empty")
        }
        repeat {
            let token = try json { (s) throws(JSONError) -> JSONScanner.StringToken in
                s.skipWhitespace()
                guard !s.isAtEnd, s.current == UInt8(ascii: "\"") else { throw s.unexpected("a string key") }
                let token = try s.stringToken()
                try s.expect(UInt8(ascii: ":"), "':'")
                return token
            }
            guard let field = match(token) else {
                throw failure(nil, "unknown field \(JSONWriter.quoted(keyText(of: token)))")
            }
            let bit = 1 << field.rawValue
            guard present & bit == 0 else { throw failure(field, "field appears twice") }
            present |= bit
            switch field {
            case .id:
                let value = try string(field, failure)
                if let reason = ItemRules.idProblem(value) { throw failure(field, reason.description) }
                id = value
            case .kind:
                let value = try string(field, failure)
                guard let parsed = Kind(rawValue: value) else {
                    throw failure(field, "kind \(JSONWriter.quoted(value)) is not one of \"fact\", \"formula\", \"question\"")
                }
                kind = parsed
            case .sortKey:
                sortKey = try integer(field, failure)
            case .tags:
                tags = try branchCodes(failure)
            case .title:
                title = try string(field, failure)
            case .text:
                let value = try string(field, failure)
                guard !value.isEmpty else { throw failure(field, "text must not be empty") }
                text = value
            case .answer:
                answer = try string(field, failure)
            case .explanation:
                explanation = try string(field, failure)
            }
        } while try json({ (s) throws(JSONError) in try s.separator(close: UInt8(ascii: "}")) })

        guard let id else { throw failure(.id, "missing required field") }
        guard let kind else { throw failure(.kind, "missing required field") }
        guard let sortKey else { throw failure(.sortKey, "missing required field") }
        guard let tags else { throw failure(.tags, "missing required field") }
        guard let text else { throw failure(.text, "missing required field") }
        if kind == .question && answer == nil { throw failure(.answer, "a question needs an answer") }
        if kind != .question && answer != nil {
            throw failure(.answer, "only questions have an answer; this item is a \(kind.rawValue)")
        }
        return Item(id: id, kind: kind, sortKey: sortKey, tags: tags, title: title,
                    text: text, answer: answer, explanation: explanation)
    }

    func match(_ token: JSONScanner.StringToken) -> Field? {
        switch token {
        case .raw(let range):
            // Length and first byte pick the one candidate, then its bytes are compared once
            // (a linear search with generic `elementsEqual` was a tenth of a decode; `make bench`).
            return Field.match(UnsafeBufferPointer(rebasing: scanner.bytes[range]))
        case .decoded(let key):
            return Field.names.first { $0.bytes.elementsEqual(key.utf8) }?.field
        }
    }

    private func keyText(of token: JSONScanner.StringToken) -> String {
        switch token {
        case .raw(let range): scanner.text(range)
        case .decoded(let key): key
        }
    }

    private mutating func string(
        _ field: Field, _ failure: (Field?, String) -> SnapshotError
    ) throws(SnapshotError) -> String {
        guard let value = try stringValue(field: field.name) else { throw failure(field, "must be a string") }
        return value
    }

    private mutating func integer(
        _ field: Field, _ failure: (Field?, String) -> SnapshotError
    ) throws(SnapshotError) -> Int64 {
        do {
            return try integerValue(field: field.name)
        } catch let error {
            if case .malformedJSON = error.reason { throw error }
            throw failure(field, "must be an integer in the signed 64-bit range")
        }
    }

    private mutating func branchCodes(_ failure: (Field?, String) -> SnapshotError) throws(SnapshotError) -> [BranchCode] {
        let opened = try json { (s) throws(JSONError) -> Bool in
            s.skipWhitespace()
            return s.consume(UInt8(ascii: "["))
        }
        guard opened else { throw failure(.tags, "must be an array of branch codes") }
        var tags: [BranchCode] = []
        if try json({ (s) throws(JSONError) in s.consume(UInt8(ascii: "]")) }) { return tags }
        repeat {
            let token = try json { (s) throws(JSONError) -> JSONScanner.StringToken? in
                s.skipWhitespace()
                guard !s.isAtEnd else { throw s.unexpected("a value") }
                return s.current == UInt8(ascii: "\"") ? try s.stringToken() : nil
            }
            guard let token, let code = branchCode(token) else {
                let shown = token.map { JSONWriter.quoted(keyText(of: $0)) } ?? "that is not a string"
                throw failure(.tags, "tag \(shown) \(ItemRules.branchCodeRule)")
            }
            guard !tags.contains(code) else { throw failure(.tags, "tag \"\(code)\" appears more than once") }
            tags.append(code)
        } while try json({ (s) throws(JSONError) in try s.separator(close: UInt8(ascii: "]")) })
        return tags
    }

    /// The code for a two-letter token, built once per distinct code.
    private mutating func branchCode(_ token: JSONScanner.StringToken) -> BranchCode? {
        guard case .raw(let range) = token, range.count == 2 else {
            if case .decoded(let text) = token { return BranchCode(exactly: text) }
            return nil
        }
        let key = UInt16(scanner.bytes[range.lowerBound]) << 8 | UInt16(scanner.bytes[range.lowerBound + 1])
        if let code = codes[key] { return code }
        guard let code = BranchCode(exactly: scanner.text(range)) else { return nil }
        codes[key] = code
        return code
    }
}
