import CGLib
import GLibGlue
import DoseCore
import Glibc

/// Writes a dose page and opens it with the user's default handler through GIO — never a shell.
///
/// "Nothing is recorded": there is one page, `dose.html`, replaced atomically by each open, in the
/// session's private directory (`RuntimeDirectory`: a tmpfs that ends with the session, or a private
/// directory under `/tmp`), never in a cache that survives reboots; it holds only the dose on show.
/// Pages older versions left behind (`dose-<digest>.html`, one per dose opened) are removed.
public struct PageOpener: Sendable {
    /// Debian's `libjs-katex` files.
    public static let katexDirectory = "/usr/share/javascript/katex"
    /// The one page's file name: fixed, so no id — `/`, `..`, quotes, a leading `-` — reaches a path.
    public static let pageName = "dose.html"

    /// Where the page goes; nil when the session has no private directory (each write then fails).
    public let directory: String?
    /// Directories older versions wrote pages to, emptied on each write.
    let legacyDirectories: [String]

    public init(directory: String, legacyDirectories: [String] = []) {
        self.directory = directory
        self.legacyDirectories = legacyDirectories
    }

    /// The opener for this session: `pages` in the private runtime directory (a warning when
    /// `$XDG_RUNTIME_DIR` is refused), sweeping the cache directory older versions used.
    public init(paths: DosePaths) {
        directory = RuntimeDirectory.resolve(paths).map { $0 + "/pages" }
        legacyDirectories = [paths.legacyPageDirectory]
    }

    /// Renders and writes the page for `requestedID` (nil item: the honest "retired" page) over the
    /// previous one; returns its path.
    public func write(item: Item?, requestedID: String) throws(FileError) -> String {
        guard let directory else {
            throw FileError(.writeDosePage, path: tr("(no private directory)"), errno: EACCES)
        }
        let presentation = DosePage.Presentation(heading: true, answer: .details, dark: nil, words: .translated)
        let html = DosePage.html(item: item, requestedID: requestedID, assets: try assets(), presentation: presentation)
        let path = directory + "/" + Self.pageName
        try FileSystem.writeAtomically(html, to: path, mode: 0o600)
        Self.removeOldPages(in: directory, removingDirectory: false)
        for legacy in legacyDirectories where legacy != directory {
            Self.removeOldPages(in: legacy, removingDirectory: true)
        }
        return path
    }

    /// KaTeX's directory and the render script, written into `directory` unless it is there unchanged;
    /// the browser page and the app's web view use the same script.
    public func assets() throws(FileError) -> DosePage.Assets {
        guard let directory else {
            throw FileError(.writeDosePage, path: tr("(no private directory)"), errno: EACCES)
        }
        let script = directory + "/dose-page.js"
        if (try? FileSystem.readText(script)) != DosePage.renderScript {
            try FileSystem.writeAtomically(DosePage.renderScript, to: script, mode: 0o600)
        }
        return DosePage.Assets(katexBase: "file://" + Self.katexDirectory, renderScript: try fileURI(script))
    }

    /// Removes the per-dose pages (`dose-*.html`) older versions left in `directory`, and then, for a
    /// directory no longer used, its render script and the directory itself (if nothing else is there).
    static func removeOldPages(in directory: String, removingDirectory: Bool) {
        for name in FileSystem.names(in: directory) {
            let oldPage = name.hasPrefix("dose-") && name.hasSuffix(".html")
            if oldPage || (removingDirectory && name == "dose-page.js") { unlink(directory + "/" + name) }
        }
        if removingDirectory { rmdir(directory) }
    }

    /// Opens a page with the default handler for its type, passing the activation token on.
    ///
    /// The token reaches the handler as `XDG_ACTIVATION_TOKEN` (Wayland) and `DESKTOP_STARTUP_ID`
    /// (X11), so the window comes to the front instead of flashing in the task bar.
    public func open(path: String, activationToken: String?) throws(GLibError) {
        let uri = try fileURIOrThrow(path)
        let context = g_app_launch_context_new()
        defer { g_object_unref(context) }
        if let activationToken {
            g_app_launch_context_setenv(context, "XDG_ACTIVATION_TOKEN", activationToken)
            g_app_launch_context_setenv(context, "DESKTOP_STARTUP_ID", activationToken)
        }
        _ = try check(tr("open {path} with the default handler", ["path": path])) { error in
            g_app_info_launch_default_for_uri(uri, context, error)
        }
    }

    private func fileURI(_ path: String) throws(FileError) -> String {
        do { return try fileURIOrThrow(path) } catch {
            throw FileError(.makeURI, path: path, reason: .system(errno: 22))
        }
    }

    private func fileURIOrThrow(_ path: String) throws(GLibError) -> String {
        let uri = try check("make a URI of \(path)") { error in g_filename_to_uri(path, nil, error) }
        return takeGString(uri) ?? ""
    }
}
