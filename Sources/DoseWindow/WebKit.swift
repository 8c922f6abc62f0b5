// The one place where the app touches WebKitGTK's C API: every webkit_* call of DoseWindow is in this file.
import CGLib
import CGtk
import CWebKit
import DoseDesktop
import GLibGlue

/// `gboolean (*)(WebKitWebView *, WebKitPolicyDecision *, WebKitPolicyDecisionType, gpointer)`.
private typealias DecidePolicySignal = @convention(c) (gpointer?, gpointer?, UInt32, gpointer?) -> gboolean
/// `void (*)(WebKitWebView *, WebKitLoadEvent, gpointer)`.
private typealias LoadChangedSignal = @convention(c) (gpointer?, UInt32, gpointer?) -> Void

/// Navigations the page may make: to the document `load_html` gives it and nowhere else.
private let decidePolicy: DecidePolicySignal = { _, decision, type, data in
    guard let decision else { return 0 }
    let kind = WebKitPolicyDecisionType(rawValue: type)
    guard kind == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION || kind == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION else {
        return 0  // responses: WebKit's default
    }
    let action = webkit_navigation_policy_decision_get_navigation_action(dd_webkit_navigation_policy_decision(decision))
    let uri = action.flatMap { webkit_navigation_action_get_request($0) }.flatMap { webkit_uri_request_get_uri($0) }
        .map { String(cString: $0) } ?? ""
    let allowed = kind == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION
        && (CallbackBox<(String) -> Bool>.from(data)?.value(uri) ?? false)
    if allowed {
        webkit_policy_decision_use(dd_webkit_policy_decision(decision))
    } else {
        webkit_policy_decision_ignore(dd_webkit_policy_decision(decision))
    }
    return 1
}

/// `void (*)(WebKitUserContentManager *, JSCValue *, gpointer)`.
private typealias ScriptMessageSignal = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void

/// A number the render script reports (`ddHeight`, `ddWide`): a whole number within bounds, or nothing.
private let numberMessage: ScriptMessageSignal = { _, value, data in
    guard let value else { return }
    let number = dd_jsc_value_number(value)
    guard number.isFinite, number >= 0, number < 1_000_000 else { return }
    CallbackBox<(Int32) -> Void>.from(data)?.value(Int32(number.rounded(.up)))
}

private let loadChanged: LoadChangedSignal = { _, event, data in
    if WebKitLoadEvent(rawValue: event) == WEBKIT_LOAD_FINISHED { CallbackBox<() -> Void>.from(data)?.value() }
}

/// The card's page: a WebKitWebView that loads one HTML string, runs its local scripts (KaTeX) and goes
/// nowhere else.
///
/// Offline three times over: the page's CSP forbids every remote load, navigation off the page is refused
/// here, and the network session's proxy is a closed local port, so even a load that slipped past both fails.
struct WebView {
    let widget: Widget
    private var view: UnsafeMutablePointer<WebKitWebView> { dd_webkit_web_view(widget.pointer) }

    /// Lets every web process read `directory` (the render script's); call before the first web view.
    static func allowReading(_ directory: String) {
        webkit_web_context_add_path_to_sandbox(webkit_web_context_get_default(), directory, 1)
    }

