import DoseSystem

/// The file chooser for a content pack on disk (the first-run page, Preferences' source): JSON files, the
/// chosen file's whole path given to `chosen`.
enum PackFileChooser {
    static func present(near: Widget, chosen: @escaping (String) -> Void) {
        Gtk.chooseFile(
            near: near,
            // TRANSLATORS: the title of the file chooser for a content pack.
            title: tr("Open a Pack"),
            // TRANSLATORS: the file chooser's buttons; the underscore marks the access key.
            accept: tr("_Open"), cancel: tr("_Cancel"),
            // TRANSLATORS: the file chooser's filter: the files a content pack can be.
            filterName: tr("Daily Dose packs"), patterns: ["*.json"], chosen: chosen)
    }
}
