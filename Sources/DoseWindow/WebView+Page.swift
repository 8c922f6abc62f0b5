import DoseDesktop

extension WebView {
    /// A page of the window (the dose, a flashcard): it may go nowhere but its own document, grows with the
    /// window, and is named `name` for a screen reader (its text goes in the accessible description).
    ///
    /// Tab into a WebKit page never comes back out (the page has nothing focusable, and WebKitGTK 2.50 on
    /// GTK 4.8 keeps the focus): the keyboard goes past it to the buttons below.
    static func page(named name: String, height: Int32) -> WebView {
        let view = WebView(allowsNavigation: PageAssets.allowsNavigation)
        Gtk.setExpand(view.widget, horizontal: true, vertical: true)
        Gtk.setSizeRequest(view.widget, width: 300, height: height)
        Gtk.setAccessibleLabel(view.widget, name)
        Gtk.setFocusable(view.widget, false)
        return view
    }
}

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
