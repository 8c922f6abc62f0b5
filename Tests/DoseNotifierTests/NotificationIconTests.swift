import Foundation
import Testing

@testable import DoseNotifier
import DoseSystem
import DoseTestSupport

/// The `image-path` hint names the icon installed under the binary's own prefix, only when it is there.
@Suite(.timeLimit(.minutes(5)), .watched) struct NotificationIconTests {
    /// A prefix laid out as `make install` lays it: PREFIX/bin/dose-notify, optionally the icon.
    final class Prefix {
        let root: String
        init(withIcon: Bool) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("icon-\(UUID().uuidString)/usr/local").path
            try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: root + "/bin/dose-notify", contents: Data())
            if withIcon {
                let icon = root + "/share/icons/hicolor/scalable/apps/net.dailydose.DailyDose.svg"
                try FileManager.default.createDirectory(
                    atPath: (icon as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: icon, contents: Data("<svg/>".utf8))
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }
    }

    @Test func theInstalledIconIsNamedByPath() throws {
        let prefix = try Prefix(withIcon: true)
        #expect(NotificationIcon.imagePath(executable: prefix.root + "/bin/dose-notify")
            == prefix.root + "/share/icons/hicolor/scalable/apps/net.dailydose.DailyDose.svg")
    }

    @Test func withoutTheIconFileTheIconName() throws {
        let prefix = try Prefix(withIcon: false)
        #expect(NotificationIcon.imagePath(executable: prefix.root + "/bin/dose-notify") == "net.dailydose.DailyDose")
    }

    @Test func systemPrefixesAndOddPaths() {
        var asked: [String] = []
        let record: (String) -> Bool = { asked.append($0); return true }
        #expect(NotificationIcon.imagePath(executable: "/usr/bin/dose-notify", exists: record)
            == "/usr/share/icons/hicolor/scalable/apps/net.dailydose.DailyDose.svg")
        #expect(NotificationIcon.imagePath(executable: "/bin/dose-notify", exists: record)
            == "/share/icons/hicolor/scalable/apps/net.dailydose.DailyDose.svg")
        #expect(asked.count == 2)
        // No readable /proc/self/exe, or a relative path: the name, without looking anywhere.
        #expect(NotificationIcon.imagePath(executable: nil, exists: record) == "net.dailydose.DailyDose")
        #expect(NotificationIcon.imagePath(executable: "bin/dose-notify", exists: record) == "net.dailydose.DailyDose")
        #expect(asked.count == 2)
    }

    @Test func theRunningBinaryIsFoundThroughProc() throws {
        let path = try #require(ExecutablePath.current())
        #expect(path.hasPrefix("/"))
        #expect(FileManager.default.isExecutableFile(atPath: path))
        #expect(path == (try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")))
    }
}
