/// The command tables: names as TeX reads them (without the backslash) to Unicode.
extension LaTeXText {
    /// Commands that stand for one symbol and take no argument.
    ///
    /// Built once from the groups below, which are plain lists (no hashing of their own): every
    /// command that prints a formula pays for this table at its first lookup, so each name is hashed
    /// once, into a table sized up front. A name in two groups keeps the first group's symbol.
    static let symbols: [String: String] = {
        let groups = [greek, relations, arrows, operators, bigOperators, delimiters, miscellany]
        var table = [String: String](minimumCapacity: groups.reduce(0) { $0 + $1.count })
        for group in groups {
            for (name, symbol) in group where table[name] == nil {
                table[name] = symbol
            }
        }
        return table
    }()

    static let greek: KeyValuePairs<String, String> = [
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε",
        "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
        "varkappa": "ϰ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π",
        "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ",
        "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
        "digamma": "ϝ",
        "Alpha": "Α", "Beta": "Β", "Gamma": "Γ", "Delta": "Δ", "Epsilon": "Ε", "Zeta": "Ζ",
        "Eta": "Η", "Theta": "Θ", "Iota": "Ι", "Kappa": "Κ", "Lambda": "Λ", "Mu": "Μ", "Nu": "Ν",
        "Xi": "Ξ", "Omicron": "Ο", "Pi": "Π", "Rho": "Ρ", "Sigma": "Σ", "Tau": "Τ",
        "Upsilon": "Υ", "Phi": "Φ", "Chi": "Χ", "Psi": "Ψ", "Omega": "Ω",
        "varGamma": "Γ", "varDelta": "Δ", "varTheta": "Θ", "varLambda": "Λ", "varXi": "Ξ",
        "varPi": "Π", "varSigma": "Σ", "varUpsilon": "Υ", "varPhi": "Φ", "varPsi": "Ψ",
        "varOmega": "Ω",
    ]

    static let relations: KeyValuePairs<String, String> = [
        "le": "≤", "leq": "≤", "leqslant": "⩽", "ge": "≥", "geq": "≥", "geqslant": "⩾",
        "lt": "<", "gt": ">", "neq": "≠", "ne": "≠", "approx": "≈", "approxeq": "≊",
        "equiv": "≡", "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "ll": "≪", "gg": "≫",
        "subset": "⊂", "subseteq": "⊆", "subsetneq": "⊊", "supset": "⊃", "supseteq": "⊇",
        "supsetneq": "⊋", "in": "∈", "notin": "∉", "ni": "∋", "owns": "∋", "perp": "⊥",
        "parallel": "∥", "nparallel": "∦", "mid": "∣", "nmid": "∤", "vdash": "⊢", "dashv": "⊣",
        "models": "⊨", "prec": "≺", "succ": "≻", "preceq": "⪯", "succeq": "⪰", "doteq": "≐",
        "asymp": "≍", "coloneqq": "≔", "eqqcolon": "≕", "triangleq": "≜", "nsim": "≁",
        "ncong": "≇", "nleq": "≰", "ngeq": "≱", "nless": "≮", "ngtr": "≯", "lesssim": "≲",
        "gtrsim": "≳", "sqsubseteq": "⊑", "sqsupseteq": "⊒", "bowtie": "⋈", "smile": "⌣",
        "frown": "⌢", "between": "≬",
    ]

    static let arrows: KeyValuePairs<String, String> = [
        "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "leftrightarrow": "↔",
        "Rightarrow": "⇒", "Leftarrow": "⇐", "Leftrightarrow": "⇔", "iff": "⟺", "implies": "⟹",
        "impliedby": "⟸", "mapsto": "↦", "longmapsto": "⟼", "uparrow": "↑", "downarrow": "↓",
        "updownarrow": "↕", "Uparrow": "⇑", "Downarrow": "⇓", "Updownarrow": "⇕",
        "longrightarrow": "⟶", "longleftarrow": "⟵", "longleftrightarrow": "⟷",
        "Longrightarrow": "⟹", "Longleftarrow": "⟸", "Longleftrightarrow": "⟺",
        "nearrow": "↗", "searrow": "↘", "swarrow": "↙", "nwarrow": "↖",
        "hookrightarrow": "↪", "hookleftarrow": "↩", "rightleftharpoons": "⇌",
        "leftrightharpoons": "⇋", "rightharpoonup": "⇀", "rightharpoondown": "⇁",
        "leftharpoonup": "↼", "leftharpoondown": "↽", "leadsto": "⇝", "circlearrowleft": "↺",
        "circlearrowright": "↻", "curvearrowleft": "↶", "curvearrowright": "↷",
        "twoheadrightarrow": "↠", "rightrightarrows": "⇉", "leftleftarrows": "⇇",
    ]

