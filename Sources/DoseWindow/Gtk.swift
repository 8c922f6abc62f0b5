// The one place where the app touches GTK's C API: every gtk_* call of DoseWindow lives in this file, and
// the rest of the module speaks `Widget`. Casts and variadic calls go through CGtk's shim.h.
import CGLib
import CGtk
import DoseDesktop
import GLibGlue

/// A GTK widget the window holds; GTK owns it once it has a parent (or a window of its own).
///
/// Sendable only so a service's answer, which `postToLoop` runs on the GLib thread, can name the row it
/// updates: every widget is made and touched on that one thread.
struct Widget: @unchecked Sendable {
    let raw: UnsafeMutablePointer<GtkWidget>

    init(_ raw: UnsafeMutablePointer<GtkWidget>) {
        self.raw = raw
    }

    /// Any GObject pointer that is a widget (a libadwaita or WebKit constructor's result).
    init(object: gpointer) {
        raw = dd_gtk_widget(object)
    }

    var pointer: gpointer { UnsafeMutableRawPointer(raw) }
}

/// A plain `void (*)(GObject *, gpointer)` signal, with a Swift closure behind it.
private typealias VoidSignal = @convention(c) (gpointer?, gpointer?) -> Void
private let voidTrampoline: VoidSignal = { _, data in CallbackBox<() -> Void>.from(data)?.value() }

/// Connects a signal whose handler takes only the instance, such as `clicked`, `map` or `activate`.
func onSignal(_ instance: gpointer, _ name: String, _ handler: @escaping () -> Void) {
    precondition(!name.hasPrefix("notify"), "notify passes a GParamSpec: use onNotify")
    connectSignal(instance, name, unsafeBitCast(voidTrampoline, to: GCallback.self), CallbackBox(handler))
}

/// `void (*)(GObject *, GParamSpec *, gpointer)`: a property's `notify::NAME`.
private typealias NotifySignal = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
private let notifyTrampoline: NotifySignal = { _, _, data in CallbackBox<() -> Void>.from(data)?.value() }

/// Calls `handler` when `property` of `instance` changes; the id disconnects it (`disconnectSignal`).
@discardableResult
func onNotify(_ instance: gpointer, _ property: String, _ handler: @escaping () -> Void) -> gulong {
    connectSignal(instance, "notify::" + property, unsafeBitCast(notifyTrampoline, to: GCallback.self), CallbackBox(handler))
}

/// `gboolean (*)(GtkWindow *, gpointer)`: `close-request`; FALSE lets the window close.
private typealias CloseRequestSignal = @convention(c) (gpointer?, gpointer?) -> gboolean
private let closeRequestTrampoline: CloseRequestSignal = { _, data in
    CallbackBox<() -> Void>.from(data)?.value()
    return 0
}

enum Gtk {
    // MARK: Labels

    /// A label that wraps, selectable so a reader can copy it; AT-SPI names it by its text.
    static func label(_ text: String, cssClasses: [String] = [], wrap: Bool = true) -> Widget {
        let widget = Widget(gtk_label_new(text))
        let label = dd_gtk_label(widget.pointer)
        gtk_label_set_wrap(label, wrap ? 1 : 0)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(label, 0)
        for cssClass in cssClasses { addCSSClass(widget, cssClass) }
        return widget
    }

    static func setText(_ widget: Widget, _ text: String) {
        gtk_label_set_text(dd_gtk_label(widget.pointer), text)
    }

    /// Puts Pango `markup` on a label (built from escaped text: `LaTeXText.markup`), with `accessibleText` as what a
    /// screen reader says, since the markup's text alone would run a lowered script into its base ("kB").
    static func setMarkup(_ widget: Widget, _ markup: String, accessibleText: String) {
        gtk_label_set_markup(dd_gtk_label(widget.pointer), markup)
        setAccessibleLabel(widget, accessibleText)
    }

    static func text(_ widget: Widget) -> String {
        gtk_label_get_text(dd_gtk_label(widget.pointer)).map { String(cString: $0) } ?? ""
    }

    // MARK: Buttons

    /// A button with a visible label (its accessible name), calling `handler` when clicked.
    static func button(_ label: String, _ handler: @escaping () -> Void) -> Widget {
        let widget = Widget(gtk_button_new_with_label(label))
        onSignal(widget.pointer, "clicked", handler)
        return widget
    }

