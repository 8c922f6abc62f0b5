// libFuzzer entry points, one per build (-D FUZZ_<TARGET>); built by fuzz/build.sh with
// `swiftc -sanitize=fuzzer,address` over Sources/DoseCore (the config target adds Sources/DoseSystem,
// GLib and fuzz/ConfigFuzz.swift; the index target adds fuzz/IndexFuzz.swift). A crash, an assertion below, or a run over -timeout (1 s) is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    #if FUZZ_LATEX
    // The converter's promise: whatever the input, no backslash in the output, and a brace only
    // for a literal one the input wrote (`\{`, `\lbrace`, `\textbraceleft`, a Bmatrix's pair): never
    // more `{` (or `}`) out than such spellings in, so no group brace or stray one leaks through.
    func literal(_ spellings: String...) -> Int {
        (spellings + ["{Bmatrix}"]).reduce(0) { $0 + text.unicodeScalars.ranges(of: $1.unicodeScalars).count }
    }
    let opening = literal(#"\{"#, #"\lbrace"#, #"\textbraceleft"#)
    let closing = literal(#"\}"#, #"\rbrace"#, #"\textbraceright"#)
    for output in [LaTeXText.plainText(text), LaTeXText.plainMath(text)] {
        let scalars = output.unicodeScalars
        if scalars.contains("\\") || scalars.filter({ $0 == "{" }).count > opening
            || scalars.filter({ $0 == "}" }).count > closing {
            fatalError("LaTeX output keeps \\ or an unwritten brace: \(text.debugDescription) -> \(output.debugDescription)")
        }
    }
    // The title's markup: only <sub> and <sup>, balanced, around escaped text (no other < or >, no backslash).
    // Read by scalars: a combining mark after a tag (`\hat` over a group) makes one Character with its `>`.
    let markup = Array(LaTeXText.markup(text).unicodeScalars)
    var open: [String] = []
    var at = 0
    while at < markup.count {
        switch markup[at] {
        case "\\", ">":
            fatalError("markup with a stray \(markup[at]): \(text.debugDescription)")
        case "<":
            guard let end = markup[at...].firstIndex(of: ">") else { fatalError("markup with an open <: \(text.debugDescription)") }
            var tag = String.UnicodeScalarView()
            tag.append(contentsOf: markup[(at + 1)..<end])
            let name = String(tag)
            if name == "sub" || name == "sup" {
                open.append(name)
            } else if name.hasPrefix("/"), open.popLast() == String(name.dropFirst()) {
            } else {
                fatalError("markup with a tag <\(name)> out of place: \(text.debugDescription)")
            }
            at = end + 1
        default:
            at += 1
        }
    }
    if !open.isEmpty { fatalError("markup with a tag left open: \(text.debugDescription)") }
    #elseif FUZZ_PACK
    // Never crashes; an accepted pack's items validate again after a round trip through the snapshot.
    let report = PackValidator.validate(bytes)
    if report.problems.isEmpty {
        let snapshot = Snapshot(generatedAt: 0, poolDigest: Snapshot.digest(of: report.items), items: report.items)
        guard let again = try? Snapshot.decode(snapshot.encoded()), again == snapshot else {
            fatalError("an accepted pack does not survive the snapshot round trip")
        }
    }
    #elseif FUZZ_SNAPSHOT
    // Never crashes; whatever decodes, encodes to bytes that decode to the same snapshot.
    if let snapshot = try? Snapshot.decode(bytes) {
        guard let again = try? Snapshot.decode(snapshot.encoded()), again == snapshot else {
            fatalError("a decoded snapshot does not survive its own encoding")
        }
    }
    #elseif FUZZ_INDEX
    // Differential: the scheduler's lean index (`SnapshotIndex`) against the full decoder (`Snapshot.decode`).
    IndexFuzz.check(bytes)
    #elseif FUZZ_TIME
    // Never crashes; what parses prints back to a string that parses to the same value.
    if let time = LocalTime(parsing: text) {
        guard LocalTime(parsing: time.description) == time else { fatalError("LocalTime round trip: \(text.debugDescription)") }
        // It prints canonical `HH:MM`; `H:MM` is read but never written.
        guard time.description.utf8.count == 5, text.utf8.count == 4 || time.description == text else {
            fatalError("LocalTime not canonical: \(text.debugDescription) → \(time.description)")
        }
    }
    if let date = CivilDate(iso: text) {
        guard CivilDate(iso: date.description) == date else { fatalError("CivilDate round trip: \(text.debugDescription)") }
        _ = date.daysSinceEpoch
    }
    #elseif FUZZ_CONFIG
    // The input as a config file and as a value typed for every key; the properties are in ConfigFuzz.
    ConfigFuzz.check(bytes)
    #endif
    return 0
}
