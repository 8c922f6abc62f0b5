// The one place where the app touches libadwaita's C API, and GIO's application and action calls that come
// with its AdwApplication: every adw_* and g_application_*/g_simple_action_* call of DoseWindow is here.
import CAdwaita
import CGLib
import CGtk
import DoseCore
import DoseDesktop
import GLibGlue

/// `void (*)(GSimpleAction *, GVariant *parameter, gpointer)`: an action's `activate` signal.
private typealias ActionSignal = @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void
private let actionTrampoline: ActionSignal = { _, parameter, data in
    let text = parameter.flatMap { g_variant_get_string($0, nil) }.map { String(cString: $0) }
    CallbackBox<(String?) -> Void>.from(data)?.value(text)
}

/// An AdwApplication: single instance on the session bus, its GActions and its run loop.
final class Application {
    let raw: UnsafeMutablePointer<AdwApplication>
    var pointer: gpointer { UnsafeMutableRawPointer(raw) }

    init(id: String) {
        raw = adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS)
    }

    deinit {
        g_object_unref(pointer)
    }

    /// `startup` (once in the primary instance) and `activate` (a plain launch or the desktop entry).
    func onStartup(_ handler: @escaping () -> Void) { onSignal(pointer, "startup", handler) }
    func onActivate(_ handler: @escaping () -> Void) { onSignal(pointer, "activate", handler) }
    func onShutdown(_ handler: @escaping () -> Void) { onSignal(pointer, "shutdown", handler) }

    /// Adds `app.NAME`; a string action (`withString`) hands its parameter to `handler`.
    func addAction(_ name: String, withString: Bool = false, _ handler: @escaping (String?) -> Void) {
        let action = g_simple_action_new(name, withString ? dd_variant_type_string() : nil)
        connectSignal(UnsafeMutableRawPointer(action!), "activate",
                      unsafeBitCast(actionTrampoline, to: GCallback.self), CallbackBox(handler))
        g_action_map_add_action(dd_g_action_map(pointer), dd_g_action(UnsafeMutableRawPointer(action!)))
        g_object_unref(UnsafeMutableRawPointer(action!))
    }

    /// Ends the main loop (Quit): the windows go with the process.
    func quit() {
        g_application_quit(dd_g_application(pointer))
    }

    /// Enables or disables `app.NAME` (a button bound to it follows).
    func setActionEnabled(_ name: String, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(dd_g_action_map(pointer), name) else { return }
        g_simple_action_set_enabled(dd_g_simple_action(UnsafeMutableRawPointer(action)), enabled ? 1 : 0)
    }

    /// Runs the application with the process's arguments (GApplication's own options, such as
    /// `--gapplication-service`, included); returns its exit status.
    func run(_ arguments: [String]) -> Int32 {
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(dd_g_application(pointer), Int32(buffer.count), buffer.baseAddress)
        }
    }

    /// Whether this process is the bus-activated service (`--gapplication-service`).
    var isService: Bool {
        (g_application_get_flags(dd_g_application(pointer)).rawValue & G_APPLICATION_IS_SERVICE.rawValue) != 0
    }
}

enum Adwaita {
    // MARK: Windows

    /// The About window (AdwAboutWindow) over `parent`: the app's name, icon, version, makers, licence and
    /// website, and the libraries whose work it shows.
    static func presentAbout(over parent: Widget, _ about: AboutDetails) {
        guard let window = adw_about_window_new() else { return }
        let raw = dd_adw_about_window(UnsafeMutableRawPointer(window))
        adw_about_window_set_application_name(raw, about.name)
        adw_about_window_set_application_icon(raw, about.icon)
        adw_about_window_set_version(raw, about.version)
        adw_about_window_set_developer_name(raw, about.developer)
        adw_about_window_set_comments(raw, markup(about.comments))
        adw_about_window_set_website(raw, about.website)
        adw_about_window_set_copyright(raw, about.copyright)
        adw_about_window_set_license_type(raw, GTK_LICENSE_MIT_X11)
        if !about.translators.isEmpty { adw_about_window_set_translator_credits(raw, about.translators) }
        for credit in about.legal {
            adw_about_window_add_legal_section(raw, credit.title, credit.copyright, GTK_LICENSE_MIT_X11, nil)
        }
        let about = Widget(object: UnsafeMutableRawPointer(window))
        Gtk.setTransient(about, for: parent)
        Gtk.present(about)
    }

