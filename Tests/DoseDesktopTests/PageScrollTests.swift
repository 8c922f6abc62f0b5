import DoseCore
import DoseDesktop
import DoseTestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .watched) struct PageScrollTests {
    private let pages: [PageScroll.Screen] = [.today, .study, .quiz]
    private let others: [PageScroll.Screen] = [.upcoming, .learnList, .welcome]

    @Test func pageKeysScrollEveryWebPage() {
        for screen in pages {
            #expect(PageScroll.forKey(.pageDown, modifiers: [], on: screen) == .pageDown)
            #expect(PageScroll.forKey(.pageUp, modifiers: [], on: screen) == .pageUp)
            #expect(PageScroll.forKey(.home, modifiers: [], on: screen) == .top)
            #expect(PageScroll.forKey(.end, modifiers: [], on: screen) == .bottom)
        }
    }

    @Test func screensWithoutAWebPageKeepTheirKeys() {
        // Upcoming's rows move with PageUp/PageDown, the Learn search entry's cursor with Home/End.
        for screen in others {
            for key in [PageScroll.Key.pageDown, .pageUp, .home, .end] {
                #expect(PageScroll.forKey(key, modifiers: [], on: screen) == nil, "\(key) on \(screen)")
            }
        }
    }

    @Test func aModifierLeavesTheKeyToTheApplication() {
        // Alt+Home is "today"; Ctrl+Home, Shift+PageDown and the desktop's Super keys are not the page's.
        #expect(PageScroll.forKey(.home, modifiers: .alt, on: .today) == nil)
        for modifiers: PageScroll.Modifiers in [.shift, .control, .alt, .logo, [.control, .shift]] {
            for key in [PageScroll.Key.pageDown, .pageUp, .home, .end] {
                #expect(PageScroll.forKey(key, modifiers: modifiers, on: .today) == nil)
                #expect(PageScroll.forKey(key, modifiers: modifiers, on: .study) == nil)
            }
        }
    }

    @Test func keysThePagesUseNeverScroll() {
        // Space and Enter reveal on Study and press the focused button (Reveal, a choice, Next); the arrows
        // move the focus; digits and letters grade (Study 1–4) and answer (Quiz 1–4, a–d).
        for screen in pages + others {
            for key in [PageScroll.Key.space, .enter, .up, .down, .other] {
                #expect(PageScroll.forKey(key, modifiers: [], on: screen) == nil, "\(key) on \(screen)")
            }
        }
    }

    @Test func scriptsOnlyScrollTheWindowAndCarryNoData() {
        // A constant call of scrollBy/scrollTo with arithmetic on the window's own sizes: no string literal,
        // no quote, nothing that could load, navigate or carry text into the page.
        let allowed = Set("window.scrollByTo(0, -Math.round(innerHeight * 0.875)documentElementscrollHeight")
        for move in PageScroll.allCases where !move.isSideways {
            let script = move.script
            #expect(script.hasPrefix("window.scrollBy(") || script.hasPrefix("window.scrollTo("), "\(script)")
            #expect(script.allSatisfy(allowed.contains), "\(script)")
            #expect(!script.contains("\"") && !script.contains("'") && !script.contains("`"))
        }
        #expect(PageScroll.pageDown.script.contains("window.innerHeight") && !PageScroll.pageDown.script.contains("-"))
        #expect(PageScroll.pageUp.script.contains("-Math.round(window.innerHeight"))
        #expect(PageScroll.top.script == "window.scrollTo(0, 0)")
        #expect(PageScroll.bottom.script.contains("scrollHeight"))
        // Sideways: the render script's function, a constant step, nothing else.
        #expect(PageScroll.formulasLeft.script == "window.ddFormulas && window.ddFormulas(-40)")
        #expect(PageScroll.formulasRight.script == "window.ddFormulas && window.ddFormulas(40)")
        #expect(DosePage.renderScript.contains("window.ddFormulas = function (step)"))
    }

    @Test func theArrowsMoveWideFormulasOnlyInAFocusedPage() {
        #expect(PageScroll.forKey(.right, modifiers: [], on: .today, pageFocused: true) == .formulasRight)
        #expect(PageScroll.forKey(.left, modifiers: [], on: .today, pageFocused: true) == .formulasLeft)
        for screen in pages + others {
            #expect(PageScroll.forKey(.left, modifiers: [], on: screen) == nil, "the focus moves on \(screen)")
            #expect(PageScroll.forKey(.right, modifiers: [], on: screen) == nil)
        }
        #expect(PageScroll.forKey(.right, modifiers: .alt, on: .today, pageFocused: true) == nil, "Alt+Right is the next day")
    }

    @Test func onlyTheCardStudyAndQuizShowAWebPage() {
        #expect(pages.allSatisfy { $0.hasWebPage })
        #expect(!others.contains { $0.hasWebPage })
    }
}
