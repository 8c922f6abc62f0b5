import Glibc

/// Keeping a long-running process's resident memory to what it uses.
public enum ResidentMemory {
    /// Asks the kernel to fault this process's file-backed code and read-only data in page by page
    /// (`MADV_RANDOM`: no 64 KiB fault-around or read-ahead), and to reclaim the pages faulted in so far
    /// that only this process maps (`MADV_PAGEOUT`; shared library pages other processes map stay), so
    /// what stays resident is what the process keeps touching. Called once, before the main loop.
    ///
    /// For the scheduler, which runs all day: most of the statically linked Swift runtime and of the
    /// GLib libraries is never touched after start-up, yet fault-around kept it resident (docs/performance.md).
    /// Advice only: nothing is unmapped; a page needed again is faulted back in (from the page cache, or
    /// from disk if it was evicted: a few milliseconds once, when the day's notification fires).
    /// `make bench`: after 24 re-plans, VmRSS 10.8 MiB -> 9.0 MiB, the binary's own pages 3.6 -> 1.9 MiB.
    public static func trimFileBackedMappings() {
        guard let file = fopen("/proc/self/maps", "r") else { return }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            // "start-end perms offset dev inode path": file-backed, not writable.
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[5].hasPrefix("/"), fields[1].count == 4,
                  fields[1].utf8[fields[1].utf8.index(fields[1].utf8.startIndex, offsetBy: 1)] != UInt8(ascii: "w") else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                  end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { continue }
            _ = madvise(address, Int(end - start), MADV_RANDOM)
            _ = madvise(address, Int(end - start), 21)  // MADV_PAGEOUT (Linux 5.4); ignored where unknown
        }
    }
}
