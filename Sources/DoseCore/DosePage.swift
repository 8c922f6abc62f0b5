/// The dose screen as a self-contained HTML page: KaTeX for the mathematics, nothing from content executable.
///
/// Every piece of content is HTML-escaped and math is handed to KaTeX as text (never as markup), so
/// a `<script>` in a pack is shown, not run. A Content-Security-Policy forbids anything but the page's
/// own local scripts and styles, so content cannot load a thing from the network either.
public enum DosePage {
    /// Where the page finds KaTeX and its own render script.
    public struct Assets: Sendable, Equatable {
        /// Directory URI of Debian's `libjs-katex` (`file:///usr/share/javascript/katex`).
        public var katexBase: String
        /// URI of the small script that renders the math spans.
        public var renderScript: String

        public init(katexBase: String, renderScript: String) {
            self.katexBase = katexBase
            self.renderScript = renderScript
        }
    }

    /// How a page is laid out: for the browser (`dose open`, a click without the app) or inside the app,
    /// whose native widgets show the kind and title and whose Reveal button holds the answer back.
    public struct Presentation: Sendable, Equatable {
        /// What the page does with a question's answer and an item's explanation.
        public enum Answer: Sendable, Equatable {
            /// Behind a `<details>` element (the browser page).
            case details
            /// Left out of the page altogether (the app before Reveal): not even hidden in the DOM.
            case withheld
            /// Shown in full (the app after Reveal).
            case shown
        }

        /// Whether the page repeats the kind and the title.
        public var heading: Bool
        public var answer: Answer
        /// Dark or light forced by the app's style manager; nil follows `prefers-color-scheme`.
        public var dark: Bool?
        /// The page's own words (the app passes them in the user's language; DoseCore has no gettext).
        public var words: Words
        /// The window's colours and font (the app); nil paints the page's own (`dose open`).
        public var theme: Theme?

        public init(heading: Bool, answer: Answer, dark: Bool?, words: Words = .english, theme: Theme? = nil) {
            self.heading = heading
            self.answer = answer
            self.dark = dark
            self.words = words
            self.theme = theme
        }

        /// The page `dose open` writes.
        public static let browser = Presentation(heading: true, answer: .details, dark: nil)
    }

    /// The words a page adds around the content; plain text, escaped where the page puts them.
    public struct Words: Sendable, Equatable {
        /// Before a question's answer: "Answer:".
        public var answer: String
        /// The summary of the answer's `<details>`: "Show the answer", "Show the explanation".
        public var showAnswer: String
        public var showExplanation: String
        /// The retired page's heading and document title.
        public var retiredHeading: String
        public var retiredTitle: String
        /// The retired page's sentence; `{id}` is where the requested id goes, in `<code>`.
        public var retiredText: String
        /// The kinds' headlines above a dose ("Question of the day"), the notification's own.
        public var headlines: CopyBuilder.Words
        /// The document's language (`<html lang>`), a BCP 47 tag such as "de"; anything else is "en".
        public var language: String
        /// What a screen reader calls a display formula's region (it scrolls sideways when too wide): "Formula".
        public var formula: String

        public init(
            answer: String, showAnswer: String, showExplanation: String, retiredHeading: String, retiredTitle: String,
            retiredText: String, headlines: CopyBuilder.Words = .english, language: String = "en", formula: String = "Formula"
        ) {
            self.answer = answer
            self.showAnswer = showAnswer
            self.showExplanation = showExplanation
            self.retiredHeading = retiredHeading
            self.retiredTitle = retiredTitle
            self.retiredText = retiredText
            self.headlines = headlines
            self.language = language
            self.formula = formula
        }

        /// `language` if it is a plain language tag (letters, digits and hyphens, starting with a letter), else "en":
        /// it goes into an attribute, and a locale's name is not content to trust there.
        var languageTag: String {
            let scalars = language.unicodeScalars
            func letter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
            let plain = (1...35).contains(scalars.count) && scalars.first.map(letter) == true
                && scalars.allSatisfy { letter($0) || ("0"..."9").contains($0) || $0 == "-" }
            return plain ? language : "en"
        }

        /// The words of `dose open`'s page.
        public static let english = Words(
            answer: "Answer:", showAnswer: "Show the answer", showExplanation: "Show the explanation",
            retiredHeading: "This dose is no longer available", retiredTitle: "Dose no longer available",
            retiredText: "The notification advertised the dose {id}, but it has been retired from the content pool since. "
                + "Nothing else was opened in its place.")
    }

