import Testing
@testable import DoseCore
import DoseTestSupport

/// DoseCore's static tables (`SortedTable`, `SortedSet`): the keys of each ascend strictly, so halving finds
/// every one, and a lookup agrees with a plain search for every key, every prefix of one, and near misses.
@Suite(.timeLimit(.minutes(5)), .watched) struct SortedTableTests {
    /// Checks one table's keys: strictly ascending, and found (or not) exactly as a linear search finds them.
    func check<Key: Comparable & Hashable>(_ name: String, _ keys: [Key], nearMisses: (Key) -> [Key], lookup: (Key) -> Int?) {
        #expect(keys.ascendsStrictly { $0 }, "\(name): keys out of order or repeated")
        for (index, key) in keys.enumerated() {
            #expect(lookup(key) == index, "\(name): \(key) not found at its place")
            for probe in nearMisses(key) {
                #expect(lookup(probe) == keys.firstIndex(of: probe), "\(name): \(probe) found wrongly")
            }
        }
    }

    func check<Value>(_ name: String, _ table: SortedTable<String, Value>) {
        check(name, table.keys, nearMisses: Self.nearMisses) { key in
            table[key] == nil ? nil : table.entries.lowerBound(of: key) { $0.key }
        }
    }

    func check<Value>(_ name: String, _ table: SortedTable<Unicode.Scalar, Value>) {
        check(name, table.keys, nearMisses: Self.neighbours) { key in
            table[key] == nil ? nil : table.entries.lowerBound(of: key) { $0.key }
        }
    }

    func check(_ name: String, _ set: SortedSet<String>) {
        check(name, set.keys, nearMisses: Self.nearMisses) { key in
            set.contains(key) ? set.keys.lowerBound(of: key) { $0 } : nil
        }
    }

    func check(_ name: String, _ set: SortedSet<Unicode.Scalar>) {
        check(name, set.keys, nearMisses: Self.neighbours) { key in
            set.contains(key) ? set.keys.lowerBound(of: key) { $0 } : nil
        }
    }

    /// Every prefix, the name with a letter more at either end, and a case changed.
    static func nearMisses(_ name: String) -> [String] {
        let scalars = Array(name.unicodeScalars)
        let prefixes = (0..<scalars.count).map { String(String.UnicodeScalarView(scalars[..<$0])) }
        return prefixes + [name + "a", name + "z", "a" + name, "Z" + name, name.uppercased(), name.lowercased()]
    }

    /// The scalars just below and above.
    static func neighbours(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        [scalar.value - 1, scalar.value + 1].compactMap(Unicode.Scalar.init)
    }

    @Test func theLaTeXTablesAscendAndFindEveryKey() {
        check("symbols", LaTeXText.symbols)
        check("functionNames", LaTeXText.functionNames)
        check("accents", LaTeXText.accents)
        check("contentCommands", LaTeXText.contentCommands)
        check("negations", LaTeXText.negations)
        check("matrixDelimiters", LaTeXText.matrixDelimiters)
        check("symbolAccents", LaTeXText.symbolAccents)
        check("superscripts", LaTeXText.superscripts)
        check("subscripts", LaTeXText.subscripts)
        check("doubleStruck", LaTeXText.doubleStruck)
        check("silentCommands", LaTeXText.silentCommands)
        check("spanningAccents", LaTeXText.spanningAccents)
        check("operandConstructions", LaTeXConverter.operandConstructions)
        check("superscriptCharacters", LaTeXText.superscriptCharacters)
        check("scriptCharacters", LaTeXText.scriptCharacters)
    }

    @Test func theScriptCharacterSetsAreExactlyTheScriptTablesValues() {
        #expect(Set(LaTeXText.superscriptCharacters.keys) == Set(LaTeXText.superscripts.values))
        #expect(Set(LaTeXText.scriptCharacters.keys) == Set(LaTeXText.superscripts.values + LaTeXText.subscripts.values))
    }

    @Test func aNameIsInOneTableOnly() {
        // The converter tries the tables in turn; a name in two would be shadowed in the later one.
        let tables = [LaTeXText.symbols.keys, LaTeXText.functionNames.keys, LaTeXText.accents.keys,
                      LaTeXText.contentCommands.keys, LaTeXText.silentCommands.keys]
        let all = tables.flatMap { $0 }
        #expect(Set(all).count == all.count)
    }

    @Test func tablesOutOfOrderOrWithARepeatAreCaught() {
        #expect(!SortedTable<String, Int>([("beta", 1), ("alpha", 2)]).entries.ascendsStrictly { $0.key })
        #expect(!SortedSet<String>(["alpha", "alpha"]).keys.ascendsStrictly { $0 })
        #expect(SortedSet<String>(["Beta", "alpha"]).keys.ascendsStrictly { $0 })
        let table = SortedTable<String, Int>([("a", 1), ("b", 2), ("d", 4)])
        #expect(table["a"] == 1 && table["b"] == 2 && table["d"] == 4)
        #expect(table["c"] == nil && table[""] == nil && table["e"] == nil)
        #expect(SortedTable<String, Int>([])["a"] == nil)
    }
}