    /// A button whose child is a left-aligned, wrapping label of Pango `markup` (built from escaped text); the caller
    /// names it for a screen reader.
    static func markupButton(_ markup: String) -> Widget {
        let label = Widget(gtk_label_new(nil))
        gtk_label_set_markup(dd_gtk_label(label.pointer), markup)
        gtk_label_set_wrap(dd_gtk_label(label.pointer), 1)
        gtk_label_set_wrap_mode(dd_gtk_label(label.pointer), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(dd_gtk_label(label.pointer), 0)
        let button = Widget(gtk_button_new())
        gtk_button_set_child(dd_gtk_button(button.pointer), label.raw)
        return button
    }

    /// An icon-only button: its tooltip and accessible label say what it does (GTK would name it "GtkImage").
    static func iconButton(_ icon: String, label: String, action: String) -> Widget {
        let widget = Widget(gtk_button_new_from_icon_name(icon))
        gtk_widget_set_tooltip_text(widget.raw, label)
        setAccessibleLabel(widget, label)
        gtk_actionable_set_action_name(dd_gtk_actionable(widget.pointer), action)
        return widget
    }

    /// An icon-only button calling `handler` when clicked, its tooltip and accessible label saying what it does.
    static func iconButton(_ icon: String, label: String, _ handler: @escaping () -> Void) -> Widget {
        let widget = Widget(gtk_button_new_from_icon_name(icon))
        gtk_widget_set_tooltip_text(widget.raw, label)
        setAccessibleLabel(widget, label)
        onSignal(widget.pointer, "clicked", handler)
        return widget
    }

    static func setButtonLabel(_ widget: Widget, _ text: String) {
        gtk_button_set_label(dd_gtk_button(widget.pointer), text)
    }

    // MARK: Containers

    static func box(vertical: Bool, spacing: Int32 = 0, cssClasses: [String] = []) -> Widget {
        let widget = Widget(gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing))
        for cssClass in cssClasses { addCSSClass(widget, cssClass) }
        return widget
    }

    /// Lays an orientable widget (a box, a clamp) out vertically. GTK's orientation constants are named in this file
    /// alone: Swift's importer gave them to libadwaita's module when Adwaita.swift named one too, and this file, which
    /// does not import it, then could not find them (a clean build's failure).
    static func setVertical(_ widget: Widget) {
        gtk_orientable_set_orientation(dd_gtk_orientable(widget.pointer), GTK_ORIENTATION_VERTICAL)
    }

    static func append(_ box: Widget, _ child: Widget) {
        gtk_box_append(dd_gtk_box(box.pointer), child.raw)
    }

    /// Takes `child` out of `box` (GTK then destroys it, unless another reference holds it).
    static func remove(_ box: Widget, _ child: Widget) {
        gtk_box_remove(dd_gtk_box(box.pointer), child.raw)
    }

    /// Scrolls `scrolled` (a `scrolled` widget) vertically as `move` says (`PageScroll.target`).
    static func scroll(_ scrolled: Widget, _ move: PageScroll) {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(dd_gtk_scrolled_window(scrolled.pointer)) else { return }
        gtk_adjustment_set_value(adjustment, move.target(
            from: gtk_adjustment_get_value(adjustment), page: gtk_adjustment_get_page_size(adjustment),
            lower: gtk_adjustment_get_lower(adjustment), upper: gtk_adjustment_get_upper(adjustment)))
    }

