extension DosePage {
    /// The window's look for a page shown inside it (the app's card, Study and Quiz), so the page reads as
    /// part of the window: the style's text and accent colours, its UI font, no background of its own (the
    /// web view is transparent, the window's shows through) and no margin beyond the window's.
    ///
    /// Every value reaches the style sheet as numbers or a checked family name, never as text from outside.
    public struct Theme: Sendable, Equatable {
        /// An sRGB colour with its opacity.
        public struct Color: Sendable, Equatable {
            public var red: UInt8
            public var green: UInt8
            public var blue: UInt8
            /// 0 (transparent) … 255 (opaque).
            public var alpha: UInt8

            public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
                self.red = red
                self.green = green
                self.blue = blue
                self.alpha = alpha
            }

            /// `#rrggbb`; nil for anything else.
            public init?(hex: String) {
                let digits = Array(hex.utf8)
                guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
                func byte(_ at: Int) -> UInt8? { UInt8(String(decoding: digits[at..<at + 2], as: UTF8.self), radix: 16) }
                guard let red = byte(1), let green = byte(3), let blue = byte(5) else { return nil }
                self.init(red: red, green: green, blue: blue)
            }

            /// The same colour at `alpha` (a dimmed text: Adwaita's `dim-label` is the text at 55 %).
            public func with(alpha: UInt8) -> Color {
                Color(red: red, green: green, blue: blue, alpha: alpha)
            }

            /// CSS: `rgb(28 113 216 / 0.8)`.
            var css: String {
                // Thousandths, written out: DoseCore has no number formatter.
                let thousandths = (Int(alpha) * 1000 + 127) / 255
                let fraction = thousandths == 1000 ? "1" : "0." + String(String(thousandths + 1000).dropFirst())
                return "rgb(\(red) \(green) \(blue) / \(fraction))"
            }
        }

        /// The text's colour, and its dimmed form (the kind line, notes).
        public var text: Color
        public var dimmed: Color
        /// Links, focus rings, the details' summary.
        public var accent: Color
        /// A quiz's right and wrong choices.
        public var right: Color
        public var wrong: Color
        /// The UI font's family ("Cantarell"), and its size in points (Pango allows a fraction: 11.5).
        public var fontFamily: String
        public var fontPoints: Double

        public init(text: Color, dimmed: Color, accent: Color, right: Color, wrong: Color, fontFamily: String, fontPoints: Double) {
            self.text = text
            self.dimmed = dimmed
            self.accent = accent
            self.right = right
            self.wrong = wrong
            self.fontFamily = fontFamily
            self.fontPoints = fontPoints
        }

        /// The family in quotes when it is a plain name (letters, digits, spaces, hyphens), so nothing of a
        /// settings value can end the rule or the style element; else nothing (the platform's UI font follows).
        var quotedFamily: String? {
            let scalars = fontFamily.unicodeScalars
            let plain = (1...64).contains(scalars.count)
                && scalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "-" }
            return plain ? "\"\(fontFamily)\", " : nil
        }

        /// The rules after the page's own: the window's colours as the page's variables, a transparent page
        /// with no margin (the card's box has Adwaita's), the UI font; `body` a block of its own so its height
        /// is the content's, margins included (the window sizes the view to it).
        var css: String {
            let clamped = min(max(fontPoints.isFinite ? fontPoints : 11, 6), 48)
            // At most one decimal, none for a whole size: "11pt", "11.5pt".
            let tenths = Int((clamped * 10).rounded())
            let points = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
            return """
                :root.dd-app { --fg: \(text.css); --muted: \(dimmed.css); --accent: \(accent.css); --bg: transparent; }
                :root.dd-app, :root.dd-app body { background: transparent; }
                :root.dd-app body { font: \(points)pt/1.5 \(quotedFamily ?? "")system-ui, sans-serif; display: flow-root; }
                :root.dd-app main { max-width: none; margin: 0; padding: 0 2px; display: flow-root; }
                :root.dd-app main > :first-child { margin-top: 0; }
                :root.dd-app main > :last-child { margin-bottom: 0; }
                :root.dd-app .dd-formula { font-size: 1.2em; margin: 1rem 0; }
                :root.dd-app .dd-right { color: \(right.css); }
                :root.dd-app .dd-wrong { color: \(wrong.css); }
                :root.dd-app a { color: var(--accent); }
                """
        }
    }
}