    static let operators: KeyValuePairs<String, String> = [
        "times": "×", "cdot": "·", "div": "÷", "pm": "±", "mp": "∓", "ast": "∗", "star": "⋆",
        "circ": "∘", "bullet": "•", "oplus": "⊕", "ominus": "⊖", "otimes": "⊗", "odot": "⊙",
        "oslash": "⊘", "nabla": "∇", "partial": "∂", "infty": "∞", "angle": "∠",
        "measuredangle": "∡", "sphericalangle": "∢", "degree": "°", "wedge": "∧", "land": "∧",
        "vee": "∨", "lor": "∨", "neg": "¬", "lnot": "¬", "cap": "∩", "cup": "∪", "setminus": "∖",
        "smallsetminus": "∖", "sqcup": "⊔", "sqcap": "⊓", "uplus": "⊎", "amalg": "⨿",
        "dagger": "†", "ddagger": "‡", "wr": "≀", "diamond": "⋄", "triangleleft": "◁",
        "triangleright": "▷", "bigtriangleup": "△", "bigtriangledown": "▽", "cdotp": "·",
        "over": "/", "choose": " choose ",
    ]

    static let bigOperators: KeyValuePairs<String, String> = [
        "sum": "∑", "prod": "∏", "coprod": "∐", "int": "∫", "iint": "∬", "iiint": "∭",
        "iiiint": "⨌", "oint": "∮", "oiint": "∯", "oiiint": "∰", "bigcup": "⋃", "bigcap": "⋂",
        "bigoplus": "⨁", "bigotimes": "⨂", "bigodot": "⨀", "bigvee": "⋁", "bigwedge": "⋀",
        "biguplus": "⨄", "bigsqcup": "⨆",
    ]

    /// Delimiters. Literal braces are stand-ins here (see `openBrace`): `tidy` makes them `{ }`.
    static let delimiters: KeyValuePairs<String, String> = [
        "langle": "⟨", "rangle": "⟩", "lceil": "⌈", "rceil": "⌉", "lfloor": "⌊", "rfloor": "⌋",
        "lvert": "|", "rvert": "|", "vert": "|", "lVert": "‖", "rVert": "‖", "Vert": "‖",
        "lbrace": "\u{E000}", "rbrace": "\u{E001}", "lbrack": "[", "rbrack": "]", "lparen": "(", "rparen": ")",
        "ulcorner": "⌜", "urcorner": "⌝", "llcorner": "⌞", "lrcorner": "⌟",
        // The output may never hold a backslash, so set-minus stands in for one.
        "backslash": "∖", "textbackslash": "∖",
    ]

    static let miscellany: KeyValuePairs<String, String> = [
        // Centred dots between operators (`a + \cdots + z`), low dots in lists, as amsmath means them.
        "ldots": "…", "cdots": "⋯", "dots": "…", "dotsc": "…", "dotsb": "⋯", "dotsm": "⋯",
        "dotsi": "⋯", "dotso": "…", "vdots": "⋮", "ddots": "⋱", "textellipsis": "…",
        "forall": "∀", "exists": "∃", "nexists": "∄", "emptyset": "∅", "varnothing": "∅",
        "therefore": "∴", "because": "∵", "hbar": "ℏ", "hslash": "ℏ", "ell": "ℓ", "Re": "ℜ",
        "Im": "ℑ", "aleph": "ℵ", "beth": "ℶ", "wp": "℘", "prime": "′", "top": "⊤", "bot": "⊥",
        "triangle": "△", "square": "□", "Box": "□", "blacksquare": "■", "checkmark": "✓",
        "flat": "♭", "sharp": "♯", "natural": "♮", "clubsuit": "♣", "diamondsuit": "♢",
        "heartsuit": "♡", "spadesuit": "♠", "mho": "℧", "complement": "∁", "imath": "ı",
        "jmath": "ȷ", "eth": "ð", "S": "§", "P": "¶", "dag": "†", "ddag": "‡", "copyright": "©",
        "textcopyright": "©", "textregistered": "®", "texttrademark": "™", "pounds": "£",
        "textsterling": "£", "euro": "€", "texteuro": "€", "yen": "¥", "textdegree": "°",
        "textmu": "µ", "micro": "µ", "ohm": "Ω", "textohm": "Ω", "celsius": "℃",
        "textendash": "–", "textemdash": "—", "textbullet": "•", "textperiodcentered": "·",
        "textasciitilde": "~", "textasciicircum": "^", "textunderscore": "_", "textbar": "|",
        "textless": "<", "textgreater": ">", "textbraceleft": "\u{E000}", "textbraceright": "\u{E001}",
        "ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "o": "ø", "O": "Ø", "aa": "å",
        "AA": "Å", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ",
        "LaTeX": "LaTeX", "TeX": "TeX", "LaTeXe": "LaTeX2ε",
        // Spacing: a space, or nothing for the negative spaces.
        "quad": " ", "qquad": " ", "enspace": " ", "enskip": " ", "thinspace": " ",
        "medspace": " ", "thickspace": " ", "space": " ", "nobreakspace": " ", "hfill": " ",
        "negthinspace": "", "negmedspace": "", "negthickspace": "",
        // Style switches and spacing hints with no visible trace in plain text.
        "displaystyle": "", "textstyle": "", "scriptstyle": "", "scriptscriptstyle": "",
        "limits": "", "nolimits": "", "nonumber": "", "notag": "", "relax": "", "protect": "",
        "allowbreak": "", "centering": "", "noindent": "", "par": " ", "newline": " ",
        "linebreak": " ", "rm": "", "bf": "", "it": "", "sf": "", "tt": "", "cal": "",
        "em": "", "normalfont": "", "small": "", "large": "", "Large": "", "tiny": "",
        "footnotesize": "", "normalsize": "", "huge": "", "Huge": "",
    ]

