import CGLib
import GLibGlue

/// Drives transfers on a GLib main context through libcurl's multi-socket interface.
///
/// libcurl says which sockets to watch and when to wake it; each watched socket is a GLib fd source.
/// Wake-ups have ONE non-repeating source, armed for the earliest instant anything is due (`WakeUp`):
/// libcurl's own timer, or a hop's low-speed deadline (`Exchange`'s `StallWatch`). Re-armed whenever
/// that instant moves, removed when nothing is due. For 0 ms an idle source is scheduled instead of
/// calling libcurl from inside its own timer callback. Between events nothing runs: the loop sleeps in
/// poll(2), through a silent server's wait too (no once-a-second speed check). Lives on, and is only
/// touched from, the thread that iterates the context it was made on.
final class LoopDriver {
    /// A running exchange, its current hop's handle, and who waits for its result.
    private final class Transfer {
        var exchange: Exchange
        let handle: EasyHandle
        let completion: (Result<HTTPResponse, HTTPError>) -> Void

        init(_ exchange: Exchange, _ handle: EasyHandle, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) {
            self.exchange = exchange
            self.handle = handle
            self.completion = completion
        }
    }

    private let multi: MultiHandle
    private var sockets: [Int32: SourceHandle] = [:]
    private var timer: SourceHandle?
    /// The instant `timer` is armed for.
    private var timerDue: Int64?
    /// When libcurl wants `timerFired`; nil when it wants nothing.
    private var curlDue: Int64?
    private var transfers: [ObjectIdentifier: Transfer] = [:]

    init() throws(HTTPError) {
        multi = try MultiHandle()
        multi.onSocket = { [unowned self] socket, interest in watch(socket, interest) }
        multi.onTimer = { [unowned self] milliseconds in curlDue = WakeUp.curlInstant(milliseconds, now: Self.now()) }
    }

    /// GLib's monotonic clock (the one its timeout sources run on), in microseconds.
    private static func now() -> Int64 { Int64(g_get_monotonic_time()) }

    /// Starts `request`; `completion` runs on the loop's thread when it ends.
    func start(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) {
        do {
            advance(try Exchange(request), completion: completion)
        } catch {
            completion(.failure(error))
        }
        settle()
    }

    /// Runs the exchange's next hop.
    private func advance(_ exchange: Exchange, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) {
        var exchange = exchange
        do throws(HTTPError) {
            let handle = try exchange.nextHandle()
            transfers[ObjectIdentifier(handle)] = Transfer(exchange, handle, completion: completion)
            do {
                try multi.add(handle)
            } catch {
                transfers[ObjectIdentifier(handle)] = nil
                throw error
            }
        } catch {
            completion(.failure(error))
        }
    }

    /// libcurl's socket callback: watch `socket` for `interest`, replacing any earlier watch.
    private func watch(_ socket: Int32, _ interest: SocketInterest) {
        sockets[socket] = nil
        let conditions: UInt32
        switch interest {
        case .read: conditions = G_IO_IN.rawValue
        case .write: conditions = G_IO_OUT.rawValue
        case .readWrite: conditions = G_IO_IN.rawValue | G_IO_OUT.rawValue
        case .remove: return
        }
        sockets[socket] = .fileDescriptor(socket, GIOCondition(rawValue: conditions)) { [unowned self] condition in
            let failed = condition.rawValue & (G_IO_ERR.rawValue | G_IO_NVAL.rawValue) != 0
            let readable = condition.rawValue & (G_IO_IN.rawValue | G_IO_HUP.rawValue) != 0
            let writable = condition.rawValue & G_IO_OUT.rawValue != 0
            // A failure here is a bad socket; the transfer's own result reports what it meant.
            try? multi.socketReady(socket, readable: readable, writable: writable, failed: failed)
            settle()
            // libcurl may have replaced or removed this watch meanwhile; then GLib has dropped it already.
            return true
        }
    }

    /// The wake-up source fired: libcurl's timer if it is due, then whatever the low-speed rule ends.
    private func wake() {
        // This source is done.
        timer = nil
        timerDue = nil
        if let due = curlDue, due <= Self.now() {
            // libcurl may ask for its next time inside this call.
            curlDue = nil
            try? multi.timerFired()
        }
        settle()
    }

    /// After anything libcurl did: each hop's progress, the hops too slow ended, the finished ones
    /// handed on, and the one wake-up source re-armed for what is due next.
    private func settle() {
        // Finished hops first: one whose last bytes came with its end is done, not too slow.
        for (handle, error) in multi.finished() {
            multi.remove(handle)
            guard let transfer = transfers.removeValue(forKey: ObjectIdentifier(handle)) else { continue }
            hand(transfer, transfer.exchange.finish(handle, error))
        }
        let now = Self.now()
        for transfer in transfers.values {
            transfer.exchange.observe(transfer.handle, at: now)
            guard transfer.exchange.isStalled(at: now) else { continue }
            transfers[ObjectIdentifier(transfer.handle)] = nil
            multi.remove(transfer.handle)
            hand(transfer, transfer.exchange.finish(transfer.handle, transfer.exchange.stalled()))
        }
        rearm(now: now)
    }

    /// Hands a finished hop's step on: the next hop, or the result to whoever waits.
    private func hand(_ transfer: Transfer, _ step: Exchange.Step) {
        switch step {
        case .follow: advance(transfer.exchange, completion: transfer.completion)
        case .done(let result): transfer.completion(result)
        }
    }

    /// Points the one wake-up source at the earliest instant due, if that is not where it points already.
    private func rearm(now: Int64) {
        let due = WakeUp.next(curl: curlDue, stalls: transfers.values.compactMap(\.exchange.stallDeadline))
        guard due != timerDue else { return }
        timer = nil
        timerDue = due
        guard let due else { return }
        let milliseconds = WakeUp.milliseconds(until: due, now: now)
        let fire: () -> Bool = { [unowned self] in
            wake()
            return false
        }
        timer = milliseconds == 0 ? .idle(priority: G_PRIORITY_DEFAULT, fire) : .timeout(milliseconds: milliseconds, fire)
    }
}

/// The driver's wake-up decision, on the monotonic clock in microseconds: one instant, the earliest due.
enum WakeUp {
    /// The instant libcurl means by asking for `milliseconds` at `now`; nil for -1 (no timer).
    ///
    /// libcurl truncates its wait to whole milliseconds, so the instant it means can lie up to 1 ms past
    /// `now + milliseconds`: waking that early would find nothing expired and cost a second wake-up
    /// (libcurl then asks for 1 ms). 0 stays 0: "at once".
    static func curlInstant(_ milliseconds: Int, now: Int64) -> Int64? {
        guard milliseconds >= 0 else { return nil }
        return milliseconds == 0 ? now : now + Int64(milliseconds + 1) * 1000
    }

    /// The one instant to wake at: libcurl's, or the earliest low-speed deadline, whichever comes first.
    static func next(curl: Int64?, stalls: [Int64]) -> Int64? {
        ([curl].compactMap { $0 } + stalls).min()
    }

    /// The timeout source's interval for `due`: whole milliseconds, rounded up so it never fires early; 0 for now or past.
    static func milliseconds(until due: Int64, now: Int64) -> UInt32 {
        due <= now ? 0 : UInt32(clamping: (due - now + 999) / 1000)
    }
}
