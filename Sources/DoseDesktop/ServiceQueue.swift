import Dispatch
import GLibGlue

/// Where the app's services run their slow work (store, network, Secret Service, D-Bus) and how their answers
/// get back to the GLib thread that owns the widgets.
///
/// Usage (from the GLib thread; `done` runs there too, posted with GLibGlue's `postToLoop`):
///
///     let services = ServiceQueue.app
///     SettingsService(paths: paths, queue: services).set(.notifyTime, "7:30") { result in … }
///
/// One serial queue for all of them, so two changes never race in the config file or the store. Tests pass
/// their own `deliver` (the answer on the worker thread, or a private context) instead of the default loop.
public struct ServiceQueue: Sendable {
    /// Hands a finished job's answer to whoever shows it.
    public typealias Deliver = @Sendable (@escaping @Sendable () -> Void) -> Void

    let queue: DispatchQueue
    let deliver: Deliver

    public init(label: String = "net.dailydose.app.services", deliver: @escaping Deliver = { postToLoop($0) }) {
        queue = DispatchQueue(label: label)
        self.deliver = deliver
    }

    /// The app's one queue, answering on the default GLib main loop.
    public static let app = ServiceQueue()

    /// Background work's own (`BackgroundWorkService`): starting the daemon waits for it to take its lock, and
    /// that must not hold up a setting or the Learn view's reading behind it.
    public static let background = ServiceQueue(label: "net.dailydose.app.background")

    /// Runs `work` on the queue, then `done` with its value through `deliver`.
    func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value, done: @escaping @Sendable (Value) -> Void) {
        queue.async { [deliver] in
            let value = work()
            deliver { done(value) }
        }
    }

    /// Sends `body` through `deliver` (progress reports from inside a job).
    func report(_ body: @escaping @Sendable () -> Void) {
        deliver(body)
    }
}
