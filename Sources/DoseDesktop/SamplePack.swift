import DoseSystem
import Glibc

/// Where the bundled sample pack is, for the first-run page's one-click import.
///
/// An install puts it beside the program's prefix (`make install`, the .deb: `PREFIX/share/daily-dose/`); the
/// data directories of `$XDG_DATA_DIRS` come next; a SwiftPM build tree (`.build/…/debug/daily-dose`) finds the
/// repository's `content/sample-pack.json`, so the tests import the very pack that ships.
public enum SamplePack {
    public static let relativePath = "daily-dose/sample-pack.json"

    /// The places to look, most specific first.
    public static func candidates(executable: String?, dataDirs: [String]) -> [String] {
        var places: [String] = []
        if let executable {
            let bin = FileSystem.parentDirectory(of: executable)
            places.append(FileSystem.parentDirectory(of: bin) + "/share/" + relativePath)
            // A build tree: the package root is a few directories up (.build/<triple>/debug/daily-dose).
            var directory = bin
            for _ in 0..<4 {
                directory = FileSystem.parentDirectory(of: directory)
                places.append(directory + "/content/sample-pack.json")
            }
        }
        for dir in dataDirs where dir.hasPrefix("/") {
            places.append((dir.hasSuffix("/") ? String(dir.dropLast()) : dir) + "/" + relativePath)
        }
        return places
    }

    /// The first candidate that exists, or nil (the page then offers only a source URL).
    public static func locate(
        executable: String? = runningExecutable(), dataDirs: [String] = defaultDataDirs(),
        exists: (String) -> Bool = { FileSystem.exists($0) }
    ) -> String? {
        candidates(executable: executable, dataDirs: dataDirs).first(where: exists)
    }

    /// `$XDG_DATA_DIRS`, or the spec's default.
    public static func defaultDataDirs() -> [String] {
        let value = Environment.value("XDG_DATA_DIRS") ?? ""
        return (value.isEmpty ? "/usr/local/share:/usr/share" : value).split(separator: ":").map(String.init)
    }

    /// This program's path (`/proc/self/exe`), or nil when it cannot be read.
    public static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
