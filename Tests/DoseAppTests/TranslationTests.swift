import DoseTestSupport
import Foundation
import Testing

/// gettext end to end: every marked string reaches the template xgettext makes from the Swift sources, every
/// translation keeps its placeholders, and the real `dose` speaks German where the environment asks for it
/// while its machine output stays as it was.
@Suite(.timeLimit(.minutes(5)), .watched) struct TranslationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs po/build.sh (template and catalogues; the default catalogue directory is the one the
    /// build tree's binaries read) and returns the template's path.
    static func buildTranslations(template: String? = nil, localeDirectory: String? = nil) throws -> String {
        let templatePath = template ?? packageRoot.appendingPathComponent("po/daily-dose.pot").path
        let build = try ChildProcess.run(
            packageRoot.appendingPathComponent("po/build.sh").path, [templatePath] + (localeDirectory.map { [$0] } ?? []),
            environment: ChildProcess.inheritedEnvironment, stdout: .discard, leadsGroup: true, timeout: .seconds(180))
        let message = build.stderr
        #expect(build.exitCode == 0, "po/build.sh failed: \(build)")
        // xgettext and msgfmt are quiet when all is well: a warning is a misread source or a broken .po.
        #expect(message.isEmpty, "po/build.sh warned: \(message)")
        return templatePath
    }

    @Test func everyMarkedStringIsInTheTemplateAndNothingElse() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dose-pot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let template = try Self.buildTranslations(
            template: directory.appendingPathComponent("daily-dose.pot").path,
            localeDirectory: directory.appendingPathComponent("locale").path)
        let extracted = Set(try Catalogue(path: template).entries.map(\.key)).subtracting([""])  // the header
        var marked: Set<String> = []
        var sources = 0
        let enumerator = FileManager.default.enumerator(at: Self.packageRoot.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let calls = try MarkedStrings.calls(in: String(contentsOf: url, encoding: .utf8))
            for call in calls {
                let message = try #require(call.message, "\(url.lastPathComponent): a tr/trn call whose message is not one plain literal")
                marked.insert(message)
            }
            sources += calls.isEmpty ? 0 : 1
        }
        #expect(sources >= 20)
        #expect(marked.count >= 90)
        #expect(marked.subtracting(extracted).isEmpty, "marked but not in the template: \(marked.subtracting(extracted))")
        #expect(extracted.subtracting(marked).isEmpty, "in the template but not marked: \(extracted.subtracting(marked))")
        // Strings the scanner must find, among them one from a file with Swift multi-line literals.
        #expect(marked.contains("Question of the day"))
        #expect(marked.contains("unknown config key {name}; known keys: {keys}"))
        #expect(marked.contains("{count} topic is still pending\u{0}{count} topics are still pending"))
        // trLater's, a multi-line one among them (po/build.sh rewrites those for xgettext).
        #expect(marked.contains("print a dose by id"))
        #expect(marked.contains("""
            Checks the content pack PACK and lists every problem with its item and field, touching
            nothing. Exit status 0 for a valid pack, 65 for a pack with problems, 66 when PACK is missing.
            """))
    }

    @Test func everyTranslationKeepsItsPlaceholdersAndIsCurrent() throws {
        let template = try Catalogue(path: try Self.buildTranslations())
        let languages = try String(contentsOf: Self.packageRoot.appendingPathComponent("po/LINGUAS"), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        #expect(languages.contains("de"))
        for language in languages {
            let catalogue = try Catalogue(path: Self.packageRoot.appendingPathComponent("po/\(language).po").path)
            var translated = 0
            for (key, translations) in catalogue.entries where !key.isEmpty {
                #expect(template.entries[key] != nil, "\(language).po translates a message the sources no longer have: \(key)")
                let wanted = Set(key.split(separator: "\u{0}").flatMap(Catalogue.placeholders))
                for translation in translations where !translation.isEmpty {
                    translated += 1
                    #expect(Set(Catalogue.placeholders(translation)) == wanted, "\(language): \(translation) for \(key)")
                }
            }
            #expect(translated > 0)
        }
        // The compiled catalogue is where the build tree's binaries read it.
        #expect(FileManager.default.fileExists(
            atPath: Self.packageRoot.appendingPathComponent("build/locale/de/LC_MESSAGES/daily-dose.mo").path))
    }

    @Test func doseSpeaksGermanWhenAskedAndKeepsItsMachineOutput() throws {
        _ = try Self.buildTranslations()
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", sandbox.samplePack).status == 0)
        func today(_ environment: [String: String], _ more: String...) throws -> Sandbox.Run {
            try sandbox.run("dose", ["today", "--date", "2026-11-30", "--answer"] + more, extraEnvironment: environment)
        }
        let english = try today([:])
        #expect(english.status == 0)
        let heading = try #require(english.stdout.split(separator: "\n").first.map(String.init))
        let kind = try #require(["Fact", "Formula", "Question"].first { heading == "\($0) of the day · Mon 2026-11-30" }, "\(heading)")
        let german = ["Fact": "Fakt des Tages", "Formula": "Formel des Tages", "Question": "Frage des Tages"][kind]!

        // LANGUAGE picks the messages (gettext honours it under C.UTF-8); LC_TIME stays C: "Mon".
        let messages = try today(["LANGUAGE": "de"])
        #expect(messages.stdout.hasPrefix("\(german) · Mon 2026-11-30\n"))
        #expect(messages.stdout.contains("\nID: "))
        // A German locale: German messages and weekday names.
        let locale = try today(["LANG": "de_DE.UTF-8"])
        #expect(locale.stdout.hasPrefix("\(german) · Mo 2026-11-30\n"), "\(locale.stdout)")
        // LC_ALL=C wins over both: the English the tests of every other suite read.
        #expect(try today(["LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": "C"]).stdout == english.stdout)
        #expect(try today(["LANG": "en_US.UTF-8"]).stdout == english.stdout)

        // Machine output never changes with the locale.
        let json = try today([:], "--json").stdout
        #expect(!json.isEmpty)
        #expect(try today(["LANGUAGE": "de", "LANG": "de_DE.UTF-8"], "--json").stdout == json)

        // Errors for people too, with their values in place.
        let missing = try sandbox.run("dose", ["show", "no-such-dose"], extraEnvironment: ["LANG": "de_DE.UTF-8"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("keine Dosis mit der ID oder dem Code \"no-such-dose\": sie wurde vielleicht aus dem Bestand genommen"),
                "\(missing.stderr)")

        // A refused setting, as the preferences will show it too; the config file is not touched.
        let refused = try sandbox.run("dose", ["config", "set", "notify-time", "25:00"], extraEnvironment: ["LANG": "de_DE.UTF-8"])
        #expect(refused.status == 78)
        #expect(refused.stderr.contains(
            "Konfigurationsschlüssel notify-time: \"25:00\" ist keine Uhrzeit der Form HH:MM oder H:MM (00:00 bis 23:59)"),
            "\(refused.stderr)")

        // The calendar's weekdays follow LC_TIME; its lines are otherwise those of the C locale.
        let calendar = try sandbox.run("dose", ["calendar", "--from", "2026-11-30", "--days", "7"]).stdout
        let germanCalendar = try sandbox.run(
            "dose", ["calendar", "--from", "2026-11-30", "--days", "7"], extraEnvironment: ["LC_TIME": "de_DE.UTF-8"]).stdout
        let weekdays = ["Mon": "Mo", "Tue": "Di", "Wed": "Mi", "Thu": "Do", "Fri": "Fr", "Sat": "Sa", "Sun": "So"]
        let expected = calendar.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let word = line.split(separator: " ").first, let name = weekdays[String(word)] else { return String(line) }
            return name + line.dropFirst(word.count)
        }.joined(separator: "\n")
        #expect(calendar.split(separator: "\n").count == 7)
        #expect(germanCalendar == expected)
        #expect(germanCalendar != calendar)
    }
}

extension TranslationTests {
    /// The real `dose-notify` in German: the dry run's headers and the notification's words, its errors; the
    /// content as authored, the answer withheld; `--json` and the C locale unchanged.
    @Test func doseNotifySpeaksGermanWhenAskedAndKeepsItsJSON() throws {
        _ = try Self.buildTranslations()
        let sandbox = try Sandbox()
        #expect(try sandbox.dose("import", try sandbox.write("golden.json", Fixtures.goldenPack)).status == 0)
        func dryRun(_ environment: [String: String], _ more: String...) throws -> Sandbox.Run {
            try sandbox.run("dose-notify", ["--dry-run", "--id", "q-weber", "--date", "2026-11-29"] + more, extraEnvironment: environment)
        }
        let english = try dryRun([:])
        #expect(english.status == 0, "\(english.stderr)")
        #expect(english.stdout.hasPrefix("Fires at: 2026-11-29T08:00:00"), "\(english.stdout)")
        #expect(english.stdout.contains("\nSummary:  Question of the day\nBody:     What is one weber?\nPayload:  q-weber\n"))

        for environment in [["LANGUAGE": "de"], ["LANG": "de_DE.UTF-8"]] {
            let german = try dryRun(environment)
            #expect(german.status == 0, "\(german.stderr)")
            #expect(german.stdout.hasPrefix("Zeitpunkt:   2026-11-29T08:00:00"), "\(german.stdout)")
            #expect(german.stdout.contains("\nÜberschrift: Frage des Tages\nText:        What is one weber?\nNutzdaten:   q-weber\n"),
                    "\(german.stdout)")
            #expect(!german.stdout.contains("ANSWER") && !german.stdout.contains("EXPLAIN"))
        }
        #expect(try dryRun(["LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": "C"]).stdout == english.stdout)

        // The JSON is for programs: the same bytes whatever the locale, its summary in English.
        let json = try dryRun([:], "--json").stdout
        #expect(json.contains("\"summary\":\"Question of the day\""))
        #expect(try dryRun(["LANGUAGE": "de", "LANG": "de_DE.UTF-8"], "--json").stdout == json)

        // An error for people, its id quoted as data.
        let missing = try sandbox.run("dose-notify", ["--dry-run", "--id", "no-such-dose"], extraEnvironment: ["LANGUAGE": "de"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("kein Eintrag mit der ID \"no-such-dose\" im Schnappschuss"), "\(missing.stderr)")

        // A broken config is logged in German (GLib's own reason in German too) and the defaults used.
        try FileManager.default.createDirectory(
            atPath: (sandbox.configPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "garbage line\n".write(toFile: sandbox.configPath, atomically: true, encoding: .utf8)
        let broken = try dryRun(["LANGUAGE": "de"])
        #expect(broken.status == 0, "\(broken.stderr)")
        #expect(broken.stderr.contains("\(sandbox.configPath) lesen: ") && broken.stderr.hasSuffix("(es gelten die Standardwerte)\n"),
                "\(broken.stderr)")
        #expect(try dryRun([:]).stderr.hasPrefix("read \(sandbox.configPath): "))
    }
}

extension TranslationTests {
    /// A pack's problems from the real `dose` in German: each still names its item and its field, the pack's
    /// values quoted as JSON (a control character escaped); under C the English word for word.
    @Test func aPackProblemInGermanStillNamesTheItemAndTheField() throws {
        _ = try Self.buildTranslations()
        let sandbox = try Sandbox()
        let pack = try sandbox.write("bad.json", #"{"format": "daily-dose-pack/1", "items": [{"id": "f-ohm", "kind": "fact", "text": "t", "tags": ["cs"]}, {"id": "q-\u001b[31m", "kind": "question", "text": "q?"}]}"#)
        let english = try sandbox.run("dose", ["validate", pack])
        #expect(english.status == 65)
        #expect(english.stderr.contains(#"item "f-ohm" (#0), field "tags": tag "cs" is not a branch code (two capital letters A–Z)"#),
                "\(english.stderr)")
        #expect(english.stderr.contains(#"item #1, field "id": id "q-\u001b[31m" contains control character U+001B"#), "\(english.stderr)")
        #expect(try sandbox.run("dose", ["validate", pack], extraEnvironment: ["LANGUAGE": "de", "LC_ALL": "C"]).stderr == english.stderr)

        let german = try sandbox.run("dose", ["validate", pack], extraEnvironment: ["LANGUAGE": "de"])
        #expect(german.status == 65)
        #expect(german.stderr.contains(
            #"Eintrag "f-ohm" (#0), Feld "tags": das Tag "cs" ist kein Fachrichtungskürzel (zwei Großbuchstaben A–Z)"#), "\(german.stderr)")
        #expect(german.stderr.contains(#"Eintrag #1, Feld "id": die ID "q-\u001b[31m" enthält das Steuerzeichen U+001B"#), "\(german.stderr)")
        #expect(german.stderr.contains(#"Eintrag #1, Feld "answer": Pflichtfeld fehlt"#), "\(german.stderr)")
        #expect(!german.stderr.contains("\u{1B}"))

        // `validate --preview` shows the notification as the scheduler builds it: in German here too.
        let preview = try sandbox.run("dose", ["validate", "--preview", sandbox.samplePack], extraEnvironment: ["LANGUAGE": "de"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("\n    Frage des Tages\n") && !preview.stdout.contains("of the day"), "\(preview.stdout)")
    }
}

/// A .po or .pot file read as gettext reads it: msgid (msgid and msgid_plural joined by NUL) to its msgstrs.
struct Catalogue {
    var entries: [String: [String]] = [:]

    init(path: String) throws {
        var key: [String] = []
        var values: [String] = []
        var target: String?
        func flush() {
            if !key.isEmpty { entries[key.joined(separator: "\u{0}")] = values }
            key = []
            values = []
            target = nil
        }
        for rawLine in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.isEmpty {
                if line.isEmpty { flush() }
                continue
            }
            if line.hasPrefix("msgid_plural ") {
                key.append(try Self.literal(line.dropFirst("msgid_plural ".count)))
                target = "id"
            } else if line.hasPrefix("msgid ") {
                if target == "str" { flush() }
                key = [try Self.literal(line.dropFirst("msgid ".count))]
                target = "id"
            } else if line.hasPrefix("msgstr") {
                let text = line.drop { $0 != " " }.dropFirst()
                values.append(try Self.literal(text))
                target = "str"
            } else if line.hasPrefix("\"") {
                let more = try Self.literal(Substring(line))
                if target == "id" { key[key.count - 1] += more } else { values[values.count - 1] += more }
            }
        }
        flush()
    }

    /// A C string literal's value.
    static func literal(_ text: Substring) throws -> String {
        guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else { throw CocoaError(.fileReadCorruptFile) }
        return MarkedStrings.unescape(text.dropFirst().dropLast())
    }

    /// The `{name}` placeholders of `text`, in order.
    static func placeholders(_ text: Substring) -> [String] { placeholders(String(text)) }

    static func placeholders(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "\\{[A-Za-z]+\\}")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
    }
}

/// The `tr("…")`, `trn("…", "…", n)` and `trLater("…")` calls of a Swift source, read with a small lexer that
/// knows Swift's comments and (multi-line) string literals, independently of xgettext (and of po/build.sh's
/// rewriting of multi-line literals, which `trLater` may take).
enum MarkedStrings {
    /// One call: its message (singular and plural joined by NUL), or nil when it is not plain literals.
    struct Call { var message: String? }

    static func calls(in source: String) throws -> [Call] {
        let text = Array(source.unicodeScalars)
        var calls: [Call] = []
        var index = 0
        func at(_ offset: Int, _ string: String) -> Bool {
            let scalars = Array(string.unicodeScalars)
            return offset + scalars.count <= text.count && Array(text[offset..<offset + scalars.count]) == scalars
        }
        func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
        }
        /// Reads a multi-line literal whose `"""` is at `start`, as Swift does: the closing delimiter's
        /// indentation taken off every line, no newline after the opening or before the closing delimiter, a
        /// line ending in `\` joined to the next; nil for an interpolation.
        func multiLineLiteral(from start: Int) -> (String, Int)? {
            var position = start + 3
            guard position < text.count, text[position] == "\n" else { return nil }
            position += 1
            var end = position
            while end < text.count, !at(end, "\"\"\"") { end += text[end] == "\\" ? 2 : 1 }
            guard end < text.count else { return nil }
            var lines = String(String.UnicodeScalarView(text[position..<end])).split(separator: "\n", omittingEmptySubsequences: false)
            let indent = lines.removeLast()
            guard indent.allSatisfy({ $0 == " " }) else { return nil }
            var raw = ""
            for (number, line) in lines.enumerated() {
                var content = line.hasPrefix(indent) ? line.dropFirst(indent.count) : ""
                let joined = content.hasSuffix("\\") && !content.hasSuffix("\\\\")
                if joined { content = content.dropLast() }
                guard !content.contains("\\(") else { return nil }
                raw += content + (joined || number == lines.count - 1 ? "" : "\\n")
            }
            return (unescape(Substring(raw)), end + 3)
        }
        /// Reads a plain literal at `start` (after spaces), or a multi-line one where `multiLine` allows it;
        /// returns its value and the index after it.
        func literal(from start: Int, multiLine: Bool = false) -> (String, Int)? {
            var position = start
            while position < text.count, text[position] == " " || text[position] == "\n" { position += 1 }
            if multiLine && at(position, "\"\"\"") { return multiLineLiteral(from: position) }
            guard position < text.count, text[position] == "\"", !at(position, "\"\"\"") else { return nil }
            var raw = ""
            position += 1
            while position < text.count, text[position] != "\"" {
                if text[position] == "\\" {
                    guard position + 1 < text.count, text[position + 1] != "(" else { return nil }
                    raw.unicodeScalars.append(text[position])
                    position += 1
                }
                raw.unicodeScalars.append(text[position])
                position += 1
            }
            return (unescape(Substring(raw)), position + 1)
        }
        while index < text.count {
            if at(index, "//") {
                while index < text.count, text[index] != "\n" { index += 1 }
            } else if at(index, "/*") {
                index += 2
                while index < text.count, !at(index, "*/") { index += 1 }
                index += 2
            } else if at(index, "\"\"\"") {
                index += 3
                while index < text.count, !at(index, "\"\"\"") { index += text[index] == "\\" ? 2 : 1 }
                index += 3
            } else if text[index] == "\"" {
                index += 1
                while index < text.count, text[index] != "\"" { index += text[index] == "\\" ? 2 : 1 }
                index += 1
            } else if at(index, "trLater(") && (index == 0 || !isIdentifier(text[index - 1])) && !(index >= 5 && at(index - 5, "func ")) {
                index += "trLater(".count
                guard let (message, next) = literal(from: index, multiLine: true) else { calls.append(Call(message: nil)); continue }
                index = next
                calls.append(Call(message: message))
            } else if (at(index, "tr(") || at(index, "trn(")) && (index == 0 || !isIdentifier(text[index - 1]))
                && !(index >= 5 && at(index - 5, "func "))  // the declarations themselves
            {
                let plural = at(index, "trn(")
                index += plural ? 4 : 3
                guard let (singular, next) = literal(from: index) else { calls.append(Call(message: nil)); continue }
                index = next
                if plural {
                    while index < text.count, text[index] == " " { index += 1 }
                    guard index < text.count, text[index] == ",", let (many, after) = literal(from: index + 1) else {
                        calls.append(Call(message: nil))
                        continue
                    }
                    index = after
                    calls.append(Call(message: singular + "\u{0}" + many))
                } else {
                    calls.append(Call(message: singular))
                }
            } else {
                index += 1
            }
        }
        return calls
    }

    /// The escapes C and Swift literals share (`\"`, `\\`, `\n`, `\t`).
    static func unescape(_ text: Substring) -> String {
        var result = ""
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                switch scalar {
                case "n": result += "\n"
                case "t": result += "\t"
                default: result.unicodeScalars.append(scalar)
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