    static func scrolled(_ child: Widget) -> Widget {
        let widget = Widget(gtk_scrolled_window_new())
        let window = dd_gtk_scrolled_window(widget.pointer)
        gtk_scrolled_window_set_policy(window, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(window, child.raw)
        return widget
    }

    /// A list box whose rows are plain (not activatable): read by AT-SPI, focusable with Tab.
    static func listBox() -> Widget {
        let widget = Widget(gtk_list_box_new())
        gtk_list_box_set_selection_mode(dd_gtk_list_box(widget.pointer), GTK_SELECTION_NONE)
        addCSSClass(widget, "boxed-list")
        return widget
    }

    /// Appends `child` as a row named `name` for a screen reader: GTK names the row it wraps a child in by nothing (a
    /// row of its own, such as an AdwEntryRow, keeps the name its title gives it).
    static func listAppend(_ list: Widget, _ child: Widget, named name: String) {
        gtk_list_box_append(dd_gtk_list_box(list.pointer), child.raw)
        guard let row = gtk_widget_get_parent(child.raw), row != list.raw else { return }
        setAccessibleLabel(Widget(row), name)
    }

    static func listRemoveAll(_ list: Widget) {
        let box = dd_gtk_list_box(list.pointer)
        while let row = gtk_widget_get_first_child(list.raw) {
            gtk_list_box_remove(box, row)
        }
    }

    // MARK: Widget properties

    static func addCSSClass(_ widget: Widget, _ name: String) {
        gtk_widget_add_css_class(widget.raw, name)
    }

    static func setVisible(_ widget: Widget, _ visible: Bool) {
        gtk_widget_set_visible(widget.raw, visible ? 1 : 0)
    }

    static func isVisible(_ widget: Widget) -> Bool {
        gtk_widget_get_visible(widget.raw) != 0
    }

    static func setSensitive(_ widget: Widget, _ sensitive: Bool) {
        gtk_widget_set_sensitive(widget.raw, sensitive ? 1 : 0)
    }

    static func setExpand(_ widget: Widget, horizontal: Bool? = nil, vertical: Bool? = nil) {
        if let horizontal { gtk_widget_set_hexpand(widget.raw, horizontal ? 1 : 0) }
        if let vertical { gtk_widget_set_vexpand(widget.raw, vertical ? 1 : 0) }
    }

    static func setSizeRequest(_ widget: Widget, width: Int32, height: Int32) {
        gtk_widget_set_size_request(widget.raw, width, height)
    }

    static func setMargins(_ widget: Widget, _ margin: Int32) {
        gtk_widget_set_margin_top(widget.raw, margin)
        gtk_widget_set_margin_bottom(widget.raw, margin)
        gtk_widget_set_margin_start(widget.raw, margin)
        gtk_widget_set_margin_end(widget.raw, margin)
    }

    static func setCenter(_ widget: Widget) {
        gtk_widget_set_halign(widget.raw, GTK_ALIGN_CENTER)
    }

    /// Whether Tab stops at `widget`.
    static func setFocusable(_ widget: Widget, _ focusable: Bool) {
        gtk_widget_set_focusable(widget.raw, focusable ? 1 : 0)
        gtk_widget_set_can_focus(widget.raw, focusable ? 1 : 0)  // nor anything inside it
    }

    static func grabFocus(_ widget: Widget) {
        gtk_widget_grab_focus(widget.raw)
    }

    /// Whether `widget` has the keyboard focus.
    static func hasFocus(_ widget: Widget) -> Bool {
        gtk_widget_has_focus(widget.raw) != 0
    }

    /// Moves the keyboard focus as Tab (or Shift+Tab, `backward`) would, within `window`.
    static func moveFocus(_ window: Widget, backward: Bool) {
        if gtk_widget_child_focus(window.raw, backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD) == 0 {
            // Past the last control: round to the first, as GTK's own Tab does.
            gtk_root_set_focus(dd_gtk_root(window.pointer), nil)
            _ = gtk_widget_child_focus(window.raw, backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
        }
    }

    /// GTK's UI font setting ("Cantarell 11"), or nil.
    static var fontName: String? {
        guard let name = dd_gtk_settings_font_name() else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    static func isMapped(_ widget: Widget) -> Bool {
        gtk_widget_get_mapped(widget.raw) != 0
    }

    // MARK: Accessibility

    /// The name a screen reader speaks for `widget`, where its visible text is not enough.
    static func setAccessibleLabel(_ widget: Widget, _ text: String) {
        dd_gtk_accessible_set_label(widget.pointer, text)
    }

    /// The longer text a screen reader offers for `widget` (the web view's page, in plain text).
    static func setAccessibleDescription(_ widget: Widget, _ text: String) {
        dd_gtk_accessible_set_description(widget.pointer, text)
    }

    // MARK: Windows

    static func setTitle(_ window: Widget, _ title: String) {
        gtk_window_set_title(dd_gtk_window(window.pointer), title)
    }

    static func setDefaultSize(_ window: Widget, width: Int32, height: Int32) {
        gtk_window_set_default_size(dd_gtk_window(window.pointer), width, height)
    }

    /// Makes `window` a modal dialog of `parent`, and a window of its application: the app's keys (Ctrl+Q, Ctrl+?)
    /// work in it, and the app stays while it is open.
    static func setTransient(_ window: Widget, for parent: Widget) {
        gtk_window_set_transient_for(dd_gtk_window(window.pointer), dd_gtk_window(parent.pointer))
        gtk_window_set_modal(dd_gtk_window(window.pointer), 1)
        if let application = gtk_window_get_application(dd_gtk_window(parent.pointer)) {
            gtk_window_set_application(dd_gtk_window(window.pointer), application)
        }
    }

    /// Shows the window and raises it, with the activation token GTK received (if any).
    static func present(_ window: Widget) {
        gtk_window_present(dd_gtk_window(window.pointer))
    }

    static func close(_ window: Widget) {
        gtk_window_close(dd_gtk_window(window.pointer))
    }

    /// Keeps `window` alive in Swift until it is destroyed (GTK owns toplevels; this only borrows).
    static func onDestroy(_ window: Widget, _ handler: @escaping () -> Void) {
        onSignal(window.pointer, "destroy", handler)
    }

    /// The window's size as the user left it (GTK keeps the default size in step with resizes) and whether it
    /// is maximised: what `WindowState` remembers.
    static func windowSize(_ window: Widget) -> (width: Int32, height: Int32, maximized: Bool) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(dd_gtk_window(window.pointer), &width, &height)
        return (width, height, gtk_window_is_maximized(dd_gtk_window(window.pointer)) != 0)
    }

    static func maximize(_ window: Widget) {
        gtk_window_maximize(dd_gtk_window(window.pointer))
    }

    /// Calls `handler` when the window is asked to close (its close button, Ctrl+W); the window then closes.
    static func onCloseRequest(_ window: Widget, _ handler: @escaping () -> Void) {
        connectSignal(window.pointer, "close-request", unsafeBitCast(closeRequestTrampoline, to: GCallback.self), CallbackBox(handler))
    }

    /// The Keyboard Shortcuts window made from GtkBuilder XML whose GtkShortcutsWindow is "help_overlay",
    /// attached to `window`: GTK adds `win.show-help-overlay`, which presents it.
    static func setHelpOverlay(_ window: Widget, interface: String) {
        let builder = gtk_builder_new_from_string(interface, -1)
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let overlay = gtk_builder_get_object(builder, "help_overlay") else { return }
        gtk_application_window_set_help_overlay(
            dd_gtk_application_window(window.pointer), OpaquePointer(overlay))
    }

    /// The primary menu's button ("open-menu-symbolic"): the menu holds `items` (a label and a detailed action,
    /// one section), and F10 opens it while its window has the focus.
    static func primaryMenuButton(label: String, items: [(label: String, action: String)]) -> Widget {
        let menu = g_menu_new()
        defer { g_object_unref(UnsafeMutableRawPointer(menu)) }
        for item in items { g_menu_append(menu, item.label, item.action) }
        let button = Widget(gtk_menu_button_new())
        let menuButton = dd_gtk_menu_button(button.pointer)
        gtk_menu_button_set_icon_name(menuButton, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(menuButton, dd_g_menu_model(UnsafeMutableRawPointer(menu)))
        gtk_menu_button_set_primary(menuButton, 1)
        gtk_widget_set_tooltip_text(button.raw, label)
        setAccessibleLabel(button, label)
        return button
    }

    // MARK: Application

    /// Keyboard shortcuts for an action by its detailed name (`app.preferences` ← `<Control>comma`).
    static func setAccels(_ application: gpointer, action: String, _ accels: [String]) {
        var cStrings = accels.map { strdup($0) }
        cStrings.append(nil)
        defer { cStrings.forEach { free($0) } }
        cStrings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { accelArray in
                gtk_application_set_accels_for_action(dd_gtk_application(application), action, accelArray)
            }
        }
    }

    static func activeWindow(_ application: gpointer) -> Widget? {
        gtk_application_get_active_window(dd_gtk_application(application)).map { Widget(object: UnsafeMutableRawPointer($0)) }
    }
}

/// `void (*)(GtkListBox *, GtkListBoxRow *, gpointer)`: a list row activated (Enter, click).
private typealias RowSignal = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
private let rowTrampoline: RowSignal = { _, row, data in
    guard let row else { return }
    CallbackBox<(Int) -> Void>.from(data)?.value(Int(gtk_list_box_row_get_index(dd_gtk_list_box_row(row))))
}

/// `void (*)(GtkNativeDialog *, int, gpointer)`: a native dialog's `response`.
private typealias ResponseSignal = @convention(c) (gpointer?, gint, gpointer?) -> Void
private let responseTrampoline: ResponseSignal = { dialog, response, data in
    CallbackBox<(gpointer?, gint) -> Void>.from(data)?.value(dialog, response)
}

extension Gtk {
    /// Asks for a file to open, over the window `near` is in: GtkFileChooserNative (the desktop's file portal where
    /// there is one, else GTK's own dialog; GTK 4.8 has no GtkFileDialog), showing the files `patterns` match under
    /// `filterName`, its buttons labelled `accept` and `cancel`. `chosen` gets the accepted file's path, once; a
    /// cancel calls nothing.
    static func chooseFile(near: Widget, title: String, accept: String, cancel: String, filterName: String, patterns: [String],
                           chosen: @escaping (String) -> Void) {
        let parent = gtk_widget_get_root(near.raw).flatMap { dd_gtk_window(UnsafeMutableRawPointer($0)) }
        guard let native = gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_OPEN, accept, cancel) else { return }
        let chooser = dd_gtk_file_chooser(UnsafeMutableRawPointer(native))
        let filter = gtk_file_filter_new()
        gtk_file_filter_set_name(filter, filterName)
        for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
        let dialog = dd_gtk_native_dialog(UnsafeMutableRawPointer(native))
        gtk_native_dialog_set_modal(dialog, 1)
        let handler: (gpointer?, gint) -> Void = { instance, response in
            guard let instance else { return }
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(dd_gtk_file_chooser(instance)) {
                let path = takeGString(g_file_get_path(file)) ?? ""
                g_object_unref(UnsafeMutableRawPointer(file))
                if !path.isEmpty { chosen(path) }
            }
            // The dialog was ours from gtk_file_chooser_native_new; GLib holds it while it emits.
            g_object_unref(instance)
        }
        connectSignal(UnsafeMutableRawPointer(native), "response", unsafeBitCast(responseTrampoline, to: GCallback.self), CallbackBox(handler))
        gtk_native_dialog_show(dialog)
    }

    /// Calls `handler` with the index of a row activated in `list`.
    static func onRowActivated(_ list: Widget, _ handler: @escaping (Int) -> Void) {
        connectSignal(list.pointer, "row-activated", unsafeBitCast(rowTrampoline, to: GCallback.self), CallbackBox(handler))
    }

    /// The text of an editable (an entry, an AdwEntryRow).
    static func editableText(_ widget: Widget) -> String {
        gtk_editable_get_text(dd_gtk_editable(widget.pointer)).map { String(cString: $0) } ?? ""
    }

    static func setEditableText(_ widget: Widget, _ text: String) {
        gtk_editable_set_text(dd_gtk_editable(widget.pointer), text)
    }

    /// A list model of strings, for a combo row.
    static func stringList(_ strings: [String]) -> OpaquePointer {
        let list = gtk_string_list_new(nil)!
        for string in strings { gtk_string_list_append(list, string) }
        return list
    }

    static func removeCSSClass(_ widget: Widget, _ name: String) {
        gtk_widget_remove_css_class(widget.raw, name)
    }
}

extension Gtk {
    /// Escape closes `window` (GtkWindow's `window.close` action), as a dialog's Escape does.
    static func closeOnEscape(_ window: Widget) {
        let controller = gtk_shortcut_controller_new()!
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("window.close"))
        gtk_shortcut_controller_add_shortcut(dd_gtk_shortcut_controller(UnsafeMutableRawPointer(controller)), shortcut)
        // Before the focused widget: an entry row with focus would otherwise keep Escape to itself.
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(window.raw, controller)
    }
}

