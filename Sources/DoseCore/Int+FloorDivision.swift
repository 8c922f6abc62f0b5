/// Floor division and modulo, which the resolver contract and the calendar need.
///
/// Swift's `/` and `%` truncate toward zero, so `-1 / 3 == 0` and `-1 % 3 == -1`;
/// days before 1970 would then land on the wrong kind and cycle.
extension Int {
    /// The quotient rounded toward negative infinity: `-1.floorDivided(by: 3) == -1`.
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        let remainder = self % divisor
        return (remainder != 0 && (remainder < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder with the divisor's sign, never negative for a positive divisor:
    /// `-1.floorModulo(3) == 2`.
    func floorModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return (remainder != 0 && (remainder < 0) != (divisor < 0)) ? remainder + divisor : remainder
    }
}
