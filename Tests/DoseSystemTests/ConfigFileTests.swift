import DoseCore
import DoseTestSupport
import Foundation
import Testing

@testable import DoseSystem

@Suite(.timeLimit(.minutes(5)), .watched) struct ConfigFileTests {
    func configFile() throws -> ConfigFile {
        let directory = NSTemporaryDirectory() + "dose-config-" + UUID().uuidString
        return ConfigFile(path: directory + "/daily-dose/config.ini")
    }

    @Test func missingFileMeansDefaults() throws {
        let (config, problems) = try configFile().load()
        #expect(config == DoseConfig())
        #expect(config.notifyTime.description == "08:00")
        #expect(problems.isEmpty)
    }

    @Test func setNormalizesAndRoundTrips() throws {
        let file = try configFile()
        #expect(try file.set(.branch, to: "  ee ") == "EE")
        #expect(try file.set(.notifyTime, to: "07:05") == "07:05")
        #expect(try file.set(.providerURL, to: "http://127.0.0.1:11434/v1") == "http://127.0.0.1:11434/v1")
        let (config, problems) = try file.load()
        #expect(problems.isEmpty)
        #expect(config.audience == .branch(BranchCode(exactly: "EE")!))
        #expect(config.notifyTime.description == "07:05")
        #expect(config.providerURL == "http://127.0.0.1:11434/v1")
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.contains("[dose]"))
        #expect(text.contains("[provider]"))
        try file.unset(.branch)
        #expect(try file.load().config.audience == .everyone)
    }

    @Test func commonOnlyIsAWordNoBranchCodeCanBe() throws {
        let file = try configFile()
        #expect(try file.set(.branch, to: " Common ") == "common")
        #expect(try file.load().config.audience == .commonOnly)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.contains("branch=common\n"), "\(text)")
        // A hand-written "COMMON" is read as `dose config set` would store it.
        try FileSystem.writeAtomically("[dose]\nbranch=COMMON\n", to: file.path)
        let (config, problems) = try file.load()
        #expect(config.audience == .commonOnly && problems.isEmpty)
    }

    @Test(arguments: ["CSE", "C", "", "c s", "1A", "É E", "commons", "com mon"])
    func invalidBranchesAreRejectedNamingTheKey(_ input: String) throws {
        let file = try configFile()
        #expect(throws: ConfigFileError.self) { try file.set(.branch, to: input) }
        do {
            try file.set(.branch, to: input)
        } catch {
            #expect(error.description.contains("branch"))
        }
        #expect(!FileManager.default.fileExists(atPath: file.path), "nothing written")
    }

    @Test func aBadStoredValueIsReportedAndDefaulted() throws {
        let file = try configFile()
        try FileSystem.writeAtomically("# mine\n[dose]\nnotify-time=25:99\nbranch=CS\n", to: file.path)
        let (config, problems) = try file.load()
        #expect(config.notifyTime == DoseConfig.defaultNotifyTime)
        #expect(config.audience == .branch(BranchCode(exactly: "CS")!))
        #expect(problems.map(\.key) == ["notify-time"])
        // Our edits keep the user's comments.
        try file.set(.notifyTime, to: "09:00")
        #expect(try String(contentsOfFile: file.path, encoding: .utf8).contains("# mine"))
    }

    @Test func aSyntaxErrorIsAClearError() throws {
        let file = try configFile()
        try FileSystem.writeAtomically("this is [not a key file\n", to: file.path)
        #expect(throws: ConfigFileError.self) { try file.load() }
    }

    // Found by the config fuzzer: whitespace other than space, tab, CR and LF (a pasted NBSP) stayed on the value; as
    // Characters "\r\n" is one cluster equal to neither space nor newline.
    @Test(arguments: ["/k\u{A0}", "\u{0B}/k", "/k\u{0C}", " /k\r\n", "\u{2003}/k\u{3000}"])
    func everyKindOfWhitespaceIsTrimmedAndTheValueReadsBack(_ input: String) throws {
        let file = try configFile()
        #expect(try file.set(.providerKeyFile, to: input) == "/k")
        #expect(try file.values()[.providerKeyFile] == "/k")
    }

    // Found by the config fuzzer: a NUL cut the stored value short ("/tmp/a\0b" was stored as "/tmp/a").
    @Test(arguments: ["/tmp/a\u{0}b", "/tmp/a\nb", "/tmp/a\tb", "/tmp/a\u{7F}b"])
    func aControlCharacterInsideAValueIsRefused(_ input: String) throws {
        let file = try configFile()
        #expect(throws: ConfigFileError.self) { try file.set(.source, to: input) }
        do { try file.set(.source, to: input) } catch {
            #expect(error.description.contains("control character"))
        }
        #expect(!FileManager.default.fileExists(atPath: file.path), "nothing written")
        // Control: the same value without the control character is stored whole.
        #expect(try file.set(.source, to: "/tmp/ab") == "/tmp/ab")
    }

    @Test func aStoredValueWithALineBreakIsReportedAndDefaulted() throws {
        let file = try configFile()
        try FileSystem.writeAtomically("[dose]\nsource=a\\nb\nbranch=CS\n", to: file.path)
        let (config, problems) = try file.load()
        #expect(config.source == nil)
        #expect(problems.map(\.key) == ["source"])
        #expect(config.audience == .branch(BranchCode(exactly: "CS")!))
    }

    // Found from a config fuzzer finding: GKeyFile reports a value it cannot interpret (an unknown escape, a backslash
    // at the end of the line) but still returns a guess, and that guess was used silently: "/tmp/x\" read as
    // "/tmp/x". Such a value is now a reported problem, and its default is used, like any bad stored value.
    @Test func aValueGKeyFileCannotInterpretIsReportedAndDefaulted() throws {
        let file = try configFile()
        try FileSystem.writeAtomically("[dose]\nsource=/tmp/x\\\nbranch=CS\n[provider]\nkey-file=C:\\keys\n", to: file.path)
        let (config, problems) = try file.load()
        #expect(config.source == nil)
        #expect(config.providerKeyFile == nil)
        #expect(problems.map(\.key) == ["provider.key-file", "source"])
        #expect(problems.first?.message.hasPrefix("\"C:\\\\keys\" is not a valid key-file string") == true)
        #expect(try file.values().keys.sorted { $0.rawValue < $1.rawValue } == [.branch])
        // Control: the same values, escaped as GKeyFile wants, are read whole.
        try FileSystem.writeAtomically("[dose]\nsource=/tmp/x\\\\\n[provider]\nkey-file=C:\\\\keys\n", to: file.path)
        #expect(try file.load().config.source == "/tmp/x\\")
        #expect(try file.load().config.providerKeyFile == nil, "not absolute, but now for that reason")
        #expect(try file.values()[.providerKeyFile] == "C:\\keys")
    }
}