extension Gtk {
    // MARK: Switches and spinners

    /// A switch (GtkSwitch): `toggled` gets its new state whenever it changes, by the user or by `setActive`.
    static func toggle(active: Bool, toggled: @escaping (Bool) -> Void) -> Widget {
        let widget = Widget(gtk_switch_new())
        gtk_switch_set_active(dd_gtk_switch(widget.pointer), active ? 1 : 0)
        gtk_widget_set_valign(widget.raw, GTK_ALIGN_CENTER)
        onNotify(widget.pointer, "active") { toggled(gtk_switch_get_active(dd_gtk_switch(widget.pointer)) != 0) }
        return widget
    }

    static func isActive(_ toggle: Widget) -> Bool {
        gtk_switch_get_active(dd_gtk_switch(toggle.pointer)) != 0
    }

    static func setActive(_ toggle: Widget, _ active: Bool) {
        gtk_switch_set_active(dd_gtk_switch(toggle.pointer), active ? 1 : 0)
    }

    /// A spinner, hidden until `spin(_, true)`.
    static func spinner() -> Widget {
        let widget = Widget(gtk_spinner_new())
        gtk_widget_set_visible(widget.raw, 0)
        return widget
    }

    static func spin(_ spinner: Widget, _ spinning: Bool) {
        gtk_spinner_set_spinning(dd_gtk_spinner(spinner.pointer), spinning ? 1 : 0)
        gtk_widget_set_visible(spinner.raw, spinning ? 1 : 0)
    }

