import DoseCore
import DoseTestSupport
import Testing

/// Subject and topic identity: case, white space and Unicode forms do not make a second topic.
@Suite(.timeLimit(.minutes(5)), .watched) struct TopicFoldTests {
    @Test(arguments: [
        ("Chain rule", "chain rule"),
        ("  Chain   rule ", "CHAIN RULE"),
        ("Chain\u{00A0}rule", "chain\trule"),
        ("Café", "cafe\u{0301}"),                    // NFC vs NFD
        ("CAFÉ", "cafe\u{0301}"),
        ("Straße", "STRASSE"),
        ("ＣＡＬＣＵＬＵＳ", "calculus"),             // fullwidth (NFKC)
        ("Oﬃce hours", "office hours"),              // ligature (NFKC)
        ("Ohm\u{3000}law", "ohm law"),
        ("ΟΔΟΣ", "οδος"),                            // final sigma
        ("Ångström", "a\u{030A}ngstro\u{0308}m"),
    ])
    func same(_ a: String, _ b: String) {
        #expect(TopicFold.same(a, b))
        #expect(TopicFold.fold(a).hashValue == TopicFold.fold(b).hashValue)
    }

    @Test(arguments: [
        ("Résumé", "Resume"),
        ("Chain rule", "Chainrule"),
        ("Limits", "Limit"),
        ("1/2", "½"),
    ])
    func different(_ a: String, _ b: String) {
        #expect(!TopicFold.same(a, b))
    }

    @Test func foldCollapsesAndTrims() {
        #expect(TopicFold.fold(" \t Chain \n\n Rule  ") == "chain rule")
        #expect(TopicFold.fold("") == "")
    }
}