    /// The page for an item, or the honest "retired" page when the id is no longer in the pool.
    public static func html(
        item: Item?, requestedID: String, assets: Assets, presentation: Presentation = .browser
    ) -> String {
        guard let item else { return retired(requestedID: requestedID, assets: assets, presentation: presentation) }
        var body = ""
        if presentation.heading {
            body += "<p class=\"dd-kind\">\(escape(presentation.words.headlines.headline(for: item.kind)))</p>\n"
            if let title = item.title {
                body += "<h1>\(prose(title))</h1>\n"
            }
        }
        if item.kind == .formula {
            // A region a screen reader names, which the render script makes a tab stop when the formula is
            // too wide to fit even made smaller (it then scrolls sideways, by the arrow keys once focused).
            body += "<div class=\"dd-formula\" role=\"region\" aria-label=\"\(escape(presentation.words.formula))\">"
                + "\(math(item.text, display: true))</div>\n"
        } else {
            body += "<p class=\"dd-text\">\(prose(item.text))</p>\n"
        }
        // The id is authored words ("q-weber-unit" under its question), so it is never on a page before the
        // answer: `dose open`'s page has it after the answer, inside the details; the app's, nowhere.
        let id = "<p class=\"dd-id\">\(escape(item.id))</p>\n"
        let hidden = item.answer != nil || item.explanation != nil
        if hidden && presentation.answer != .withheld {
            let words = presentation.words
            let label = escape(item.kind == .question ? words.showAnswer : words.showExplanation)
            body += presentation.answer == .details
                ? "<details class=\"dd-reveal\"><summary>\(label)</summary>\n" : "<section class=\"dd-reveal\">\n"
            if let answer = item.answer {
                body += "<p class=\"dd-answer\"><strong>\(escape(words.answer))</strong> \(prose(answer))</p>\n"
            }
            if let explanation = item.explanation {
                body += "<p class=\"dd-explanation\">\(prose(explanation))</p>\n"
            }
            if presentation.answer == .details { body += id }
            body += presentation.answer == .details ? "</details>\n" : "</section>\n"
        } else if presentation.answer == .details {
            body += id
        }
        let title = item.title.map { LaTeXText.plainText($0) } ?? presentation.words.headlines.headline(for: item.kind)
        return document(title: title, body: body, assets: assets, presentation: presentation)
    }

    /// A page that is not a dose (a name that is no id, an empty pool), in the same frame and CSP.
    public static func notice(title: String, text: String, assets: Assets, presentation: Presentation) -> String {
        var body = ""
        if presentation.heading { body += "<p class=\"dd-kind\">Daily Dose</p>\n<h1>\(escape(title))</h1>\n" }
        body += "<p class=\"dd-text\">\(escape(text))</p>\n"
        return document(title: title, body: body, assets: assets, presentation: presentation)
    }

    /// One paragraph of a page built from parts (the app's quiz): prose with `$…$` maths, an optional bold
    /// lead ("A", "Answer:") and a style.
    public struct Paragraph: Sendable, Equatable {
        public enum Style: String, Sendable {
            case prompt = "dd-text", choice = "dd-choice", right = "dd-right", wrong = "dd-wrong"
            case explanation = "dd-explanation", heading = "dd-heading"
        }

        public var lead: String?
        public var text: String
        public var style: Style

        public init(_ text: String, lead: String? = nil, style: Style) {
            self.text = text
            self.lead = lead
            self.style = style
        }
    }

    /// A page of `paragraphs` in the dose page's frame: the same escaping (every text escaped, maths handed
    /// to KaTeX as text), the same CSP and the same local KaTeX.
    public static func paragraphs(
        title: String, _ paragraphs: [Paragraph], assets: Assets, presentation: Presentation
    ) -> String {
        let body = paragraphs.map { paragraph in
            let lead = paragraph.lead.map { "<strong>\(escape($0))</strong> " } ?? ""
            return "<p class=\"\(paragraph.style.rawValue)\">\(lead)\(prose(paragraph.text))</p>\n"
        }.joined()
        return document(title: title, body: body, assets: assets, presentation: presentation)
    }