    static func applicationWindow(_ application: Application) -> Widget {
        Widget(object: adw_application_window_new(dd_gtk_application(application.pointer)))
    }

    static func setContent(_ window: Widget, _ content: Widget) {
        adw_application_window_set_content(dd_adw_application_window(window.pointer), content.raw)
    }

    static func headerBar(title: Widget?) -> Widget {
        let widget = Widget(object: adw_header_bar_new())
        if let title { adw_header_bar_set_title_widget(dd_adw_header_bar(widget.pointer), title.raw) }
        return widget
    }

    static func packStart(_ headerBar: Widget, _ child: Widget) {
        adw_header_bar_pack_start(dd_adw_header_bar(headerBar.pointer), child.raw)
    }

    static func packEnd(_ headerBar: Widget, _ child: Widget) {
        adw_header_bar_pack_end(dd_adw_header_bar(headerBar.pointer), child.raw)
    }

    /// Keeps `child` at a readable width and lets it shrink to a phone's (360 px).
    static func clamp(_ child: Widget, maximumWidth: Int32 = 640) -> Widget {
        let widget = Widget(object: adw_clamp_new())
        let clamp = dd_adw_clamp(widget.pointer)
        adw_clamp_set_maximum_size(clamp, maximumWidth)
        adw_clamp_set_child(clamp, child.raw)
        return widget
    }

    /// A clamp of `child`'s height, `height` at most: a WebKit view asks for the height its document ever had
    /// (which is never less than the view's own), so only a cap lets it shrink to a shorter page.
    static func heightClamp(_ child: Widget, height: Int32) -> Widget {
        let widget = Widget(object: adw_clamp_new())
        Gtk.setVertical(widget)
        adw_clamp_set_child(dd_adw_clamp(widget.pointer), child.raw)
        setHeight(widget, height)
        return widget
    }

    /// A `heightClamp`'s cap: exactly `height` (the size it tightens from is the cap itself).
    static func setHeight(_ clamp: Widget, _ height: Int32) {
        adw_clamp_set_maximum_size(dd_adw_clamp(clamp.pointer), height)
        adw_clamp_set_tightening_threshold(dd_adw_clamp(clamp.pointer), height)
    }

    // MARK: View stack

    static func viewStack() -> Widget {
        Widget(object: adw_view_stack_new())
    }

    static func addPage(_ stack: Widget, _ child: Widget, name: String, title: String, icon: String) {
        adw_view_stack_add_titled(dd_adw_view_stack(stack.pointer), child.raw, name, title)
        if let page = adw_view_stack_get_page(dd_adw_view_stack(stack.pointer), child.raw) {
            adw_view_stack_page_set_icon_name(page, icon)
        }
    }

    static func showPage(_ stack: Widget, name: String) {
        adw_view_stack_set_visible_child_name(dd_adw_view_stack(stack.pointer), name)
    }

    /// The name of the page on show ("" before any).
    static func visiblePageName(_ stack: Widget) -> String {
        adw_view_stack_get_visible_child_name(dd_adw_view_stack(stack.pointer)).map { String(cString: $0) } ?? ""
    }

    /// A switcher for the header bar (wide) and one for the bottom bar (narrow): the header's gives way to the bar's under 550 px.
    static func viewSwitchers(_ stack: Widget) -> (title: Widget, bar: Widget) {
        let title = Widget(object: adw_view_switcher_title_new())
        adw_view_switcher_title_set_stack(OpaquePointer(title.raw), dd_adw_view_stack(stack.pointer))
        adw_view_switcher_title_set_title(OpaquePointer(title.raw), "Daily Dose")
        let bar = Widget(object: adw_view_switcher_bar_new())
        adw_view_switcher_bar_set_stack(dd_adw_view_switcher_bar(bar.pointer), dd_adw_view_stack(stack.pointer))
        // The bar shows exactly when the title's switcher has no room (libadwaita's documented pairing).
        g_object_bind_property(title.pointer, "title-visible", bar.pointer, "reveal", G_BINDING_SYNC_CREATE)
        return (title, bar)
    }

