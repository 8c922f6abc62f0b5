/// The command tables: names as TeX reads them (without the backslash) to Unicode.
///
/// Each is a `SortedTable` (static data, keys in ascending order as Swift compares strings), not a
/// dictionary: every command that prints a formula, the scheduler's fire included, used to build and
/// hash these at its first lookup. A name added out of order fails `SortedTableTests`.
extension LaTeXText {
    /// What a command standing for one symbol prints, and how it spaces in mathematics.
    enum Symbol {
        /// An ordinary symbol: punctuation, big operators, delimiters, text symbols, spacing.
        case plain(String)
        /// A symbol that behaves as a letter (Greek, ℏ, ℓ, ℜ): spaces after it fall away before
        /// an operand, so `\omega t` is ωt.
        case letter(String)
        /// An operator, relation or arrow: spaced symmetrically, so `a \cdot b` keeps its spaces and
        /// `V\cdot s` gets none.
        case binary(String)
        /// Both (∂ and ∇).
        case letterBinary(String)

        var text: String {
            switch self {
            case .plain(let text), .letter(let text), .binary(let text), .letterBinary(let text): text
            }
        }

        var isLetterLike: Bool {
            switch self {
            case .letter, .letterBinary: true
            case .plain, .binary: false
            }
        }

        var isBinaryLike: Bool {
            switch self {
            case .binary, .letterBinary: true
            case .plain, .letter: false
            }
        }
    }