    private static func retired(requestedID: String, assets: Assets, presentation: Presentation) -> String {
        let words = presentation.words
        let heading = presentation.heading
            ? "<p class=\"dd-kind\">Daily Dose</p>\n<h1>\(escape(words.retiredHeading))</h1>\n" : ""
        // The sentence escaped whole, then the escaped id put in its place: `{id}` has nothing to escape.
        let text = escape(words.retiredText).replacing("{id}", with: "<code>\(escape(requestedID))</code>", maxReplacements: 1)
        let body = heading + "<p class=\"dd-text\">\(text)</p>\n"
        return document(title: words.retiredTitle, body: body, assets: assets, presentation: presentation)
    }

    static func document(title: String, body: String, assets: Assets, presentation: Presentation) -> String {
        let katex = escape(assets.katexBase)
        let classes = [presentation.dark.map { $0 ? "dd-dark" : "dd-light" }, presentation.theme.map { _ in "dd-app" }]
            .compactMap { $0 }
        let scheme = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
        let themed = presentation.theme.map { "\n<style>\($0.css)</style>" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="\(presentation.words.languageTag)"\(scheme)>
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src file:; style-src file: 'unsafe-inline'; font-src file:; img-src 'none'; connect-src 'none'; form-action 'none'; base-uri 'none'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(escape(title)) — Daily Dose</title>
            <link rel="stylesheet" href="\(katex)/katex.min.css">
            <style>\(style)</style>\(themed)
            <script src="\(katex)/katex.min.js"></script>
            <script src="\(escape(assets.renderScript))"></script>
            </head>
            <body>
            <main>
            \(body)</main>
            </body>
            </html>

            """
    }

    private static let style = """
        :root { color-scheme: light dark; --fg: #1d1f21; --bg: #fbfbf8; --muted: #5f6368; --accent: #2a6fdb; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e8e6e3; --bg: #181a1b; --muted: #a0a4a8; --accent: #7fb0ff; } }
        :root.dd-light { color-scheme: light; --fg: #1d1f21; --bg: #fbfbf8; --muted: #5f6368; --accent: #2a6fdb; }
        :root.dd-dark { color-scheme: dark; --fg: #e8e6e3; --bg: #181a1b; --muted: #a0a4a8; --accent: #7fb0ff; }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 18px/1.55 system-ui, sans-serif; }
        main { max-width: 42rem; margin: 3rem auto; padding: 0 1.5rem; }
        .dd-kind { color: var(--accent); font-weight: 600; letter-spacing: .04em; text-transform: uppercase; font-size: .8rem; }
        h1 { font-size: 1.6rem; margin: .2rem 0 1rem; }
        .dd-formula { font-size: 1.3rem; margin: 1.5rem 0; overflow-x: auto; overflow-y: hidden; }
        .dd-formula:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; border-radius: 4px; }
        details { margin-top: 1.5rem; border-top: 1px solid color-mix(in srgb, var(--fg) 20%, transparent); padding-top: 1rem; }
        summary { cursor: pointer; color: var(--accent); font-weight: 600; }
        .dd-id { color: var(--muted); font-size: .8rem; margin-top: 2rem; }
        .dd-choice { margin: .4rem 0 .4rem 1rem; }
        .dd-right { margin: .4rem 0 .4rem 1rem; color: #1c7d3a; }
        .dd-wrong { margin: .4rem 0 .4rem 1rem; color: #c01c28; text-decoration: line-through; }
        @media (prefers-color-scheme: dark) { .dd-right { color: #8ff0a4; } .dd-wrong { color: #ff7b7b; } }
        :root.dd-light .dd-right { color: #1c7d3a; } :root.dd-light .dd-wrong { color: #c01c28; }
        :root.dd-dark .dd-right { color: #8ff0a4; } :root.dd-dark .dd-wrong { color: #ff7b7b; }
        .dd-heading { font-weight: 600; margin-top: 1.5rem; }
        .dd-math-source { font-family: monospace; font-size: .9em; overflow-wrap: anywhere; }
        """

    /// Prose with inline math: text escaped, each `$...$` span handed to KaTeX as text.
    static func prose(_ text: String) -> String {
        var html = ""
        for segment in InlineMath.segments(text) {
            switch segment {
            case .text(let plain): html += escape(plain)
            case .math(let latex, let display): html += math(latex, display: display)
            }
        }
        return html
    }

    private static func math(_ latex: String, display: Bool) -> String {
        "<span class=\"dd-math\" data-display=\"\(display ? "block" : "inline")\">\(escape(latex))</span>"
    }

    /// Escapes text for HTML element content and attribute values.
    public static func escape(_ text: String) -> String {
        Markup.escape(text, quotes: true)
    }
}