    /// Centres a row's suffix (a button, a switch) vertically.
    static func setVerticalCenter(_ widget: Widget) {
        gtk_widget_set_valign(widget.raw, GTK_ALIGN_CENTER)
    }
}

/// `gboolean (*)(GtkWidget *, GVariant *args, gpointer)`: a keyboard shortcut's callback.
private typealias ShortcutFunc = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean
private let shortcutTrampoline: ShortcutFunc = { _, _, data in
    (CallbackBox<() -> Bool>.from(data)?.value() ?? false) ? 1 : 0
}

extension Gtk {
    // MARK: The Learn view's controls

    /// A check button labelled `label`; `toggled` gets the new state when the user (or `setChecked`) flips it.
    static func checkButton(_ label: String, active: Bool, toggled: @escaping (Bool) -> Void) -> Widget {
        let widget = Widget(gtk_check_button_new())
        // Its own wrapping label: the check button's built-in one never wraps, and one long topic name set the
        // whole window's narrowest width past 360 px.
        gtk_check_button_set_child(dd_gtk_check_button(widget.pointer), Self.label(label).raw)
        gtk_check_button_set_active(dd_gtk_check_button(widget.pointer), active ? 1 : 0)
        onSignal(widget.pointer, "toggled") { toggled(gtk_check_button_get_active(dd_gtk_check_button(widget.pointer)) != 0) }
        return widget
    }

