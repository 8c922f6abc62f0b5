/// Superscript, subscript and blackboard-bold letters (static tables: see `LaTeXText.symbols`).
extension LaTeXText {
    /// Raised characters; `x^\prime` is already a raised mark and `90^\circ` a degree sign.
    static let superscripts = SortedTable<Unicode.Scalar, Unicode.Scalar>([
        ("(", "⁽"), (")", "⁾"), ("+", "⁺"), ("-", "⁻"), ("0", "⁰"), ("1", "¹"), ("2", "²"), ("3", "³"), ("4", "⁴"),
        ("5", "⁵"), ("6", "⁶"), ("7", "⁷"), ("8", "⁸"), ("9", "⁹"), ("=", "⁼"), ("A", "ᴬ"), ("B", "ᴮ"), ("D", "ᴰ"),
        ("E", "ᴱ"), ("G", "ᴳ"), ("H", "ᴴ"), ("I", "ᴵ"), ("J", "ᴶ"), ("K", "ᴷ"), ("L", "ᴸ"), ("M", "ᴹ"), ("N", "ᴺ"),
        ("O", "ᴼ"), ("P", "ᴾ"), ("R", "ᴿ"), ("T", "ᵀ"), ("U", "ᵁ"), ("V", "ⱽ"), ("W", "ᵂ"), ("a", "ᵃ"), ("b", "ᵇ"),
        ("c", "ᶜ"), ("d", "ᵈ"), ("e", "ᵉ"), ("f", "ᶠ"), ("g", "ᵍ"), ("h", "ʰ"), ("i", "ⁱ"), ("j", "ʲ"), ("k", "ᵏ"),
        ("l", "ˡ"), ("m", "ᵐ"), ("n", "ⁿ"), ("o", "ᵒ"), ("p", "ᵖ"), ("r", "ʳ"), ("s", "ˢ"), ("t", "ᵗ"), ("u", "ᵘ"),
        ("v", "ᵛ"), ("w", "ʷ"), ("x", "ˣ"), ("y", "ʸ"), ("z", "ᶻ"), ("α", "ᵅ"), ("β", "ᵝ"), ("γ", "ᵞ"), ("δ", "ᵟ"),
        ("ε", "ᵋ"), ("θ", "ᶿ"), ("ι", "ᶥ"), ("φ", "ᵠ"), ("χ", "ᵡ"), ("ϕ", "ᵠ"), ("′", "′"), ("″", "″"), ("−", "⁻"),
        ("∘", "°"),
    ])

    static let subscripts = SortedTable<Unicode.Scalar, Unicode.Scalar>([
        ("(", "₍"), (")", "₎"), ("+", "₊"), ("-", "₋"), ("0", "₀"), ("1", "₁"), ("2", "₂"), ("3", "₃"), ("4", "₄"),
        ("5", "₅"), ("6", "₆"), ("7", "₇"), ("8", "₈"), ("9", "₉"), ("=", "₌"), ("a", "ₐ"), ("e", "ₑ"), ("h", "ₕ"),
        ("i", "ᵢ"), ("j", "ⱼ"), ("k", "ₖ"), ("l", "ₗ"), ("m", "ₘ"), ("n", "ₙ"), ("o", "ₒ"), ("p", "ₚ"), ("r", "ᵣ"),
        ("s", "ₛ"), ("t", "ₜ"), ("u", "ᵤ"), ("v", "ᵥ"), ("x", "ₓ"), ("β", "ᵦ"), ("γ", "ᵧ"), ("ρ", "ᵨ"), ("φ", "ᵩ"),
        ("χ", "ᵪ"), ("ϕ", "ᵩ"), ("−", "₋"),
    ])

    /// Only the blackboard letters every font has (the number sets, and 𝟙 for the
    /// indicator function); the rest stay plain, because a missing glyph is worse than
    /// an upright letter on a lock screen.
    static let doubleStruck = SortedTable<Unicode.Scalar, Unicode.Scalar>([
        ("1", "𝟙"), ("C", "ℂ"), ("H", "ℍ"), ("N", "ℕ"), ("P", "ℙ"), ("Q", "ℚ"), ("R", "ℝ"), ("Z", "ℤ"),
    ])

    /// Every raised character `superscripts` produces (`SortedTableTests` checks it is exactly its values).
    static let superscriptCharacters = SortedSet<Unicode.Scalar>([
        "°", "²", "³", "¹", "ʰ", "ʲ", "ʳ", "ʷ", "ʸ", "ˡ", "ˢ", "ˣ", "ᴬ", "ᴮ", "ᴰ", "ᴱ", "ᴳ", "ᴴ", "ᴵ", "ᴶ", "ᴷ", "ᴸ",
        "ᴹ", "ᴺ", "ᴼ", "ᴾ", "ᴿ", "ᵀ", "ᵁ", "ᵂ", "ᵃ", "ᵅ", "ᵇ", "ᵈ", "ᵉ", "ᵋ", "ᵍ", "ᵏ", "ᵐ", "ᵒ", "ᵖ", "ᵗ", "ᵘ", "ᵛ",
        "ᵝ", "ᵞ", "ᵟ", "ᵠ", "ᵡ", "ᶜ", "ᶠ", "ᶥ", "ᶻ", "ᶿ", "′", "″", "⁰", "ⁱ", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹", "⁺", "⁻",
        "⁼", "⁽", "⁾", "ⁿ", "ⱽ",
    ])

    /// Every raised or lowered character the script tables produce (checked as above).
    static let scriptCharacters = SortedSet<Unicode.Scalar>([
        "°", "²", "³", "¹", "ʰ", "ʲ", "ʳ", "ʷ", "ʸ", "ˡ", "ˢ", "ˣ", "ᴬ", "ᴮ", "ᴰ", "ᴱ", "ᴳ", "ᴴ", "ᴵ", "ᴶ", "ᴷ", "ᴸ",
        "ᴹ", "ᴺ", "ᴼ", "ᴾ", "ᴿ", "ᵀ", "ᵁ", "ᵂ", "ᵃ", "ᵅ", "ᵇ", "ᵈ", "ᵉ", "ᵋ", "ᵍ", "ᵏ", "ᵐ", "ᵒ", "ᵖ", "ᵗ", "ᵘ", "ᵛ",
        "ᵝ", "ᵞ", "ᵟ", "ᵠ", "ᵡ", "ᵢ", "ᵣ", "ᵤ", "ᵥ", "ᵦ", "ᵧ", "ᵨ", "ᵩ", "ᵪ", "ᶜ", "ᶠ", "ᶥ", "ᶻ", "ᶿ", "′", "″", "⁰",
        "ⁱ", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹", "⁺", "⁻", "⁼", "⁽", "⁾", "ⁿ", "₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈",
        "₉", "₊", "₋", "₌", "₍", "₎", "ₐ", "ₑ", "ₒ", "ₓ", "ₕ", "ₖ", "ₗ", "ₘ", "ₙ", "ₚ", "ₛ", "ₜ", "ⱼ", "ⱽ",
    ])

    /// `text` written entirely in raised (or lowered) characters, or nil when any
    /// character has no such form, since half-raised text would misread.
    static func scripted(_ text: String, superscript: Bool) -> String? {
        let table = superscript ? superscripts : subscripts
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard let mapped = table[scalar] else { return nil }
            result.append(mapped)
        }
        return String(result)
    }
}

extension String {
    /// The text with `∗` (`\ast`) as `*`, the conjugate's star.
    var replacingAsterisks: String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars { result.append(scalar == "∗" ? "*" : scalar) }
        return String(result)
    }
}
