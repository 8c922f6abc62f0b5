/// A value that is only ever touched on one serial dispatch queue, carried across to it.
///
/// The compiler cannot see queue confinement, hence `@unchecked`: every use must be inside a
/// block running on that queue.
final class QueueConfined<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
