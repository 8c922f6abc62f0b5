/// Which key scrolls which page's web view, and the script that does it.
///
/// The web views take no keyboard focus (Tab into a WebKitGTK 2.50 page on GTK 4.8 never comes back out), so
/// the window reads these keys before any control does and scrolls the page on show. Only keys nothing else
/// on those pages uses: PageUp/PageDown a screenful, Home/End to the top/bottom, all without a modifier
/// (Alt+Home is "today", Ctrl+, the preferences, Alt+Left/Right the days). Space and Enter press the focused
/// button (Reveal, a grade, a choice, Next) and the arrows move the focus between controls: they never scroll.
public enum PageScroll: String, CaseIterable, Equatable, Sendable {
    /// A screenful down (PageDown).
    case pageDown
    /// A screenful up (PageUp).
    case pageUp
    /// To the page's top (Home).
    case top
    /// To the page's end (End).
    case bottom
    /// The page's formulas too wide to fit, sideways (Left/Right while the card's page has the focus).
    case formulasLeft
    case formulasRight

    /// A key as the window reports it, reduced to the ones that matter here.
    public enum Key: Equatable, Sendable {
        case pageUp, pageDown, home, end, space, enter, up, down
        /// Tab or Shift+Tab: never a scroll (the window moves the focus out of a focused page with it).
        case tab
        /// The left and right arrows: a focused page's wide formulas, else the focus.
        case left, right
        /// Any other key (letters, digits, Tab, Escape …): never a scroll.
        case other
    }

    /// The modifiers held with a key.
    public struct Modifiers: OptionSet, Equatable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let control = Modifiers(rawValue: 2)
        public static let alt = Modifiers(rawValue: 4)
        /// The Super (logo) key: the desktop's own shortcuts.
        public static let logo = Modifiers(rawValue: 8)
    }

    /// What the window shows in place of its pages, or which of its pages is on show.
    public enum Screen: Equatable, Sendable {
        /// The Dose page: today's (or a picked day's) card, its body in a web view.
        case today
        /// The Upcoming list (no web view; PageUp/PageDown move its rows).
        case upcoming
        /// The Learn checklist (a search entry: Home/End move its cursor).
        case learnList
        /// The Study page: a flashcard in a web view.
        case study
        /// The Quiz page: a question in a web view.
        case quiz
        /// The first-run page (entries, no web view).
        case welcome

        /// Whether this screen shows a page in a web view.
        public var hasWebPage: Bool {
            switch self {
            case .today, .study, .quiz: true
            case .upcoming, .learnList, .welcome: false
            }
        }
    }

    /// The scroll `key` with `modifiers` means on `screen`; nil leaves the key to GTK (the focused control,
    /// the application's shortcuts). `pageFocused`: the page itself has the focus (the card's after Reveal, or
    /// reached by Tab while a formula on it scrolls), where the arrows move its wide formulas sideways.
    public static func forKey(_ key: Key, modifiers: Modifiers, on screen: Screen, pageFocused: Bool = false) -> PageScroll? {
        guard screen.hasWebPage, modifiers.isEmpty else { return nil }
        switch key {
        case .pageDown: return .pageDown
        case .pageUp: return .pageUp
        case .home: return .top
        case .end: return .bottom
        case .left: return pageFocused ? .formulasLeft : nil
        case .right: return pageFocused ? .formulasRight : nil
        case .space, .enter, .up, .down, .tab, .other: return nil
        }
    }

    /// Whether the move is sideways inside the page (its wide formulas), not along it.
    public var isSideways: Bool {
        self == .formulasLeft || self == .formulasRight
    }

    /// Where a view scrolled natively (the card's column, whose web view is as tall as its page) goes from
    /// `value`, the top in sight: a screenful is seven eighths of `page`, as in `script`; never past `lower` or
    /// `upper - page`.
    public func target(from value: Double, page: Double, lower: Double, upper: Double) -> Double {
        let step = (page * 0.875).rounded()
        let wanted = switch self {
        case .pageDown: value + step
        case .pageUp: value - step
        case .top: lower
        case .bottom: upper - page
        case .formulasLeft, .formulasRight: value
        }
        return max(lower, min(wanted, upper - page))
    }

    /// The script the web view runs in its page: a constant (nothing from outside is put into it), run
    /// through WebKit's API, so the page's CSP (no inline script, no eval) stays as strict as it is.
    /// A screenful is seven eighths of the view, as browsers step, so a line stays in sight across the move.
    public var script: String {
        switch self {
        case .pageDown: "window.scrollBy(0, Math.round(window.innerHeight * 0.875))"
        case .pageUp: "window.scrollBy(0, -Math.round(window.innerHeight * 0.875))"
        case .top: "window.scrollTo(0, 0)"
        case .bottom: "window.scrollTo(0, document.documentElement.scrollHeight)"
        // The render script's own function moves the formulas that scroll, an arrow's step as browsers take it.
        case .formulasLeft: "window.ddFormulas && window.ddFormulas(-40)"
        case .formulasRight: "window.ddFormulas && window.ddFormulas(40)"
        }
    }
}