    /// A search entry (its `search-changed` comes after GTK's short typing delay); GTK 4.8 has no setter
    /// for its placeholder but the variadic `g_object_set`, so the tooltip says what it searches.
    static func searchEntry(tooltip: String) -> Widget {
        let widget = Widget(gtk_search_entry_new())
        gtk_widget_set_tooltip_text(widget.raw, tooltip)
        return widget
    }

    /// A button bound to an action with a string target (`app.quiz` + a topic): GTK makes it insensitive
    /// while the application has no such action.
    static func actionButton(_ label: String, action: String, target: String) -> Widget {
        let widget = Widget(gtk_button_new_with_label(label))
        gtk_actionable_set_action_name(dd_gtk_actionable(widget.pointer), action)
        gtk_actionable_set_action_target_value(dd_gtk_actionable(widget.pointer), g_variant_new_string(target))
        return widget
    }

    static func setTooltip(_ widget: Widget, _ text: String) {
        gtk_widget_set_tooltip_text(widget.raw, text)
    }

    /// Runs `handler` for `trigger` ("1", "<Control>z", "Escape") while the focus is inside `widget`;
    /// `handler` returns whether it used the key (else the key goes on to the focused widget).
    static func addShortcut(_ widget: Widget, _ trigger: String, _ handler: @escaping () -> Bool) {
        let controller = gtk_shortcut_controller_new()!
        let action = gtk_callback_action_new(
            shortcutTrampoline, CallbackBox<() -> Bool>(handler).retained(), CallbackBox<() -> Bool>.destroyNotify)
        gtk_shortcut_controller_add_shortcut(
            dd_gtk_shortcut_controller(UnsafeMutableRawPointer(controller)),
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action))
        gtk_widget_add_controller(widget.raw, controller)
    }
}

