import DoseApp
import DoseCore
import DoseDesktop
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// The app's card when the disk is full: the data and state directories on small tmpfs mounts (as root),
/// filled to the last block after the import. The card still shows the dose `dose today` picked while
/// there was room, and an id still opens its dose: a reader writes nothing to the store.
@Suite(.timeLimit(.minutes(5)), .watched) struct FullDiskCardTests {
    let start = CivilDate(year: 2026, month: 11, day: 30)!

    /// Mounts a 1 MiB tmpfs on `directory` (made first); the unmount comes with `done`.
    private func mountTmpfs(_ directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try #require(mount("tmpfs", directory, "tmpfs", 0, "size=1m,mode=0700") == 0, "mount: \(String(cString: strerror(errno)))")
    }

    /// Fills the file system `directory` is on until a write fails with ENOSPC.
    private func fill(_ directory: String) throws {
        let fd = open(directory + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        #expect(errno == ENOSPC)
    }

    @Test(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"), .timeLimit(.minutes(1)))
    func theCardStillShowsTheDoseOnAFullDisk() throws {
        let home = try Home()
        let mounts = [home.paths.dataHome, home.paths.stateHome]
        defer { for directory in mounts { umount2(directory, Int32(MNT_DETACH)) } }
        for directory in mounts { try mountTmpfs(directory) }
        try home.importPack(Home.pack)
        // The scheduler's pick from the snapshot (`dose today` agrees, `AgreementTests`), asked without opening the store.
        let today = try home.run("dose-notify", "--dry-run", "--date", start.description, "--json")
        try #require(today.status == 0)
        let expected = try #require((try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])?["id"] as? String)
        for directory in mounts { try fill(directory) }
        // What made the readers fail: the writer's last close removed the -shm, which a read-write open must size.
        #expect(!FileManager.default.fileExists(atPath: home.paths.database + "-shm"))

        var browser = DoseBrowser(pool: home.pool(on: start))
        #expect(browser.card.item?.id == expected, "\(browser.card)")
        browser.open("q-weber", home.pool(on: start))
        #expect(browser.card.item?.id == "q-weber", "\(browser.card)")
        #expect(try home.pool(on: start).reader()?.index.count == 8)
    }
}
