/// The application window: the dose card and the Upcoming list.
final class DoseWindow {
    let widget: Widget
    private let title: Widget

    init(application: Application) {
        widget = Adwaita.applicationWindow(application)
        Gtk.setTitle(widget, "Daily Dose")
        Gtk.setDefaultSize(widget, width: 720, height: 640)
        let content = Gtk.box(vertical: true)
        Gtk.append(content, Adwaita.headerBar(title: nil))
        title = Gtk.label("Daily Dose", cssClasses: ["title-1"])
        Gtk.setMargins(title, 24)
        Gtk.append(content, title)
        Adwaita.setContent(widget, content)
    }

    func showToday() {
        Gtk.setText(title, "Today")
    }

    func showItem(id: String) {
        Gtk.setText(title, id)
    }
}