extension Gtk {
    /// The first child of a container, or nil when it is empty.
    static func firstChild(_ widget: Widget) -> Widget? {
        gtk_widget_get_first_child(widget.raw).map(Widget.init)
    }
}
/// `gboolean (*)(GtkEventControllerKey *, guint keyval, guint keycode, GdkModifierType, gpointer)`.
private typealias KeySignal = @convention(c) (gpointer?, guint, guint, UInt32, gpointer?) -> gboolean
private let keyTrampoline: KeySignal = { _, keyval, _, state, data in
    // A key with Control or Alt belongs to the application's shortcuts (Ctrl+W, Alt+Left).
    guard state & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return 0 }
    let key: Gtk.Key = keyval == UInt32(GDK_KEY_Escape) ? .escape
        : Unicode.Scalar(gdk_keyval_to_unicode(keyval)).map { .character(Character($0)) } ?? .other
    return (CallbackBox<(Gtk.Key) -> Bool>.from(data)?.value(key) ?? false) ? 1 : 0
}

extension Gtk {
    /// A key pressed without Control or Alt, as a key handler sees it.
    enum Key {
        case escape
        case character(Character)
        case other
    }

    /// Calls `handler` for each key pressed while the focus is inside `widget`; it returns whether it took
    /// the key (else the key goes on to GTK).
    static func onKeyPressed(_ widget: Widget, _ handler: @escaping (Key) -> Bool) {
        let controller = gtk_event_controller_key_new()!
        connectSignal(UnsafeMutableRawPointer(controller), "key-pressed", unsafeBitCast(keyTrampoline, to: GCallback.self), CallbackBox(handler))
        gtk_widget_add_controller(widget.raw, controller)
    }
}

/// The same signal, for the window's page keys: every key with its modifiers, before any control sees it.
private let pageKeyTrampoline: KeySignal = { _, keyval, _, state, data in
    let key: PageScroll.Key = switch Int32(keyval) {
    case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: .pageDown
    case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: .pageUp
    case GDK_KEY_Home, GDK_KEY_KP_Home: .home
    case GDK_KEY_End, GDK_KEY_KP_End: .end
    case GDK_KEY_space, GDK_KEY_KP_Space: .space
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: .enter
    case GDK_KEY_Up, GDK_KEY_KP_Up: .up
    case GDK_KEY_Down, GDK_KEY_KP_Down: .down
    case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab, GDK_KEY_KP_Tab: .tab
    case GDK_KEY_Left, GDK_KEY_KP_Left: .left
    case GDK_KEY_Right, GDK_KEY_KP_Right: .right
    default: .other
    }
    var modifiers: PageScroll.Modifiers = []
    if state & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
    if state & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
    if state & GDK_ALT_MASK.rawValue != 0 { modifiers.insert(.alt) }
    if state & (GDK_SUPER_MASK.rawValue | GDK_HYPER_MASK.rawValue | GDK_META_MASK.rawValue) != 0 { modifiers.insert(.logo) }
    return (CallbackBox<(PageScroll.Key, PageScroll.Modifiers) -> Bool>.from(data)?.value(key, modifiers) ?? false) ? 1 : 0
}

extension Gtk {
    /// Calls `handler` for each key pressed in `window` before the focused control gets it (the capture
    /// phase); it returns whether it took the key (else the key goes on as usual).
    static func onPageKey(_ window: Widget, _ handler: @escaping (PageScroll.Key, PageScroll.Modifiers) -> Bool) {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        connectSignal(UnsafeMutableRawPointer(controller), "key-pressed", unsafeBitCast(pageKeyTrampoline, to: GCallback.self), CallbackBox(handler))
        gtk_widget_add_controller(window.raw, controller)
    }
}
