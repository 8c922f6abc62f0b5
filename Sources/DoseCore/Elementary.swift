/// `exp`, `log` and `pow` for the pure core, written out in Swift.
///
/// DoseCore takes nothing but the standard library, which has no elementary functions; FSRS needs
/// them. Range reduction by powers of two and short series keep the error within a few ulps
/// (checked against libm in `ElementaryTests`), far below what any interval rounding could notice.
public enum Elementary {
    private static let ln2Hi = 6.93147180369123816490e-01
    private static let ln2Lo = 1.90821492927058770002e-10
    private static let ln2 = 0.693147180559945309417232121458

    /// e^x; 0 below about -745, +∞ above about 709.8.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        // x = k·ln2 + r with |r| ≤ ln2/2; ln2 split in two so k·ln2Hi is exact.
        let k = (x / ln2).rounded(.toNearestOrEven)
        let r = (x - k * ln2Hi) - k * ln2Lo
        var term = 1.0
        var sum = 1.0
        for n in 1...22 {
            term *= r / Double(n)
            sum += term
        }
        return scale(sum, by: Int(k))
    }

    /// The natural logarithm; nan below 0, -∞ at 0.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        // x = m·2^e with m in [√½, √2): log x = e·ln2 + 2·atanh((m-1)/(m+1)).
        var e = Int(x.exponent)
        var m = x.significand
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var power = s
        var sum = 0.0
        var n = 1.0
        while n < 40 {
            sum += power / n
            power *= s2
            n += 2
        }
        return Double(e) * ln2Hi + (Double(e) * ln2Lo + 2 * sum)
    }

    /// x^y for x > 0 (and 0^y for y > 0); what FSRS needs, not C's every special case.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 { return 1 }
        if x == 0 { return y > 0 ? 0 : .infinity }
        if x < 0 { return .nan }
        return exp(y * log(x))
    }

    /// m·2^k, stepping so an exponent beyond one Double's range still lands on the right result.
    private static func scale(_ m: Double, by k: Int) -> Double {
        var result = m
        var remaining = k
        while remaining > 1000 {
            result *= Double(sign: .plus, exponent: 1000, significand: 1)
            remaining -= 1000
        }
        while remaining < -1000 {
            result *= Double(sign: .plus, exponent: -1000, significand: 1)
            remaining += 1000
        }
        return result * Double(sign: .plus, exponent: remaining, significand: 1)
    }
}