    /// Commands that stand for one symbol and take no argument: Greek letters, relations, arrows,
    /// operators, big operators, delimiters (literal braces as the stand-ins `tidy` makes `{ }`, and
    /// set-minus for a backslash, which the output may never hold), dots, letter-like and text
    /// symbols, spacing (a space, or nothing for the negative spaces), and style switches and hints
    /// with no visible trace in plain text.
    static let symbols = SortedTable<String, Symbol>([
        ("AA", .plain("Å")), ("AE", .plain("Æ")), ("Alpha", .letter("Α")), ("Beta", .letter("Β")),
        ("Box", .plain("□")), ("Chi", .letter("Χ")), ("Delta", .letter("Δ")), ("Downarrow", .binary("⇓")),
        ("Epsilon", .letter("Ε")), ("Eta", .letter("Η")), ("Gamma", .letter("Γ")), ("Huge", .plain("")),
        ("Im", .letter("ℑ")), ("Iota", .letter("Ι")), ("Kappa", .letter("Κ")), ("L", .plain("Ł")),
        ("LaTeX", .plain("LaTeX")), ("LaTeXe", .plain("LaTeX2ε")), ("Lambda", .letter("Λ")), ("Large", .plain("")),
        ("Leftarrow", .binary("⇐")), ("Leftrightarrow", .binary("⇔")), ("Longleftarrow", .binary("⟸")),
        ("Longleftrightarrow", .binary("⟺")), ("Longrightarrow", .binary("⟹")), ("Mu", .letter("Μ")),
        ("Nu", .letter("Ν")), ("O", .plain("Ø")), ("OE", .plain("Œ")), ("Omega", .letter("Ω")),
        ("Omicron", .letter("Ο")), ("P", .plain("¶")), ("Phi", .letter("Φ")), ("Pi", .letter("Π")),
        ("Psi", .letter("Ψ")), ("Re", .letter("ℜ")), ("Rho", .letter("Ρ")), ("Rightarrow", .binary("⇒")),
        ("S", .plain("§")), ("Sigma", .letter("Σ")), ("Tau", .letter("Τ")), ("TeX", .plain("TeX")),
        ("Theta", .letter("Θ")), ("Uparrow", .binary("⇑")), ("Updownarrow", .binary("⇕")), ("Upsilon", .letter("Υ")),
        ("Vert", .plain("‖")), ("Xi", .letter("Ξ")), ("Zeta", .letter("Ζ")), ("aa", .plain("å")), ("ae", .plain("æ")),
        ("aleph", .letter("ℵ")), ("allowbreak", .plain("")), ("alpha", .letter("α")), ("amalg", .binary("⨿")),
        ("angle", .binary("∠")), ("approx", .binary("≈")), ("approxeq", .binary("≊")), ("ast", .binary("∗")),
        ("asymp", .binary("≍")), ("backslash", .plain("∖")), ("because", .plain("∵")), ("beta", .letter("β")),
        ("beth", .plain("ℶ")), ("between", .binary("≬")), ("bf", .plain("")), ("bigcap", .plain("⋂")),
        ("bigcup", .plain("⋃")), ("bigodot", .plain("⨀")), ("bigoplus", .plain("⨁")), ("bigotimes", .plain("⨂")),
        ("bigsqcup", .plain("⨆")), ("bigtriangledown", .binary("▽")), ("bigtriangleup", .binary("△")),
        ("biguplus", .plain("⨄")), ("bigvee", .plain("⋁")), ("bigwedge", .plain("⋀")), ("blacksquare", .plain("■")),
        ("bot", .plain("⊥")), ("bowtie", .binary("⋈")), ("bullet", .binary("•")), ("cal", .plain("")),
        ("cap", .binary("∩")), ("cdot", .binary("·")), ("cdotp", .binary("·")), ("cdots", .plain("⋯")),
        ("celsius", .plain("℃")), ("centering", .plain("")), ("checkmark", .plain("✓")), ("chi", .letter("χ")),
        ("choose", .binary(" choose ")), ("circ", .binary("∘")), ("circlearrowleft", .binary("↺")),
        ("circlearrowright", .binary("↻")), ("clubsuit", .plain("♣")), ("coloneqq", .binary("≔")),
        ("complement", .plain("∁")), ("cong", .binary("≅")), ("coprod", .plain("∐")), ("copyright", .plain("©")),
        ("cup", .binary("∪")), ("curvearrowleft", .binary("↶")), ("curvearrowright", .binary("↷")),
        ("dag", .plain("†")), ("dagger", .binary("†")), ("dashv", .binary("⊣")), ("ddag", .plain("‡")),
        ("ddagger", .binary("‡")), ("ddots", .plain("⋱")), ("degree", .binary("°")), ("delta", .letter("δ")),
        ("diamond", .binary("⋄")), ("diamondsuit", .plain("♢")), ("digamma", .letter("ϝ")),
        ("displaystyle", .plain("")), ("div", .binary("÷")), ("doteq", .binary("≐")), ("dots", .plain("…")),
        ("dotsb", .plain("⋯")), ("dotsc", .plain("…")), ("dotsi", .plain("⋯")), ("dotsm", .plain("⋯")),
        ("dotso", .plain("…")), ("downarrow", .binary("↓")), ("ell", .letter("ℓ")), ("em", .plain("")),
        ("emptyset", .plain("∅")), ("enskip", .plain(" ")), ("enspace", .plain(" ")), ("epsilon", .letter("ϵ")),
        ("eqqcolon", .binary("≕")), ("equiv", .binary("≡")), ("eta", .letter("η")), ("eth", .plain("ð")),
        ("euro", .plain("€")), ("exists", .plain("∃")), ("flat", .plain("♭")), ("footnotesize", .plain("")),
        ("forall", .plain("∀")), ("frown", .binary("⌢")), ("gamma", .letter("γ")), ("ge", .binary("≥")),
        ("geq", .binary("≥")), ("geqslant", .binary("⩾")), ("gets", .binary("←")), ("gg", .binary("≫")),
        ("gt", .binary(">")), ("gtrsim", .binary("≳")), ("hbar", .letter("ℏ")), ("heartsuit", .plain("♡")),
        ("hfill", .plain(" ")), ("hookleftarrow", .binary("↩")), ("hookrightarrow", .binary("↪")),
        ("hslash", .letter("ℏ")), ("huge", .plain("")), ("i", .plain("ı")), ("iff", .binary("⟺")),
        ("iiiint", .plain("⨌")), ("iiint", .plain("∭")), ("iint", .plain("∬")), ("imath", .letter("ı")),
        ("impliedby", .binary("⟸")), ("implies", .binary("⟹")), ("in", .binary("∈")), ("infty", .binary("∞")),
        ("int", .plain("∫")), ("iota", .letter("ι")), ("it", .plain("")), ("j", .plain("ȷ")), ("jmath", .letter("ȷ")),
        ("kappa", .letter("κ")), ("l", .plain("ł")), ("lVert", .plain("‖")), ("lambda", .letter("λ")),
        ("land", .binary("∧")), ("langle", .plain("⟨")), ("large", .plain("")), ("lbrace", .plain("\u{E000}")),
        ("lbrack", .plain("[")), ("lceil", .plain("⌈")), ("ldots", .plain("…")), ("le", .binary("≤")),
        ("leadsto", .binary("⇝")), ("leftarrow", .binary("←")), ("leftharpoondown", .binary("↽")),
        ("leftharpoonup", .binary("↼")), ("leftleftarrows", .binary("⇇")), ("leftrightarrow", .binary("↔")),
        ("leftrightharpoons", .binary("⇋")), ("leq", .binary("≤")), ("leqslant", .binary("⩽")),
        ("lesssim", .binary("≲")), ("lfloor", .plain("⌊")), ("limits", .plain("")), ("linebreak", .plain(" ")),
        ("ll", .binary("≪")), ("llcorner", .plain("⌞")), ("lnot", .binary("¬")), ("longleftarrow", .binary("⟵")),
        ("longleftrightarrow", .binary("⟷")), ("longmapsto", .binary("⟼")), ("longrightarrow", .binary("⟶")),
        ("lor", .binary("∨")), ("lparen", .plain("(")), ("lrcorner", .plain("⌟")), ("lt", .binary("<")),
        ("lvert", .plain("|")), ("mapsto", .binary("↦")), ("measuredangle", .binary("∡")), ("medspace", .plain(" ")),
        ("mho", .plain("℧")), ("micro", .plain("µ")), ("mid", .binary("∣")), ("models", .binary("⊨")),
        ("mp", .binary("∓")), ("mu", .letter("μ")), ("nabla", .letterBinary("∇")), ("natural", .plain("♮")),
        ("ncong", .binary("≇")), ("ne", .binary("≠")), ("nearrow", .binary("↗")), ("neg", .binary("¬")),
        ("negmedspace", .plain("")), ("negthickspace", .plain("")), ("negthinspace", .plain("")),
        ("neq", .binary("≠")), ("newline", .plain(" ")), ("nexists", .plain("∄")), ("ngeq", .binary("≱")),
        ("ngtr", .binary("≯")), ("ni", .binary("∋")), ("nleq", .binary("≰")), ("nless", .binary("≮")),
        ("nmid", .binary("∤")), ("nobreakspace", .plain(" ")), ("noindent", .plain("")), ("nolimits", .plain("")),
        ("nonumber", .plain("")), ("normalfont", .plain("")), ("normalsize", .plain("")), ("notag", .plain("")),
        ("notin", .binary("∉")), ("nparallel", .binary("∦")), ("nsim", .binary("≁")), ("nu", .letter("ν")),
        ("nwarrow", .binary("↖")), ("o", .plain("ø")), ("odot", .binary("⊙")), ("oe", .plain("œ")),
        ("ohm", .plain("Ω")), ("oiiint", .plain("∰")), ("oiint", .plain("∯")), ("oint", .plain("∮")),
        ("omega", .letter("ω")), ("omicron", .letter("ο")), ("ominus", .binary("⊖")), ("oplus", .binary("⊕")),
        ("oslash", .binary("⊘")), ("otimes", .binary("⊗")), ("over", .binary("/")), ("owns", .binary("∋")),
        ("par", .plain(" ")), ("parallel", .binary("∥")), ("partial", .letterBinary("∂")), ("perp", .binary("⊥")),
        ("phi", .letter("ϕ")), ("pi", .letter("π")), ("pm", .binary("±")), ("pounds", .plain("£")),
        ("prec", .binary("≺")), ("preceq", .binary("⪯")), ("prime", .plain("′")), ("prod", .plain("∏")),
        ("propto", .binary("∝")), ("protect", .plain("")), ("psi", .letter("ψ")), ("qquad", .plain(" ")),
        ("quad", .plain(" ")), ("rVert", .plain("‖")), ("rangle", .plain("⟩")), ("rbrace", .plain("\u{E001}")),
        ("rbrack", .plain("]")), ("rceil", .plain("⌉")), ("relax", .plain("")), ("rfloor", .plain("⌋")),
        ("rho", .letter("ρ")), ("rightarrow", .binary("→")), ("rightharpoondown", .binary("⇁")),
        ("rightharpoonup", .binary("⇀")), ("rightleftharpoons", .binary("⇌")), ("rightrightarrows", .binary("⇉")),
        ("rm", .plain("")), ("rparen", .plain(")")), ("rvert", .plain("|")), ("scriptscriptstyle", .plain("")),
        ("scriptstyle", .plain("")), ("searrow", .binary("↘")), ("setminus", .binary("∖")), ("sf", .plain("")),
        ("sharp", .plain("♯")), ("sigma", .letter("σ")), ("sim", .binary("∼")), ("simeq", .binary("≃")),
        ("small", .plain("")), ("smallsetminus", .binary("∖")), ("smile", .binary("⌣")), ("space", .plain(" ")),
        ("spadesuit", .plain("♠")), ("sphericalangle", .binary("∢")), ("sqcap", .binary("⊓")),
        ("sqcup", .binary("⊔")), ("sqsubseteq", .binary("⊑")), ("sqsupseteq", .binary("⊒")), ("square", .plain("□")),
        ("ss", .plain("ß")), ("star", .binary("⋆")), ("subset", .binary("⊂")), ("subseteq", .binary("⊆")),
        ("subsetneq", .binary("⊊")), ("succ", .binary("≻")), ("succeq", .binary("⪰")), ("sum", .plain("∑")),
        ("supset", .binary("⊃")), ("supseteq", .binary("⊇")), ("supsetneq", .binary("⊋")), ("swarrow", .binary("↙")),
        ("tau", .letter("τ")), ("textasciicircum", .plain("^")), ("textasciitilde", .plain("~")),
        ("textbackslash", .plain("∖")), ("textbar", .plain("|")), ("textbraceleft", .plain("\u{E000}")),
        ("textbraceright", .plain("\u{E001}")), ("textbullet", .plain("•")), ("textcopyright", .plain("©")),
        ("textdegree", .plain("°")), ("textellipsis", .plain("…")), ("textemdash", .plain("—")),
        ("textendash", .plain("–")), ("texteuro", .plain("€")), ("textgreater", .plain(">")),
        ("textless", .plain("<")), ("textmu", .plain("µ")), ("textohm", .plain("Ω")),
        ("textperiodcentered", .plain("·")), ("textregistered", .plain("®")), ("textsterling", .plain("£")),
        ("textstyle", .plain("")), ("texttrademark", .plain("™")), ("textunderscore", .plain("_")),
        ("therefore", .plain("∴")), ("theta", .letter("θ")), ("thickspace", .plain(" ")), ("thinspace", .plain(" ")),
        ("times", .binary("×")), ("tiny", .plain("")), ("to", .binary("→")), ("top", .plain("⊤")),
        ("triangle", .plain("△")), ("triangleleft", .binary("◁")), ("triangleq", .binary("≜")),
        ("triangleright", .binary("▷")), ("tt", .plain("")), ("twoheadrightarrow", .binary("↠")),
        ("ulcorner", .plain("⌜")), ("uparrow", .binary("↑")), ("updownarrow", .binary("↕")), ("uplus", .binary("⊎")),
        ("upsilon", .letter("υ")), ("urcorner", .plain("⌝")), ("varDelta", .letter("Δ")), ("varGamma", .letter("Γ")),
        ("varLambda", .letter("Λ")), ("varOmega", .letter("Ω")), ("varPhi", .letter("Φ")), ("varPi", .letter("Π")),
        ("varPsi", .letter("Ψ")), ("varSigma", .letter("Σ")), ("varTheta", .letter("Θ")),
        ("varUpsilon", .letter("Υ")), ("varXi", .letter("Ξ")), ("varepsilon", .letter("ε")),
        ("varkappa", .letter("ϰ")), ("varnothing", .plain("∅")), ("varphi", .letter("φ")), ("varpi", .letter("ϖ")),
        ("varrho", .letter("ϱ")), ("varsigma", .letter("ς")), ("vartheta", .letter("ϑ")), ("vdash", .binary("⊢")),
        ("vdots", .plain("⋮")), ("vee", .binary("∨")), ("vert", .plain("|")), ("wedge", .binary("∧")),
        ("wp", .letter("℘")), ("wr", .binary("≀")), ("xi", .letter("ξ")), ("yen", .plain("¥")),
        ("zeta", .letter("ζ")),
    ])

