import DoseTestSupport
import Testing
@testable import DoseCore

/// The LaTeX reducer: each family of commands, the whole-name collisions, real formulas,
/// prose with inline mathematics, and hostile input.
@Suite(.timeLimit(.minutes(5)), .watched)
struct LaTeXTextTests {
    @Test(arguments: [
        (#"\alpha\beta\gamma\delta"#, "αβγδ"),
        (#"\epsilon \zeta \eta \theta \iota \kappa \lambda \mu"#, "ϵζηθικλμ"),
        (#"\nu + \xi + \omicron + \pi + \rho + \sigma + \tau"#, "ν + ξ + ο + π + ρ + σ + τ"),
        (#"\upsilon, \phi, \chi, \psi, \omega"#, "υ, ϕ, χ, ψ, ω"),
        (#"\Gamma, \Delta, \Theta, \Lambda, \Xi, \Pi, \Sigma, \Upsilon, \Phi, \Psi, \Omega"#,
         "Γ, Δ, Θ, Λ, Ξ, Π, Σ, Υ, Φ, Ψ, Ω"),
        (#"\varepsilon, \vartheta, \varphi, \varrho, \varsigma, \varpi"#, "ε, ϑ, φ, ϱ, ς, ϖ"),
    ])
    func greek(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    @Test(arguments: [
        (#"\le \leq \ge \geq \neq \ne \approx \equiv \sim \simeq \cong \propto"#, "≤ ≤ ≥ ≥ ≠ ≠ ≈ ≡ ∼ ≃ ≅ ∝"),
        (#"\ll \gg \subset \subseteq \supset \supseteq \in \notin \ni \mid \perp \parallel"#,
         "≪ ≫ ⊂ ⊆ ⊃ ⊇ ∈ ∉ ∋ ∣ ⊥ ∥"),
        (#"\to \rightarrow \leftarrow \Rightarrow \Leftarrow \Leftrightarrow \iff \implies"#, "→ → ← ⇒ ⇐ ⇔ ⟺ ⟹"),
        (#"\mapsto \uparrow \downarrow \leftrightarrow \longrightarrow"#, "↦ ↑ ↓ ↔ ⟶"),
        (#"\times \cdot \div \pm \mp \ast \circ \oplus \otimes"#, "× · ÷ ± ∓ ∗ ∘ ⊕ ⊗"),
        (#"\infty \angle \perp \parallel \degree \forall \exists \emptyset"#, "∞ ∠ ⊥ ∥ ° ∀ ∃ ∅"),
        (#"\sum \prod \int \iint \iiint \oint \bigcup \bigcap"#, "∑ ∏ ∫ ∬ ∭ ∮ ⋃ ⋂"),
        (#"\lim \sin \cos \tan \log \ln \exp \max \min \det"#, "lim sin cos tan log ln exp max min det"),
        (#"\ldots \cdots \dots"#, "… ⋯ …"),
        (#"\langle x \rangle, \|v\|, a \mid b"#, "⟨ x ⟩, ‖v‖, a ∣ b"),
        (#"\not= \not\in \not< \not\equiv"#, "≠ ∉ ≮ ≢"),
    ])
    func symbolFamilies(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    /// Names are read whole, as TeX reads them: a shorter name is never a prefix match.
    @Test(arguments: [
        (#"a \neq b"#, "a ≠ b"),
        (#"a\neq b"#, "a≠b"),
        (#"x \in A"#, "x ∈ A"),
        (#"\int_0^1 f"#, "∫₀¹ f"),
        (#"x \to \infty"#, "x → ∞"),
        (#"\inf S"#, "inf S"),
        (#"\in\int\infty\inf"#, "∈∫∞inf"),
        (#"\le x"#, "≤ x"),
        (#"\left(x\right) \le 1"#, "(x) ≤ 1"),
        (#"\leq\leqslant\left."#, "≤⩽"),
        (#"\pm 1"#, "± 1"),
        (#"a \equiv b \pmod{n}"#, "a ≡ b (mod n)"),
        (#"\pmod n \pm"#, "(mod n) ±"),
        (#"\ne\neg\nu"#, "≠¬ν"),
        (#"\sim\simeq"#, "∼≃"),
        (#"\vec{v}\vee\vert"#, "v\u{20D7}∨|"),
        (#"\alphabeta"#, "alphabeta"),
    ])
    func wholeNameCollisions(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    @Test(arguments: [
        (#"\frac{a+b}{2}"#, "(a+b)/2"),
        (#"\frac{1}{2}"#, "1/2"),
        (#"\dfrac{dv}{dt}"#, "dv/dt"),
        (#"\tfrac12"#, "1/2"),
        (#"\frac{\partial f}{\partial x}"#, "∂f/∂x"),
        (#"\frac{1}{\frac{a}{b}}"#, "1/(a/b)"),
        (#"\frac{(a+b)}{c - d}"#, "(a+b)/(c - d)"),
        (#"\frac{1}{2} m v^2"#, "(1/2) mv²"),
        (#"y = \frac{a}{b}"#, "y = a/b"),
        (#"2\frac{1}{2}"#, "2(1/2)"),
        (#"\binom{n}{k}"#, "C(n,k)"),
    ])
    func fractions(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    @Test(arguments: [
        ("x^2", "x²"),
        ("x_{i+1}", "xᵢ₊₁"),
        ("a_n", "aₙ"),
        (#"e^{j\omega t}"#, "e^(jωt)"),
        ("x^{10} + 10^{-3}", "x¹⁰ + 10⁻³"),
        ("x_i^2", "xᵢ²"),
        ("x^{a b}", "xᵃᵇ"),
        ("x^{1/2}", "x^(1/2)"),
        ("x^*", "x*"),
        ("V_{CE}", "V_(CE)"),
        (#"x^{\prime}"#, "x′"),
        ("f'(x)", "f′(x)"),
        (#"90^\circ"#, "90°"),
        (#"\sum_{i=1}^{n} i"#, "∑ᵢ₌₁ⁿ i"),
        (#"x^{2^n}"#, "x^(2ⁿ)"),
        ("x^{}", "x"),
        (#"a^\alpha"#, "aᵅ"),
        (#"x_{\text{max}}"#, "xₘₐₓ"),
    ])
    func scripts(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    @Test(arguments: [
        (#"\sqrt{x}"#, "√x"),
        (#"\sqrt{x+1}"#, "√(x+1)"),
        (#"\sqrt2"#, "√2"),
        (#"\sqrt[3]{x}"#, "∛x"),
        (#"\sqrt[4]{x}"#, "∜x"),
        (#"\sqrt[n]{x}"#, "ⁿ√(x)"),
        (#"\sqrt[p+q]{x}"#, "(p+q)√(x)"),
        (#"\sqrt{\frac{a}{b}}"#, "√(a/b)"),
        (#"\sqrt{b^2 - 4ac}"#, "√(b² - 4ac)"),
    ])
    func roots(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    @Test(arguments: [
        (#"\text{if } x > 0"#, "if x > 0"),
        (#"\mathrm{d}x"#, "dx"),
        (#"\mathbf{F} = m\mathbf{a}"#, "F = ma"),
        (#"\mathbb{N} \subset \mathbb{Z} \subset \mathbb{Q} \subset \mathbb{R} \subset \mathbb{C}"#,
         "ℕ ⊂ ℤ ⊂ ℚ ⊂ ℝ ⊂ ℂ"),
        (#"\operatorname{sgn}(x)"#, "sgn(x)"),
        (#"\textbf{bold} \textit{it} \mathit{v} \mathcal{L} \emph{e}"#, "bold it v L e"),
        (#"\vec{v}"#, "v\u{20D7}"),
        (#"\vec F"#, "F\u{20D7}"),
        (#"\hat{x} \bar{x} \dot{x} \ddot{x} \tilde{n}"#, "x\u{302} x\u{304} x\u{307} x\u{308} n\u{303}"),
        (#"\overline{AB}"#, "A\u{305}B\u{305}"),
        (#"\vec{}"#, ""),
    ])
    func textFontsAndAccents(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    @Test(arguments: [
        (#"\left( \frac{a}{b} \right)"#, "( a/b )"),
        (#"\left. \frac{df}{dx} \right|_{x=0}"#, "df/dx |ₓ₌₀"),
        (#"\left\{ x \right\}"#, "{ x }"),
        (#"\left\langle x \right\rangle"#, "⟨ x ⟩"),
        (#"\bigl( x \bigr)"#, "( x )"),
        (#"a\,b\;c\:d\!e\quad f\qquad g~h"#, "a b c de f g h"),
        (##"\{ \} \% \$ \& \_ \#"##, "{ } % $ & _ #"),
        (#"a \\ b"#, "a b"),
        (#"\foo"#, "foo"),
        (#"\foo{x}"#, "foox"),
        ("x \\", "x"),
        ("\\", ""),
        (#"\frac{a"#, "a/"),
        ("}}}x{{{", "x"),
        (#"\begin{cases} 1 & x > 0 \\ 0 & x \le 0 \end{cases}"#, "1 x > 0 0 x ≤ 0"),
        (#"\begin{array}{cc} a & b \end{array}"#, "a b"),
        (#"\label{eq:1} E = mc^2 \tag{1}"#, "E = mc² (1)"),
        ("$E = mc^2$", "E = mc²"),
    ])
    func delimitersSpacingEscapesAndOddities(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    @Test(arguments: [
        // Maxwell's equations.
        (#"\nabla \cdot \mathbf{E} = \frac{\rho}{\varepsilon_0}"#, "∇ · E = ρ/ε₀"),
        (#"\nabla \cdot \mathbf{B} = 0"#, "∇ · B = 0"),
        (#"\nabla \times \mathbf{E} = -\frac{\partial \mathbf{B}}{\partial t}"#, "∇ × E = -∂B/∂t"),
        (#"\nabla \times \mathbf{B} = \mu_0 \mathbf{J} + \mu_0 \varepsilon_0 \frac{\partial \mathbf{E}}{\partial t}"#,
         "∇ × B = μ₀ J + μ₀ ε₀ ∂E/∂t"),
        (#"\oint_{\partial S} \mathbf{B} \cdot d\mathbf{A} = 0"#, "∮_(∂S) B · dA = 0"),
        // Euler.
        (#"e^{i\pi} + 1 = 0"#, "e^(iπ) + 1 = 0"),
        (#"e^{i\theta} = \cos\theta + i\sin\theta"#, "eⁱᶿ = cos θ + i sin θ"),
        // Bernoulli.
        (#"P + \frac{1}{2}\rho v^2 + \rho g h = \text{constant}"#, "P + (1/2)ρv² + ρgh = constant"),
        (#"C_n = \frac{1}{n + 1}\binom{2n}{n}"#, "Cₙ = (1/(n + 1))C(2n,n)"),
        // Others an engineering pool holds.
        (#"\lim_{x \to 0} \frac{\sin x}{x} = 1"#, "lim_(x→0) (sin x)/x = 1"),
        (#"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}"#, "x = (-b ± √(b² - 4ac))/(2a)"),
        (#"V = IR"#, "V = IR"),
        (#"\Phi_B = \int \mathbf{B} \cdot d\mathbf{A}"#, "Φ_B = ∫ B · dA"),
        (#"\log_2 n"#, "log₂ n"),
        (#"\sin^2\theta + \cos^2\theta = 1"#, "sin²θ + cos²θ = 1"),
    ])
    func wholeFormulas(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    @Test(arguments: [
        (#"The energy is $E = mc^2$ exactly."#, "The energy is E = mc² exactly."),
        (#"Costs \$5 and $x_1$."#, "Costs $5 and x₁."),
        (#"Display: $$\int_0^1 x\,dx = \frac{1}{2}$$ done"#, "Display: ∫₀¹ x dx = 1/2 done"),
        (#"It costs $5 or $10 today"#, "It costs $5 or $10 today"),
        (#"A lone $ sign"#, "A lone $ sign"),
        (#"Inline \(\alpha\) and display \[\beta\]"#, "Inline α and display β"),
        (#"Prose keeps x^2 and snake_case and ~5 V"#, "Prose keeps x^2 and snake_case and ~5 V"),
        (#"One weber is one volt-second: $1\,\mathrm{Wb} = 1\,\mathrm{V\cdot s}$."#,
         "One weber is one volt-second: 1 Wb = 1 V·s."),
        (#"Unclosed $$ display"#, "Unclosed $$ display"),
        (#"Ohm's law: $V = IR$; \textbf{always}."#, "Ohm's law: V = IR; always."),
        ("Line\none\t\ttwo  ", "Line one two"),
        (#"A set $\{1, 2\}$"#, "A set {1, 2}"),
        (#"\'e\`a\"o\^i\~n"#, "e\u{301}a\u{300}o\u{308}i\u{302}n\u{303}"),
    ])
    func prose(input: String, expected: String) {
        #expect(LaTeXText.plainText(input) == expected)
    }

    /// A denominator (or numerator) is grouped whenever juxtaposition would split it; one factor stays bare.
    @Test(arguments: [
        (#"F = \frac{1}{4\pi\varepsilon_0}\,\frac{q_1 q_2}{r^2}"#, "F = 1/(4πε₀) · (q₁ q₂)/r²"),
        (#"f_0 = \frac{1}{2\pi\sqrt{L C}}"#, "f₀ = 1/(2π√(LC))"),
        (#"\frac{-b \pm \sqrt{b^2 - 4ac}}{2a}"#, "(-b ± √(b² - 4ac))/(2a)"),
        (#"e^{-\frac{(x - \mu)^2}{2\sigma^2}}"#, "e^(-(x-μ)²/(2σ²))"),
        (#"\frac{1}{\sigma\sqrt{2\pi}}\, e^{-x}"#, "(1/(σ√(2π))) e⁻ˣ"),
        (#"I = \frac{V}{R_1 + R_2}"#, "I = V/(R₁ + R₂)"),
        (#"\frac{1}{R_1} + \frac{1}{R_2}"#, "1/R₁ + 1/R₂"),
        (#"\frac{1}{\sqrt{2}}"#, "1/√2"),
        (#"\frac{\rho v D}{\mu}"#, "ρvD/μ"),
        (#"\frac{RT}{nF} \ln Q"#, "(RT/(nF)) ln Q"),
        (#"\frac{\pi^2 E I}{(K L)^2}"#, "(π² EI)/(KL)²"),
        (#"\frac{P(B)}{P(A)}"#, "P(B)/P(A)"),
        (#"\frac{d^2x}{dt^2}"#, "d²x/dt²"),
        (#"\frac{\partial u}{\partial t}"#, "∂u/∂t"),
        (#"\frac{n!}{k!(n-k)!}"#, "n!/(k!(n-k)!)"),
        (#"\frac{1}{|x|}"#, "1/|x|"),
        (#"\frac{Q_{\text{enc}}}{\varepsilon_0}"#, "Q_(enc)/ε₀"),
        (#"\frac{a}{b}\frac{c}{d}"#, "a/b · c/d"),
        (#"\sqrt{2\pi}"#, "√(2π)"),
        (#"\sqrt{x^2}"#, "√(x²)"),
        (#"\sqrt{\varepsilon_0}"#, "√ε₀"),
    ])
    func grouping(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    /// Matrices keep rows and columns: cells joined by ", ", rows by "; ", in their own delimiters.
    @Test(arguments: [
        (#"\begin{pmatrix} 2 & 1 \\ 3 & 4 \end{pmatrix}"#, "(2, 1; 3, 4)"),
        (#"\begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix}"#, "[1, 0; 0, 1]"),
        (#"\begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc"#, "|a, b; c, d| = ad - bc"),
        (#"\det\begin{pmatrix} 2 & 1 \\ 3 & 4 \end{pmatrix}"#, "det(2, 1; 3, 4)"),
        (#"\begin{Bmatrix} x \\ y \end{Bmatrix}"#, "{x; y}"),
        (#"\begin{Vmatrix} 1 & 2 \\ \end{Vmatrix}"#, "‖1, 2‖"),
        (#"\left[\begin{matrix} a & -b \\ b & a \end{matrix}\right]"#, "[a, -b; b, a]"),
        (#"\begin{smallmatrix} 1 & 2 \end{smallmatrix}"#, "1, 2"),
        (#"\begin{pmatrix} a & b \\ c & d \end{pmatrix}^{-1} = \frac{1}{ad - bc} \begin{pmatrix} d & -b \\ -c & a \end{pmatrix}"#,
         "(a, b; c, d)⁻¹ = (1/(ad - bc)) (d, -b; -c, a)"),
        (#"\begin{pmatrix} 1 & \begin{bmatrix} 2 & 3 \end{bmatrix} \\ 4 & 5 \end{pmatrix}"#, "(1, [2, 3]; 4, 5)"),
        (#"\begin{pmatrix} \frac{1}{2} & x_{1} \end{pmatrix}"#, "(1/2, x₁)"),
        // Left open, or closed by a stray brace: what was read is kept.
        (#"\begin{pmatrix} 1 & 2"#, "(1, 2)"),
        (#"{\begin{pmatrix} 1 & 2 } x"#, "(1, 2) x"),
    ])
    func matrices(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    /// A bar over one symbol or a run of letters and digits is a combining mark; over anything
    /// with a space or an operator it is a complement, never marks on spaces or operators.
    @Test(arguments: [
        (#"\overline{A \cdot B} = \overline{A} + \overline{B}"#, "¬(A · B) = A\u{305} + B\u{305}"),
        (#"\overline{A+B}"#, "¬(A+B)"),
        (#"\bar{x}"#, "x\u{304}"),
        (#"\bar{xy}"#, "x\u{305}y\u{305}"),
        (#"0.\overline{3}"#, "0.3\u{305}"),
        (#"\underline{a + b}"#, "a + b"),
        (#"\underline{ab}"#, "a\u{332}b\u{332}"),
    ])
    func bars(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    /// Literal braces, adjoints and conjugates, glued scripts, centred dots.
    @Test(arguments: [
        (#"\{a\}"#, "{a}"),
        (#"\lbrace x \rbrace"#, "{ x }"),
        (#"A^\dagger"#, "A†"),
        (#"A^{\dagger} B"#, "A† B"),
        (#"z^*"#, "z*"),
        (#"z^\ast w"#, "z* w"),
        (#"U^\dagger U"#, "U† U"),
        (#"k_B T"#, "k_B T"),
        (#"k_{B}T"#, "k_B T"),
        (#"k_BT"#, "k_B T"),
        (#"x_{AB}"#, "x_(AB)"),
        (#"x_{A}y"#, "x_A y"),
        (#"a_1 + \cdots + a_n"#, "a₁ + ⋯ + aₙ"),
        (#"x_1, \ldots, x_n"#, "x₁, …, xₙ"),
    ])
    func bracesDaggersAndDots(input: String, expected: String) {
        #expect(LaTeXText.plainMath(input) == expected)
    }

    /// A brace stand-in smuggled in the input cannot forge a brace.
    @Test func braceStandInsInTheInputAreDropped() {
        #expect(LaTeXText.plainMath("a\u{E000}b\u{E001}") == "ab")
        #expect(LaTeXText.plainText("$x\u{E000}$ \u{E001}") == "x")
    }

    /// The card's title as markup: a script with no Unicode form is lowered or raised by a tag instead of written
    /// after `_` or `^`; one that has a form stays that character; everything else is escaped; plain text is as
    /// before (the notification, the command line).
    @Test(arguments: [
        ("The kelvin rests on $k_B$", "The kelvin rests on k<sub>B</sub>", "The kelvin rests on k_B"),
        ("$x^2$ & <b>", "x² &amp; &lt;b&gt;", "x² & <b>"),
        (#"$e^{i\pi}$"#, "e<sup>iπ</sup>", "e^(iπ)"),
        (#"$a_{b_C}$"#, "a<sub>b<sub>C</sub></sub>", "a_(b_C)"),
        (#"$k_B T$"#, "k<sub>B</sub> T", "k_B T"),
        // Stand-ins smuggled in the input make no tag.
        ("$k_B$\u{E002}x\u{E004}\u{E003}", "k<sub>B</sub>x", "k_Bx"),
    ])
    func titleMarkup(input: String, markup: String, plain: String) {
        #expect(LaTeXText.markup(input) == markup)
        #expect(LaTeXText.plainText(input) == plain)
    }

    /// No backslash ever; a brace only as many times as the input wrote a literal one (`\{`,
    /// `\lbrace`, `\textbraceleft`, or a `Bmatrix`'s pair), the one way braces may reach the output.
    static func isClean(_ text: String, from input: String) -> Bool {
        let scalars = text.unicodeScalars
        if scalars.contains("\\") { return false }
        let opening = scalars.filter { $0 == "{" }.count
        let closing = scalars.filter { $0 == "}" }.count
        return opening <= literalBraces(in: input, #"\{"#, #"\lbrace"#, #"\textbraceleft"#)
            && closing <= literalBraces(in: input, #"\}"#, #"\rbrace"#, #"\textbraceright"#)
    }

    /// How often `input` writes one of `spellings`, plus its `Bmatrix` environments.
    static func literalBraces(in input: String, _ spellings: String...) -> Int {
        (spellings + ["{Bmatrix}"]).reduce(0) { total, spelling in
            total + input.unicodeScalars.ranges(of: spelling.unicodeScalars).count
        }
    }

    /// A backslash hidden in a grapheme with a combining mark is still removed.
    @Test func backslashInsideAGraphemeIsRemoved() {
        for input in ["\\\u{301}x", "{\u{301}}", "a\\\u{20D7}", "\u{301}\\"] {
            #expect(Self.isClean(LaTeXText.plainMath(input), from: input), "\(input.unicodeScalars.map(\.value))")
            #expect(Self.isClean(LaTeXText.plainText(input), from: input))
        }
    }

    /// Deep nesting is flattened past the limit rather than recursing without bound.
    @Test func deepNestingIsBounded() {
        let depth = 100_000
        let braces = String(repeating: "{", count: depth) + "x" + String(repeating: "}", count: depth)
        #expect(LaTeXText.plainMath(braces) == "x")
        let fractions = String(repeating: #"\frac{"#, count: 5_000) + "1"
        #expect(Self.isClean(LaTeXText.plainMath(fractions), from: fractions))
        let scripts = "x" + String(repeating: "^{", count: 5_000)
        #expect(Self.isClean(LaTeXText.plainMath(scripts), from: scripts))
        let carets = "x" + String(repeating: "^", count: 5_000) + "2"
        #expect(Self.isClean(LaTeXText.plainMath(carets), from: carets))
        let sqrt = String(repeating: #"\sqrt["#, count: 5_000)
        #expect(Self.isClean(LaTeXText.plainText("$" + sqrt + "$"), from: sqrt))
        let dollars = String(repeating: "$1 ", count: 20_000)
        #expect(LaTeXText.plainText(dollars).count == dollars.count - 1)
    }

    /// Arbitrary strings from a deterministic generator, biased towards TeX's special
    /// characters and command names: no crash, and never a `\`, `{` or `}` out.
    @Test func randomInputNeverLeaksBracesOrBackslashes() {
        let pieces: [String] = [
            "\\", "{", "}", "$", "$$", "^", "_", "[", "]", "(", ")", "&", "~", "'", "%", " ", "\n",
            "\\frac", "\\sqrt", "\\left", "\\right", "\\text", "\\mathbb", "\\vec", "\\not", "\\begin",
            "\\end", "\\{", "\\}", "\\\\", "\\$", "\\(", "\\)", "\\[", "\\]", "\\alpha", "\\neq", "\\in",
            "\\int", "\\pmod", "\\overset", "\\'", "x", "1", "é", "\u{301}", "👩‍💻", "\u{0}", "<", "&",
        ]
        var generator = SplitMix(seed: 2026)
        for _ in 0..<3_000 {
            var input = ""
            for _ in 0..<Int(generator.next() % 40) {
                input += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            let math = LaTeXText.plainMath(input)
            let text = LaTeXText.plainText(input)
            #expect(Self.isClean(math, from: input), "\(input)")
            #expect(Self.isClean(text, from: input), "\(input)")
            #expect(!math.hasPrefix(" ") && !math.hasSuffix(" ") && !math.contains("  "))
        }
        // Fully random scalars too, including surrogates' neighbours and controls.
        for _ in 0..<1_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 60) {
                let raw = UInt32(truncatingIfNeeded: generator.next() % 0x3000)
                scalars.append(Unicode.Scalar(raw) ?? "\\")
            }
            let input = String(scalars)
            #expect(Self.isClean(LaTeXText.plainMath(input), from: input))
            #expect(Self.isClean(LaTeXText.plainText(input), from: input))
        }
    }
}