    /// Function names printed upright in TeX; in plain text they are just the word.
    static let functionNames: [String: String] = [
        "sin": "sin", "cos": "cos", "tan": "tan", "cot": "cot", "sec": "sec", "csc": "csc",
        "arcsin": "arcsin", "arccos": "arccos", "arctan": "arctan", "sinh": "sinh",
        "cosh": "cosh", "tanh": "tanh", "coth": "coth", "log": "log", "ln": "ln", "lg": "lg",
        "exp": "exp", "max": "max", "min": "min", "sup": "sup", "inf": "inf", "lim": "lim",
        "liminf": "lim inf", "limsup": "lim sup", "det": "det", "dim": "dim", "ker": "ker",
        "deg": "deg", "arg": "arg", "gcd": "gcd", "hom": "hom", "Pr": "Pr", "injlim": "inj lim",
        "projlim": "proj lim", "sgn": "sgn", "lcm": "lcm", "tr": "tr", "Tr": "Tr",
        "rank": "rank", "erf": "erf", "sech": "sech", "csch": "csch", "arccot": "arccot",
    ]

    /// Accents and their combining marks (`\vec{v}` is v followed by U+20D7).
    static let accents: [String: Unicode.Scalar] = [
        "vec": "\u{20D7}", "overrightarrow": "\u{20D7}", "overleftarrow": "\u{20D6}",
        "overleftrightarrow": "\u{20E1}", "hat": "\u{302}", "widehat": "\u{302}",
        "bar": "\u{304}", "overline": "\u{305}", "underline": "\u{332}", "dot": "\u{307}",
        "ddot": "\u{308}", "dddot": "\u{20DB}", "tilde": "\u{303}", "widetilde": "\u{303}",
        "check": "\u{30C}", "breve": "\u{306}", "acute": "\u{301}", "grave": "\u{300}",
        "mathring": "\u{30A}",
        // Text-mode accents written with letters: \v{c} is č, \u{a} is ă.
        "v": "\u{30C}", "u": "\u{306}", "H": "\u{30B}", "c": "\u{327}", "r": "\u{30A}",
        "k": "\u{328}",
    ]

    /// Text-mode accents written with a symbol: `\'e` is é.
    static let symbolAccents: [Unicode.Scalar: Unicode.Scalar] = [
        "'": "\u{301}", "`": "\u{300}", "\"": "\u{308}", "^": "\u{302}", "~": "\u{303}",
        "=": "\u{304}", ".": "\u{307}",
    ]

    /// Lines that run all the way under or over their content rather than sitting on one letter.
    static let spanningAccents: Set<String> = ["overline", "underline"]

    /// Commands whose single argument is kept as it stands, in the mode given.
    static let contentCommands: [String: Bool] = [
        // true: the argument is prose (text mode); false: it stays mathematics.
        "text": true, "textrm": true, "textbf": true, "textit": true, "textsf": true,
        "texttt": true, "textnormal": true, "textup": true, "textsl": true, "textsc": true,
        "emph": true, "mbox": true, "hbox": true, "fbox": true, "textmd": true,
        "mathrm": false, "mathbf": false, "mathit": false, "mathsf": false, "mathtt": false,
        "mathcal": false, "mathscr": false, "mathfrak": false, "mathnormal": false,
        "boldsymbol": false, "bm": false, "pmb": false, "operatorname": false, "boxed": false,
        "cancel": false, "bcancel": false, "xcancel": false, "overbrace": false,
        "underbrace": false, "displaylines": false, "ensuremath": false, "mathop": false,
        "mathbin": false, "mathrel": false, "mathord": false, "substack": false, "ref": true,
        "eqref": true, "url": true,
    ]

    /// Commands whose argument is consumed and shows nothing (`\label{eq:1}`, `\color{red}`).
    static let silentCommands: Set<String> = [
        "label", "color", "phantom", "hphantom", "vphantom", "vspace", "pagecolor", "index",
    ]

    /// A negated relation for `\not`: `\not=` is ≠, `\not\in` is ∉.
    static let negations: [String: String] = [
        "=": "≠", "∈": "∉", "<": "≮", ">": "≯", "≤": "≰", "≥": "≱", "≡": "≢", "∼": "≁",
        "≈": "≉", "⊂": "⊄", "⊆": "⊈", "⊃": "⊅", "⊇": "⊉", "∃": "∄", "∣": "∤", "≅": "≇",
        "∥": "∦", "∋": "∌", "≃": "≄",
    ]
}