    /// Function names printed upright in TeX; in plain text they are just the word.
    static let functionNames = SortedTable<String, String>([
        ("Pr", "Pr"), ("Tr", "Tr"), ("arccos", "arccos"), ("arccot", "arccot"), ("arcsin", "arcsin"),
        ("arctan", "arctan"), ("arg", "arg"), ("cos", "cos"), ("cosh", "cosh"), ("cot", "cot"), ("coth", "coth"),
        ("csc", "csc"), ("csch", "csch"), ("deg", "deg"), ("det", "det"), ("dim", "dim"), ("erf", "erf"),
        ("exp", "exp"), ("gcd", "gcd"), ("hom", "hom"), ("inf", "inf"), ("injlim", "inj lim"), ("ker", "ker"),
        ("lcm", "lcm"), ("lg", "lg"), ("lim", "lim"), ("liminf", "lim inf"), ("limsup", "lim sup"), ("ln", "ln"),
        ("log", "log"), ("max", "max"), ("min", "min"), ("projlim", "proj lim"), ("rank", "rank"), ("sec", "sec"),
        ("sech", "sech"), ("sgn", "sgn"), ("sin", "sin"), ("sinh", "sinh"), ("sup", "sup"), ("tan", "tan"),
        ("tanh", "tanh"), ("tr", "tr"),
    ])