    /// A web view whose page may navigate only where `allowsNavigation` says (its own document); with
    /// `related`, in that view's web process (one process fewer, ~240 MiB with its helpers, while both show).
    init(allowsNavigation: @escaping (String) -> Bool, related: WebView? = nil) {
        widget = Widget(object: related.map { dd_webkit_web_view_new_related($0.widget.pointer) } ?? webkit_web_view_new())
        let settings = webkit_web_view_get_settings(dd_webkit_web_view(widget.pointer))
        webkit_settings_set_enable_javascript(settings, 1)  // KaTeX renders the maths
        webkit_settings_set_javascript_can_open_windows_automatically(settings, 0)
        webkit_settings_set_enable_developer_extras(settings, 0)
        webkit_settings_set_allow_file_access_from_file_urls(settings, 0)
        webkit_settings_set_allow_universal_access_from_file_urls(settings, 0)
        webkit_settings_set_enable_webgl(settings, 0)
        webkit_settings_set_enable_webaudio(settings, 0)
        webkit_settings_set_enable_media(settings, 0)
        if let session = webkit_web_view_get_network_session(dd_webkit_web_view(widget.pointer)) {
            let proxy = webkit_network_proxy_settings_new("http://127.0.0.1:9", nil)
            webkit_network_session_set_proxy_settings(session, WEBKIT_NETWORK_PROXY_MODE_CUSTOM, proxy)
            webkit_network_proxy_settings_free(proxy)
        }
        connectSignal(widget.pointer, "decide-policy", unsafeBitCast(decidePolicy, to: GCallback.self),
                      CallbackBox<(String) -> Bool>(allowsNavigation))
        // No background of the view's own: a page that paints none (the window's theme) shows the window's.
        var transparent = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 0)
        webkit_web_view_set_background_color(dd_webkit_web_view(widget.pointer), &transparent)
    }

    /// Calls `handler` with each number the render script sends through the message handler `name` (only this
    /// view's pages see it): `ddHeight`, the page's height in pixels when it changes; `ddWide`, 1 while a display
    /// formula is too wide to fit and scrolls, else 0.
    func onMessage(_ name: String, _ handler: @escaping (Int32) -> Void) {
        guard let manager = webkit_web_view_get_user_content_manager(view) else { return }
        _ = webkit_user_content_manager_register_script_message_handler(manager, name, nil)
        connectSignal(UnsafeMutableRawPointer(manager), "script-message-received::" + name,
                      unsafeBitCast(numberMessage, to: GCallback.self), CallbackBox(handler))
    }

    /// Calls `handler` each time a page has finished loading.
    func onLoadFinished(_ handler: @escaping () -> Void) {
        connectSignal(widget.pointer, "load-changed", unsafeBitCast(loadChanged, to: GCallback.self), CallbackBox(handler))
    }

    /// Shows `html`, its relative URLs resolved against `baseURI`.
    func load(html: String, baseURI: String) {
        webkit_web_view_load_html(view, html, baseURI)
    }

    /// Scrolls the page (the keyboard's way in: the view takes no focus). The script is `PageScroll`'s
    /// constant, run in the page's world through the API, not through the page, so its CSP is untouched;
    /// its result is not wanted.
    func scroll(_ move: PageScroll) {
        webkit_web_view_evaluate_javascript(view, move.script, -1, nil, nil, nil, nil, nil)
    }
}

extension WebView {
    /// The card's page view and the box to show it in: as tall as its page (the card's column scrolls, so
    /// Reveal sits right below the text), at least 300 px wide, named `accessibleLabel`; it takes the focus only
    /// when the window gives it (after Reveal, or as a tab stop while a formula scrolls: `ddWide`), and the
    /// window's Tab takes it out again.
    static func card(accessibleLabel: String) -> (view: WebView, box: Widget) {
        let view = WebView(allowsNavigation: PageAssets.allowsNavigation)
        Gtk.setExpand(view.widget, horizontal: true, vertical: false)
        Gtk.setSizeRequest(view.widget, width: 300, height: 24)
        Gtk.setAccessibleLabel(view.widget, accessibleLabel)
        Gtk.setFocusable(view.widget, false)
        let box = Adwaita.heightClamp(view.widget, height: 24)
        view.onMessage("ddHeight") { [widget = view.widget] height in
            Gtk.setSizeRequest(widget, width: 300, height: max(height, 24))
            Adwaita.setHeight(box, max(height, 24))
        }
        return (view, box)
    }

    /// A page view as the window shows one (the card, a quiz question): the window's own document only, it
    /// grows, is at least 300 × `minimumHeight`, and is named `accessibleLabel` for screen readers; `related`
    /// shares its web process.
    ///
    /// Tab into a WebKit page never comes back out (the page has nothing focusable, and WebKitGTK 2.50 on
    /// GTK 4.8 keeps the focus): the keyboard goes past it, its text is the accessible description, and the
    /// window scrolls it (`scroll`, PageUp/PageDown/Home/End as `PageScroll` decides).
    static func page(accessibleLabel: String, minimumHeight: Int32, related: WebView? = nil) -> WebView {
        let view = WebView(allowsNavigation: PageAssets.allowsNavigation, related: related)
        Gtk.setExpand(view.widget, horizontal: true, vertical: true)
        Gtk.setSizeRequest(view.widget, width: 300, height: minimumHeight)
        Gtk.setAccessibleLabel(view.widget, accessibleLabel)
        Gtk.setFocusable(view.widget, false)
        return view
    }
}
