extension DosePage {
    /// A flashcard's page for the app's Study view: the front, and the back once revealed, `$…$` maths for
    /// KaTeX, in the dose page's frame (same escaping and CSP). The deck's text comes from an AI provider:
    /// outside data, escaped like a pack's.
    public static func flashcard(front: String, back: String?, assets: Assets, presentation: Presentation) -> String {
        var body = "<p class=\"dd-text\">\(prose(front))</p>\n"
        if let back {
            body += "<hr>\n<section class=\"dd-reveal\">\n<p class=\"dd-answer\">\(prose(back))</p>\n</section>\n"
        }
        return document(title: LaTeXText.plainText(front), body: body, assets: assets, presentation: presentation)
    }
}