    /// Accents and their combining marks (`\vec{v}` is v followed by U+20D7); the text-mode accents
    /// written with letters too: `\v{c}` is č, `\u{a}` is ă.
    static let accents = SortedTable<String, Unicode.Scalar>([
        ("H", "\u{30B}"), ("acute", "\u{301}"), ("bar", "\u{304}"), ("breve", "\u{306}"), ("c", "\u{327}"),
        ("check", "\u{30C}"), ("dddot", "\u{20DB}"), ("ddot", "\u{308}"), ("dot", "\u{307}"), ("grave", "\u{300}"),
        ("hat", "\u{302}"), ("k", "\u{328}"), ("mathring", "\u{30A}"), ("overleftarrow", "\u{20D6}"),
        ("overleftrightarrow", "\u{20E1}"), ("overline", "\u{305}"), ("overrightarrow", "\u{20D7}"), ("r", "\u{30A}"),
        ("tilde", "\u{303}"), ("u", "\u{306}"), ("underline", "\u{332}"), ("v", "\u{30C}"), ("vec", "\u{20D7}"),
        ("widehat", "\u{302}"), ("widetilde", "\u{303}"),
    ])

    /// Text-mode accents written with a symbol: `\'e` is é.
    static let symbolAccents = SortedTable<Unicode.Scalar, Unicode.Scalar>([
        ("\"", "\u{308}"), ("'", "\u{301}"), (".", "\u{307}"), ("=", "\u{304}"), ("^", "\u{302}"), ("`", "\u{300}"),
        ("~", "\u{303}"),
    ])