    // MARK: Style

    /// Whether libadwaita draws dark now (the desktop's preference, or forced by ADW_DEBUG_COLOR_SCHEME).
    static var isDark: Bool {
        adw_style_manager_get_dark(adw_style_manager_get_default()) != 0
    }

    /// Whether the desktop asks for high contrast (libadwaita then draws its high-contrast style).
    static var isHighContrast: Bool {
        adw_style_manager_get_high_contrast(adw_style_manager_get_default()) != 0
    }

    /// The look the window's web pages take: the colours of the style in use, the UI font.
    static var pageTheme: DosePage.Theme {
        PageTheme.adwaita(dark: isDark, highContrast: isHighContrast, fontName: Gtk.fontName)
    }

    /// Calls `handler` when light and dark or high contrast switch, until `stopStyleChanged` gets the ids returned.
    @discardableResult
    static func onStyleChanged(_ handler: @escaping () -> Void) -> [gulong] {
        ["dark", "high-contrast"].map { onNotify(UnsafeMutableRawPointer(adw_style_manager_get_default()), $0, handler) }
    }

    /// Disconnects an `onStyleChanged` handler (a page that goes before the window).
    static func stopStyleChanged(_ ids: [gulong]) {
        for id in ids { disconnectSignal(UnsafeMutableRawPointer(adw_style_manager_get_default()), id) }
    }

    /// Forces a colour scheme (the screenshots' dark window); `nil` follows the desktop.
    static func forceScheme(dark: Bool?) {
        let scheme: AdwColorScheme = switch dark {
        case nil: ADW_COLOR_SCHEME_DEFAULT
        case true?: ADW_COLOR_SCHEME_FORCE_DARK
        case false?: ADW_COLOR_SCHEME_FORCE_LIGHT
        }
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), scheme)
    }
}

extension Adwaita {
    // MARK: Preferences

    /// A preferences window over `parent`; Escape closes it.
    static func preferencesWindow(over parent: Widget?) -> Widget {
        let window = Widget(object: adw_preferences_window_new())
        if let parent { Gtk.setTransient(window, for: parent) }
        adw_preferences_window_set_search_enabled(dd_adw_preferences_window(window.pointer), 0)
        Gtk.closeOnEscape(window)
        return window
    }

    /// Adds a page holding `groups` (made by `preferencesGroup`) to a preferences window.
    static func addPage(_ window: Widget, title: String, icon: String, groups: [Widget]) {
        let page = Widget(object: adw_preferences_page_new())
        adw_preferences_page_set_title(dd_adw_preferences_page(page.pointer), title)
        adw_preferences_page_set_icon_name(dd_adw_preferences_page(page.pointer), icon)
        for group in groups { adw_preferences_page_add(dd_adw_preferences_page(page.pointer), dd_adw_preferences_group(group.pointer)) }
        adw_preferences_window_add(dd_adw_preferences_window(window.pointer), dd_adw_preferences_page(page.pointer))
    }

    static func preferencesGroup(title: String, description: String?, rows: [Widget]) -> Widget {
        let group = Widget(object: adw_preferences_group_new())
        adw_preferences_group_set_title(dd_adw_preferences_group(group.pointer), markup(title))
        if let description { adw_preferences_group_set_description(dd_adw_preferences_group(group.pointer), markup(description)) }
        for row in rows { adw_preferences_group_add(dd_adw_preferences_group(group.pointer), row.raw) }
        return group
    }

    /// An entry row with an Apply button; `apply` gets the text on Apply or Enter.
    static func entryRow(title: String, text: String, apply: @escaping (Widget, String) -> Void) -> Widget {
        entryRow(Widget(object: adw_entry_row_new()), title: title, text: text, apply: apply)
    }

    private static func entryRow(_ row: Widget, title: String, text: String, apply: @escaping (Widget, String) -> Void) -> Widget {
        plainTitle(row, title)
        Gtk.setEditableText(row, text)
        adw_entry_row_set_show_apply_button(dd_adw_entry_row(row.pointer), 1)
        let handler = { apply(row, Gtk.editableText(row)) }
        onSignal(row.pointer, "apply", handler)
        onSignal(row.pointer, "entry-activated", handler)
        return row
    }

