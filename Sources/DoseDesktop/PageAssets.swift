import DoseCore
import DoseSystem

/// Where the app's web view finds KaTeX and the page's render script, offline.
///
/// The page is loaded with `baseURI` (Debian's `libjs-katex`, whose fonts come through `fonts-katex`
/// links); the render script is `dose open`'s own, in the session's private directory (`PageOpener`),
/// which the web process's sandbox is given read access to.
public struct PageAssets: Sendable {
    /// The base URI the page is loaded with.
    public static let baseURI = "file://" + PageOpener.katexDirectory + "/"

    /// Whether the web view may navigate to `uri`: only to the document `load_html` gives it (its base URI)
    /// or a blank page; a link, a form, a script's `location`, a new window go nowhere.
    public static func allowsNavigation(to uri: String) -> Bool {
        uri == baseURI || uri == "about:blank"
    }

    /// The directory holding the render script (the web process must be allowed to read it).
    public let directory: String
    public let assets: DosePage.Assets

    /// Writes the render script (if it is not already there, unchanged) into the session's private directory.
    public static func prepare(paths: DosePaths) throws(FileError) -> PageAssets {
        let opener = PageOpener(paths: paths)
        let assets = try opener.assets()
        return PageAssets(directory: opener.directory ?? "", assets: assets)
    }
}