    /// Lines that run all the way under or over their content rather than sitting on one letter.
    static let spanningAccents = SortedSet<String>(["overline", "underline"])

    /// Commands whose single argument is kept as it stands: true when the argument is prose (text
    /// mode), false when it stays mathematics.
    static let contentCommands = SortedTable<String, Bool>([
        ("bcancel", false), ("bm", false), ("boldsymbol", false), ("boxed", false), ("cancel", false),
        ("displaylines", false), ("emph", true), ("ensuremath", false), ("eqref", true), ("fbox", true),
        ("hbox", true), ("mathbf", false), ("mathbin", false), ("mathcal", false), ("mathfrak", false),
        ("mathit", false), ("mathnormal", false), ("mathop", false), ("mathord", false), ("mathrel", false),
        ("mathrm", false), ("mathscr", false), ("mathsf", false), ("mathtt", false), ("mbox", true),
        ("operatorname", false), ("overbrace", false), ("pmb", false), ("ref", true), ("substack", false),
        ("text", true), ("textbf", true), ("textit", true), ("textmd", true), ("textnormal", true), ("textrm", true),
        ("textsc", true), ("textsf", true), ("textsl", true), ("texttt", true), ("textup", true),
        ("underbrace", false), ("url", true), ("xcancel", false),
    ])

    /// Commands whose argument is consumed and shows nothing (`\label{eq:1}`, `\color{red}`).
    static let silentCommands = SortedSet<String>([
        "color", "hphantom", "index", "label", "pagecolor", "phantom", "vphantom", "vspace",
    ])

    /// A negated relation for `\not`: `\not=` is ≠, `\not\in` is ∉.
    static let negations = SortedTable<String, String>([
        ("<", "≮"), ("=", "≠"), (">", "≯"), ("∃", "∄"), ("∈", "∉"), ("∋", "∌"), ("∣", "∤"), ("∥", "∦"), ("∼", "≁"),
        ("≃", "≄"), ("≅", "≇"), ("≈", "≉"), ("≡", "≢"), ("≤", "≰"), ("≥", "≱"), ("⊂", "⊄"), ("⊃", "⊅"), ("⊆", "⊈"),
        ("⊇", "⊉"),
    ])
}