    /// Puts the stored `text` into an entry row with an Apply button, which stays hidden: libadwaita shows it for any
    /// change while the row has the focus, and it would offer to apply what was just saved. Turning the button off
    /// for the change is libadwaita's one way to forget it (1.2 has no reset).
    static func showStored(_ row: Widget, _ text: String) {
        adw_entry_row_set_show_apply_button(dd_adw_entry_row(row.pointer), 0)
        Gtk.setEditableText(row, text)
        adw_entry_row_set_show_apply_button(dd_adw_entry_row(row.pointer), 1)
    }

    /// Puts `widget` at the end of an entry row (after its text, before its Apply button).
    static func addSuffix(entryRow row: Widget, _ widget: Widget) {
        Gtk.addCSSClass(widget, "flat")
        Gtk.setVerticalCenter(widget)
        adw_entry_row_add_suffix(dd_adw_entry_row(row.pointer), widget.raw)
    }

    /// An entry row without an Apply button; `activated` runs on Enter (the Learn view's Subject and Topic).
    static func plainEntryRow(title: String, activated: @escaping () -> Void) -> Widget {
        let row = Widget(object: adw_entry_row_new())
        plainTitle(row, title)
        onSignal(row.pointer, "entry-activated", activated)
        return row
    }

    /// A combo row over `choices`, `selected` first shown; `select` gets the index the user picks.
    static func comboRow(title: String, choices: [String], selected: Int, select: @escaping (Int) -> Void) -> Widget {
        let row = Widget(object: adw_combo_row_new())
        plainTitle(row, title)
        setComboChoices(row, choices, selected: selected)
        onNotify(row.pointer, "selected") {
            select(Int(adw_combo_row_get_selected(dd_adw_combo_row(row.pointer))))
        }
        return row
    }

    /// Replaces a combo row's entries, `selected` shown.
    static func setComboChoices(_ comboRow: Widget, _ choices: [String], selected: Int) {
        let model = Gtk.stringList(choices)
        adw_combo_row_set_model(dd_adw_combo_row(comboRow.pointer), dd_g_list_model(UnsafeMutableRawPointer(model)))
        g_object_unref(UnsafeMutableRawPointer(model))
        select(comboRow, selected)
    }

    /// Shows entry `index` of a combo row (its `select` handler hears of it too).
    static func select(_ comboRow: Widget, _ index: Int) {
        adw_combo_row_set_selected(dd_adw_combo_row(comboRow.pointer), guint(max(0, index)))
    }

    /// A short message at the bottom of a preferences window.
    /// A toast's title is Pango markup in libadwaita 1.2: the text (a server's message may hold `<` or `&`) is escaped.
    static func toast(_ window: Widget, _ text: String) {
        adw_preferences_window_add_toast(dd_adw_preferences_window(window.pointer), newToast(text))
    }

    /// A toast with a button (an undoable action's "Undo"): `pressed` runs when it is pressed, at most once.
    static func toast(_ window: Widget, _ text: String, button: String, pressed: @escaping () -> Void) {
        let toast = newToast(text)
        adw_toast_set_button_label(toast, button)
        // Twice the default 5 s: an undo must not be gone before the student has read what it undoes.
        adw_toast_set_timeout(toast, 10)
        // libadwaita 1.2's own signal for the button (an action name would need a window action).
        onSignal(UnsafeMutableRawPointer(toast), "button-clicked", pressed)
        adw_preferences_window_add_toast(dd_adw_preferences_window(window.pointer), toast)
    }

    private static func newToast(_ text: String) -> OpaquePointer {
        adw_toast_new(takeGString(g_markup_escape_text(text, -1)) ?? "")
    }

    /// A toast that stays until it is dismissed: a refusal must still be there when the student looks up, however
    /// long that takes. The caller dismisses it at the next answer (a later toast waits behind it otherwise).
    static func lastingToast(_ window: Widget, _ text: String) -> LastingToast {
        let toast = LastingToast(newToast(text))
        adw_toast_set_timeout(toast.raw, 0)
        adw_toast_set_priority(toast.raw, ADW_TOAST_PRIORITY_HIGH)
        adw_preferences_window_add_toast(dd_adw_preferences_window(window.pointer), toast.raw)
        return toast
    }
}

