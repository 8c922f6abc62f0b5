import CGLib
import GLibGlue
import DoseCore

/// Writes a dose page and opens it with the user's default handler through GIO — never a shell.
public struct PageOpener: Sendable {
    /// Debian's `libjs-katex` files.
    public static let katexDirectory = "/usr/share/javascript/katex"

    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Renders and writes the page for `requestedID` (nil item: the honest "retired" page); returns its path.
    ///
    /// The file name is a digest of the id, so no id — `/`, `..`, quotes, a leading `-` —
    /// can reach a path or an argument.
    public func write(item: Item?, requestedID: String) throws(FileError) -> String {
        let script = directory + "/dose-page.js"
        if (try? FileSystem.readText(script)) != DosePage.renderScript {
            try FileSystem.writeAtomically(DosePage.renderScript, to: script, mode: 0o600)
        }
        let assets = DosePage.Assets(
            katexBase: "file://" + Self.katexDirectory, renderScript: try fileURI(script))
        let html = DosePage.html(item: item, requestedID: requestedID, assets: assets)
        let path = directory + "/dose-" + Self.fileStem(for: requestedID) + ".html"
        try FileSystem.writeAtomically(html, to: path, mode: 0o600)
        return path
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
        _ = try check("open \(path) with the default handler") { error in
            g_app_info_launch_default_for_uri(uri, context, error)
        }
    }

    /// A stable, path-safe stem for an id: FNV-1a 64 in hex.
    static func fileStem(for id: String) -> String {
        FNV1a.hex(id)
    }

    private func fileURI(_ path: String) throws(FileError) -> String {
        do { return try fileURIOrThrow(path) } catch {
            throw FileError("make a URI of", path: path, reason: .system(errno: 22))
        }
    }

    private func fileURIOrThrow(_ path: String) throws(GLibError) -> String {
        let uri = try check("make a URI of \(path)") { error in g_filename_to_uri(path, nil, error) }
        return takeGString(uri) ?? ""
    }
}
