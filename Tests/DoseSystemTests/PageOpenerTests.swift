import DoseCore
import DoseTestSupport
import Foundation
import Testing

@testable import DoseSystem

@Suite(.timeLimit(.minutes(5)), .watched) struct PageOpenerTests {
    @Test(arguments: ["../../etc/passwd", "a/b", "-rf", "x y 'z\"", "$(rm -rf ~)", "é🙂"])
    func hostileIdsNeverReachAPath(_ id: String) throws {
        let directory = NSTemporaryDirectory() + "dose-pages-" + UUID().uuidString
        let opener = PageOpener(directory: directory)
        let item = Item(id: id, kind: .fact, text: "<script>alert(1)</script> & $x<y$")
        let path = try opener.write(item: item, requestedID: id)
        #expect(FileSystem.parentDirectory(of: path) == directory)
        let name = String(path.dropFirst(directory.count + 1))
        #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
        let html = try FileSystem.readText(path)
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp;"))
    }

    @Test func aRetiredIdGetsAnHonestPage() throws {
        let directory = NSTemporaryDirectory() + "dose-pages-" + UUID().uuidString
        let path = try PageOpener(directory: directory).write(item: nil, requestedID: "gone-<b>")
        let html = try FileSystem.readText(path)
        #expect(html.contains("no longer available"))
        #expect(html.contains("gone-&lt;b&gt;"))
        #expect(!html.contains("dd-reveal"))
    }

    /// One page, replaced by each open: no record of which doses were opened is left behind, and
    /// the per-dose pages of older versions (here and in the cache directory they used) are removed.
    @Test func onePageReplacedByEachOpenAndOldPagesRemoved() throws {
        let root = NSTemporaryDirectory() + "dose-pages-" + UUID().uuidString
        let directory = root + "/pages"
        let legacy = root + "/cache/pages"
        for path in [directory, legacy] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        for path in [directory + "/dose-0123abcd.html", legacy + "/dose-4567ef01.html", legacy + "/dose-page.js"] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
        }
        let opener = PageOpener(directory: directory, legacyDirectories: [legacy])
        let first = try opener.write(item: Item(id: "f-one", kind: .fact, text: "One"), requestedID: "f-one")
        let second = try opener.write(item: Item(id: "f-two", kind: .fact, text: "Two"), requestedID: "f-two")
        #expect(first == second && first == directory + "/dose.html")
        #expect(try FileSystem.readText(second).contains("f-two"))
        let pages = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".html") }
        #expect(pages == ["dose.html"])
        #expect(!FileManager.default.fileExists(atPath: legacy), "the old cache page directory is gone")
    }

    /// Without `$XDG_RUNTIME_DIR` the page goes to the private fallback under the temporary
    /// directory, never under `$XDG_CACHE_HOME` (which survives reboots).
    @Test func withoutARuntimeDirectoryThePageIsNotInTheCache() throws {
        let root = NSTemporaryDirectory() + "dose-pages-" + UUID().uuidString
        #expect(mkdir(root, 0o700) == 0)
        var paths = DosePaths(dataHome: root + "/data", configHome: root + "/config", stateHome: root + "/state",
                              cacheHome: root + "/cache", runtimeDirectory: nil)
        paths.temporaryDirectory = root + "/tmp"
        #expect(mkdir(paths.temporaryDirectory, 0o1777) == 0)
        let path = try PageOpener(paths: paths).write(item: nil, requestedID: "x")
        #expect(path == paths.temporaryDirectory + "/daily-dose-\(geteuid())/pages/dose.html")
        #expect(!FileManager.default.fileExists(atPath: root + "/cache"))
    }
}
