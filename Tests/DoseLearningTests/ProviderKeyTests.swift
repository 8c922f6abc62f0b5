import DoseLearning
import DoseTestSupport
import Foundation
import Testing

/// `provider.key-file` read for real: one line of printable text, anything else refused naming the file.
@Suite(.timeLimit(.minutes(5)), .watched) struct ProviderKeyTests {
    /// Writes `bytes` to a fresh 0600 file and reads it as the key file.
    func load(_ bytes: [UInt8]) throws -> Result<String?, LearningError> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dose-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("key").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]))
        do { return .success(try ProviderKey.load(keyFile: path, environment: nil)) } catch { return .failure(error) }
    }

    @Test func aKeyWithATrailingNewlineIsRead() throws {
        #expect(try load(Array("sk-abc123\n".utf8)).get() == "sk-abc123")
        #expect(try load(Array("  sk-abc123\r\n".utf8)).get() == "sk-abc123")
    }

    @Test func controlCharactersAreRefusedNamingTheFile() throws {
        let cases: [(String, [UInt8])] = [
            ("NUL", Array("sk-ab".utf8) + [0] + Array("c\n".utf8)),
            ("ESC", Array("sk-ab".utf8) + [0x1B] + Array("[2Jc\n".utf8)),
            ("BEL", Array("sk-abc".utf8) + [0x07]),
            ("DEL", Array("sk-ab".utf8) + [0x7F] + Array("c".utf8)),
            ("C1 CSI", Array("sk-ab".utf8) + [0xC2, 0x9B] + Array("c".utf8)),
            ("a NUL alone", [0, 0x0A]),
        ]
        for (name, bytes) in cases {
            let result = try load(bytes)
            guard case .failure(let error) = result else {
                Issue.record("\(name): accepted as a key")
                continue
            }
            #expect(error.message.contains("(provider.key-file) holds a control character"), "\(name): \(error.message)")
            #expect(error.message.contains("/key "), "\(name): names the file: \(error.message)")
            #expect(!error.message.contains("sk-ab"), "\(name): the key is never shown")
        }
        guard case .failure(let escape) = try load(Array("sk-ab".utf8) + [0x1B] + Array("c\n".utf8)) else { return }
        #expect(escape.message.contains("U+001B at character 6"), "\(escape.message)")
    }

    @Test func notUTF8AndSeveralLinesAreRefused() throws {
        guard case .failure(let binary) = try load([0x73, 0x6B, 0xFF, 0x0A]) else {
            Issue.record("invalid UTF-8 accepted")
            return
        }
        #expect(binary.message.contains("is not UTF-8 text"))
        guard case .failure(let lines) = try load(Array("sk-a\nsk-b\n".utf8)) else {
            Issue.record("two lines accepted")
            return
        }
        #expect(lines.message.contains("more than one line"))
    }
}
