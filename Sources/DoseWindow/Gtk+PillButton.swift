import DoseDesktop

extension Gtk {
    /// The page's main button (Reveal): rounded, accented, centred; connect `clicked` once `self` exists.
    static func pillButton(_ label: String) -> Widget {
        let button = Gtk.button(label) {}
        Gtk.addCSSClass(button, "pill")
        Gtk.addCSSClass(button, "suggested-action")
        Gtk.setCenter(button)
        return button
    }
}
