import DoseCore
import DoseSystem

/// Shows a dose page: the seam in front of the page files and the desktop's default handler, so the
/// click's branches are tested without either (`DelivererTests`).
protocol DosePageShowing {
    /// Writes the page of `item` (nil: the honest "no longer available" page for `requestedID`) and opens it.
    func show(item: Item?, requestedID: String, activationToken: String?) throws
}

/// The real pages: `PageOpener` writes the file and GIO opens it.
struct DosePageLauncher: DosePageShowing {
    let paths: DosePaths

    func show(item: Item?, requestedID: String, activationToken: String?) throws {
        let opener = PageOpener(paths: paths)
        let path = try opener.write(item: item, requestedID: requestedID)
        try opener.open(path: path, activationToken: activationToken)
    }
}