/// A toast kept alive by its own reference, so dismissing it after libadwaita let it go is still safe.
final class LastingToast {
    fileprivate let raw: OpaquePointer

    fileprivate init(_ toast: OpaquePointer) {
        raw = toast
        g_object_ref(UnsafeMutableRawPointer(toast))
    }

    /// Takes the toast down (nothing happens if it is already gone).
    func dismiss() { adw_toast_dismiss(raw) }

    deinit { g_object_unref(UnsafeMutableRawPointer(raw)) }
}

extension Adwaita {
    // MARK: Rows and pages for Preferences and the first-run page

    /// A password entry row (its text hidden, a peek button) with Apply; `apply` gets the text on Apply or Enter.
    static func passwordEntryRow(title: String, apply: @escaping (Widget, String) -> Void) -> Widget {
        entryRow(Widget(object: adw_password_entry_row_new()), title: title, text: "", apply: apply)
    }

    /// A row with a title, a subtitle and widgets at its end; `activates` is what Enter on the row presses.
    static func actionRow(title: String, subtitle: String = "", suffixes: [Widget] = [], activates: Widget? = nil) -> Widget {
        let row = Widget(object: adw_action_row_new())
        plainTitle(row, title)
        setSubtitle(row, subtitle)
        for suffix in suffixes { adw_action_row_add_suffix(dd_adw_action_row(row.pointer), suffix.raw) }
        if let activates { adw_action_row_set_activatable_widget(dd_adw_action_row(row.pointer), activates.raw) }
        return row
    }

    /// Puts a row's title as plain text: a row's title and subtitle are Pango markup unless the row says otherwise,
    /// and a topic typed as "Sets & maps" is no markup.
    private static func plainTitle(_ row: Widget, _ title: String) {
        adw_preferences_row_set_use_markup(dd_adw_preferences_row(row.pointer), 0)
        adw_preferences_row_set_title(dd_adw_preferences_row(row.pointer), title)
    }

    /// `text` escaped for the labels libadwaita 1.2 reads as Pango markup (a group's title and description, a status
    /// page's description, the About window's comments): a translation's "&" or "<" is shown, not parsed.
    private static func markup(_ text: String) -> String {
        takeGString(g_markup_escape_text(text, -1)) ?? ""
    }

    /// Puts a row's subtitle (plain text: outside text is never markup here).
    static func setSubtitle(_ row: Widget, _ text: String) {
        adw_preferences_row_set_use_markup(dd_adw_preferences_row(row.pointer), 0)
        adw_action_row_set_subtitle(dd_adw_action_row(row.pointer), text)
    }

    static func addRow(_ group: Widget, _ row: Widget) {
        adw_preferences_group_add(dd_adw_preferences_group(group.pointer), row.raw)
    }

    static func setGroupDescription(_ group: Widget, _ text: String) {
        adw_preferences_group_set_description(dd_adw_preferences_group(group.pointer), markup(text))
    }

    /// A status page (icon, title, description, and a child below), the first-run page's frame.
    static func statusPage(title: String, description: String, icon: String, child: Widget) -> Widget {
        let widget = Widget(object: adw_status_page_new())
        let page = dd_adw_status_page(widget.pointer)
        adw_status_page_set_title(page, title)
        adw_status_page_set_description(page, markup(description))
        adw_status_page_set_icon_name(page, icon)
        adw_status_page_set_child(page, child.raw)
        return widget
    }

    static func setStatusTitle(_ statusPage: Widget, _ title: String) {
        adw_status_page_set_title(dd_adw_status_page(statusPage.pointer), title)
    }

    static func setStatusDescription(_ statusPage: Widget, _ text: String) {
        adw_status_page_set_description(dd_adw_status_page(statusPage.pointer), markup(text))
    }

    /// The selected index of a combo row.
    static func selected(_ comboRow: Widget) -> Int {
        Int(adw_combo_row_get_selected(dd_adw_combo_row(comboRow.pointer)))
    }
}
