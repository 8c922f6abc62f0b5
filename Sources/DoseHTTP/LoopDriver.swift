import CGLib
import GLibGlue

/// Drives transfers on the GLib main loop through libcurl's multi-socket interface.
///
/// libcurl says which sockets to watch and when to wake it; each watched socket is a GLib fd
/// source and the wake-up is ONE non-repeating timeout source, replaced when libcurl asks for a
/// new time and removed when it asks for none (-1). For 0 ms an idle source is scheduled instead
/// of calling libcurl from inside its own timer callback. Between events nothing runs: the loop
/// sleeps in poll(2). Lives on, and is only touched from, the loop's thread.
final class LoopDriver {
    /// A running exchange and who waits for its result.
    private final class Transfer {
        var exchange: Exchange
        let completion: (Result<HTTPResponse, HTTPError>) -> Void

        init(_ exchange: Exchange, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) {
            self.exchange = exchange
            self.completion = completion
        }
    }

    private let multi: MultiHandle
    private var sockets: [Int32: SourceHandle] = [:]
    private var timer: SourceHandle?
    private var transfers: [ObjectIdentifier: Transfer] = [:]

    init() throws(HTTPError) {
        multi = try MultiHandle()
        multi.onSocket = { [unowned self] socket, interest in watch(socket, interest) }
        multi.onTimer = { [unowned self] milliseconds in arm(milliseconds) }
    }

    /// Starts `request`; `completion` runs on the loop's thread when it ends.
    func start(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) {
        do {
            advance(Transfer(try Exchange(request), completion: completion))
        } catch {
            completion(.failure(error))
        }
    }

    /// Runs the transfer's next hop.
    private func advance(_ transfer: Transfer) {
        do throws(HTTPError) {
            let handle = try transfer.exchange.nextHandle()
            transfers[ObjectIdentifier(handle)] = transfer
            do {
                try multi.add(handle)
            } catch {
                transfers[ObjectIdentifier(handle)] = nil
                throw error
            }
        } catch {
            transfer.completion(.failure(error))
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
            collect()
            // libcurl may have replaced or removed this watch meanwhile; then GLib has dropped it already.
            return true
        }
    }

    /// libcurl's timer callback: one pending wake-up at most, never a call into libcurl from here.
    private func arm(_ milliseconds: Int) {
        timer = nil
        guard milliseconds >= 0 else { return }
        let fire: () -> Bool = { [unowned self] in
            // This source is done; libcurl may arm the next one inside `timerFired`.
            timer = nil
            try? multi.timerFired()
            collect()
            return false
        }
        timer = milliseconds == 0
            ? .idle(priority: G_PRIORITY_DEFAULT, fire)
            : .timeout(milliseconds: UInt32(clamping: milliseconds), fire)
    }

    /// Hands each finished hop to its exchange: the next hop, or the result to whoever waits.
    private func collect() {
        for (handle, error) in multi.finished() {
            multi.remove(handle)
            guard let transfer = transfers.removeValue(forKey: ObjectIdentifier(handle)) else { continue }
            switch transfer.exchange.finish(handle, error) {
            case .follow: advance(transfer)
            case .done(let result): transfer.completion(result)
            }
        }
    }
}
