import DoseCore
import Foundation
import Testing

@testable import DoseSystem

@Suite struct PageOpenerTests {
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
}
