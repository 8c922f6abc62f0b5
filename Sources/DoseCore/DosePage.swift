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

    /// The script that renders every `.dd-math` span with KaTeX, reading the LaTeX as text content.
    public static let renderScript = """
        "use strict";
        document.addEventListener("DOMContentLoaded", function () {
          var spans = document.querySelectorAll(".dd-math");
          for (var i = 0; i < spans.length; i++) {
            var span = spans[i];
            var source = span.textContent;
            try {
              katex.render(source, span, {
                displayMode: span.getAttribute("data-display") === "block",
                throwOnError: false, trust: false, strict: "ignore", maxSize: 20, maxExpand: 500
              });
            } catch (e) {
              span.textContent = source;
            }
          }
          document.documentElement.setAttribute("data-rendered", "true");
        });
        """

    /// The page for an item, or the honest "retired" page when the id is no longer in the pool.
    public static func html(item: Item?, requestedID: String, assets: Assets) -> String {
        guard let item else { return retired(requestedID: requestedID, assets: assets) }
        var body = ""
        body += "<p class=\"dd-kind\">\(escape(CopyBuilder.headline(for: item.kind)))</p>\n"
        if let title = item.title {
            body += "<h1>\(prose(title))</h1>\n"
        }
        if item.kind == .formula {
            body += "<div class=\"dd-formula\">\(math(item.text, display: true))</div>\n"
        } else {
            body += "<p class=\"dd-text\">\(prose(item.text))</p>\n"
        }
        if item.answer != nil || item.explanation != nil {
            let label = item.kind == .question ? "Show the answer" : "Show the explanation"
            body += "<details class=\"dd-reveal\"><summary>\(label)</summary>\n"
            if let answer = item.answer {
                body += "<p class=\"dd-answer\"><strong>Answer:</strong> \(prose(answer))</p>\n"
            }
            if let explanation = item.explanation {
                body += "<p class=\"dd-explanation\">\(prose(explanation))</p>\n"
            }
            body += "</details>\n"
        }
        body += "<p class=\"dd-id\">\(escape(item.id))</p>\n"
        let title = item.title.map { LaTeXText.plainText($0) } ?? CopyBuilder.headline(for: item.kind)
        return document(title: title, body: body, assets: assets)
    }

    private static func retired(requestedID: String, assets: Assets) -> String {
        let body = """
            <p class="dd-kind">Daily Dose</p>
            <h1>This dose is no longer available</h1>
            <p class="dd-text">The notification advertised the dose <code>\(escape(requestedID))</code>, \
            but it has been retired from the content pool since. Nothing else was opened in its place.</p>

            """
        return document(title: "Dose no longer available", body: body, assets: assets)
    }

    private static func document(title: String, body: String, assets: Assets) -> String {
        let katex = escape(assets.katexBase)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src file:; style-src file: 'unsafe-inline'; font-src file:; img-src 'none'; connect-src 'none'; form-action 'none'; base-uri 'none'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(escape(title)) — Daily Dose</title>
            <link rel="stylesheet" href="\(katex)/katex.min.css">
            <style>\(style)</style>
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
        body { margin: 0; background: var(--bg); color: var(--fg); font: 18px/1.55 system-ui, sans-serif; }
        main { max-width: 42rem; margin: 3rem auto; padding: 0 1.5rem; }
        .dd-kind { color: var(--accent); font-weight: 600; letter-spacing: .04em; text-transform: uppercase; font-size: .8rem; }
        h1 { font-size: 1.6rem; margin: .2rem 0 1rem; }
        .dd-formula { font-size: 1.3rem; margin: 1.5rem 0; overflow-x: auto; }
        details { margin-top: 1.5rem; border-top: 1px solid color-mix(in srgb, var(--fg) 20%, transparent); padding-top: 1rem; }
        summary { cursor: pointer; color: var(--accent); font-weight: 600; }
        .dd-id { color: var(--muted); font-size: .8rem; margin-top: 2rem; }
        """

    /// Prose with inline math: text escaped, each `$...$` span handed to KaTeX as text.
    private static func prose(_ text: String) -> String {
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
