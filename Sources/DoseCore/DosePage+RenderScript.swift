extension DosePage {
    /// The script that renders every `.dd-math` span with KaTeX, reading the LaTeX as text content; the
    /// one script of every page (`dose open`, a click without the app, the app's card, Study and Quiz).
    ///
    /// Before KaTeX sees a formula it is measured as `ContentRules.measure` measures it and held to the
    /// same `MathLimits` and macro rule: a formula past one, or one of a paragraph (one field) whose
    /// formulas together are past `maxFieldAtoms`, stays its source text (the span's text, escaped by the
    /// DOM) with `data-refused` saying which bound. This is what keeps a page safe for text stored before
    /// the rules (a pool, a deck), or put into the store around them. KaTeX itself runs with `trust: false`
    /// (no `\href`, `\includegraphics`, `\htmlClass`…), `maxExpand` and `maxSize`.
    public static let renderScript = """
        "use strict";
        document.addEventListener("DOMContentLoaded", function () {
          var maxDepth = \(ContentRules.MathLimits.maxDepth), maxScalars = \(ContentRules.MathLimits.maxFormulaScalars);
          var maxAtoms = \(ContentRules.MathLimits.maxFormulaAtoms), maxFieldAtoms = \(ContentRules.MathLimits.maxFieldAtoms);
          var macros = {\(macroTable)};
          function isName(c) { return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "@"; }
          // ContentRules.measure: control words and symbols as KaTeX's lexer reads them, groups {…},
          // \\left…\\right and \\begin…\\end, symbols all but spaces and braces, lengths in code points.
          function measure(source) {
            var m = { depth: 0, scalars: 0, atoms: 0, macro: false }, open = 0, state = 0, word = "";
            function endWord() {
              if (word === "left" || word === "begin") { open++; if (open > m.depth) m.depth = open; }
              else if ((word === "right" || word === "end") && open > 0) open--;
              if (Object.prototype.hasOwnProperty.call(macros, word)) m.macro = true;
              word = "";
              state = 0;
            }
            for (var c of source) {
              m.scalars++;
              if (state === 2) {
                if (isName(c)) { if (word.length <= 32) word += c; continue; }
                endWord();
              } else if (state === 1) {
                if (isName(c)) { word = c; state = 2; } else state = 0;
                continue;
              }
              if (c === "\\\\") { m.atoms++; state = 1; }
              else if (c === "{") { open++; if (open > m.depth) m.depth = open; }
              else if (c === "}") { if (open > 0) open--; }
              else if (c !== " " && c !== "\\t" && c !== "\\n" && c !== "\\r") m.atoms++;
            }
            if (state === 2) endWord();
            return m;
          }
          function refusal(m) {
            if (m.macro) return "macro";
            if (m.depth > maxDepth) return "depth";
            if (m.scalars > maxScalars) return "length";
            if (m.atoms > maxAtoms) return "atoms";
            return null;
          }
          var spans = document.querySelectorAll(".dd-math");
          var measures = [], fieldAtoms = new Map();
          for (var i = 0; i < spans.length; i++) {
            var m = measure(spans[i].textContent);
            measures.push(m);
            var field = spans[i].parentNode;
            fieldAtoms.set(field, (fieldAtoms.get(field) || 0) + m.atoms);
          }
          for (var i = 0; i < spans.length; i++) {
            var span = spans[i];
            var source = span.textContent;
            var refused = refusal(measures[i]) || (fieldAtoms.get(span.parentNode) > maxFieldAtoms ? "field" : null);
            if (refused) {
              span.classList.add("dd-math-source");
              span.setAttribute("data-refused", refused);
              continue;
            }
            try {
              katex.render(source, span, {
                displayMode: span.getAttribute("data-display") === "block",
                throwOnError: false, trust: false, strict: "ignore", maxSize: 20, maxExpand: 500
              });
            } catch (e) {
              span.textContent = source;
            }
          }
          // A display formula wider than the page is made smaller to fit (5 % to spare: widths are whole pixels),
          // down to 60 %; past that it scrolls sideways and becomes a tab stop, so the arrow keys can move it (its
          // region has a name).
          function fit() {
            var blocks = document.querySelectorAll(".dd-formula"), scrolls = false;
            for (var i = 0; i < blocks.length; i++) {
              var block = blocks[i];
              block.style.fontSize = "";
              var needed = block.scrollWidth, room = block.clientWidth;
              if (room > 0 && needed > room) {
                var size = parseFloat(getComputedStyle(block).fontSize);
                block.style.fontSize = Math.max(size * 0.6, Math.floor(size * room / needed * 0.95 * 100) / 100) + "px";
              }
              if (block.scrollWidth > block.clientWidth) { block.setAttribute("tabindex", "0"); scrolls = true; }
              else block.removeAttribute("tabindex");
            }
            // The app makes its view a tab stop while a formula scrolls (its handler exists only there).
            if (wide && scrolls !== sentWide) { sentWide = scrolls; wide.postMessage(scrolls ? 1 : 0); }
          }
          // The app's arrow keys move the formulas that scroll (PageScroll's script calls this; a constant step).
          window.ddFormulas = function (step) {
            var blocks = document.querySelectorAll(".dd-formula[tabindex]");
            for (var i = 0; i < blocks.length; i++) blocks[i].scrollBy(Number(step) || 0, 0);
          };
          // The app sizes its web view to the page (its handler exists only there): the body's height, sent
          // whenever it changes (maths rendered, fonts loaded, the window narrowed).
          var handlers = window.webkit && window.webkit.messageHandlers;
          var height = handlers && handlers.ddHeight, wide = handlers && handlers.ddWide;
          var sent = -1, sentWide = null;
          function report() {
            if (!height) return;
            var h = Math.ceil(document.body.getBoundingClientRect().height);
            if (h !== sent) { sent = h; height.postMessage(h); }
          }
          fit();
          report();
          var width = window.innerWidth;
          window.addEventListener("resize", function () {
            if (window.innerWidth !== width) { width = window.innerWidth; fit(); }
            report();
          });
          if (window.ResizeObserver) new ResizeObserver(report).observe(document.body);
          if (document.fonts && document.fonts.ready) document.fonts.ready.then(function () { fit(); report(); });
          document.documentElement.setAttribute("data-rendered", "true");
        });
        """

    /// `ContentRules.macroCommands` as a JavaScript object's members: `"def": 1, "edef": 1, …`.
    private static var macroTable: String {
        ContentRules.macroCommands.sorted().map { "\"\($0)\": 1" }.joined(separator: ", ")
    }
}
