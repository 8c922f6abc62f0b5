import DoseSystem

/// One request on the wire: what an exchange asks of libcurl for one hop.
struct Hop {
    /// Without user information: credentials travel in `user` / `password`, only to the origin.
    var url: String
    var method: HTTPRequest.Method
    /// "Name: value" lines.
    var headerLines: [String]
    var body: [UInt8]?
    var user: String?
    var password: String?
    var connectTimeoutMilliseconds: Int
    var timeoutMilliseconds: Int
    var maxBodyBytes: Int
    var bodyDestination: HTTPRequest.BodyDestination
    /// Past any proxy the environment names: for a loopback URL, which no proxy can reach, and which must not
    /// hand a proxy across the network what it carries (a key sent to `http://localhost` in plain text).
    var direct: Bool
}

/// The request logic both drivers share: each hop's settings, and what a finished hop means.
///
/// Redirects are followed here, not by libcurl, so every rule is ours: at most `maxRedirects`,
/// http(s) only, 301/302/303 turn a POST into a GET (as browsers do) while 307/308 keep method and
/// body, and credentials go only to the origin (scheme, host, port) of the original request —
/// never again once a redirect has left it. The deadline covers every hop: each gets what is
/// left of it, measured by libcurl's own clock of the hops before. The low-speed rule is ours, not
/// libcurl's (`StallWatch`): the driver shows the exchange each hop as it goes and ends the hop at the
/// watch's deadline.
struct Exchange {
    enum Step {
        /// Run the next hop (`nextHandle()`).
        case follow
        case done(Result<HTTPResponse, HTTPError>)
    }

    private let request: HTTPRequest
    private let origin: URLParts
    private var url: String
    private var method: HTTPRequest.Method
    private var body: [UInt8]?
    private var headers: [(name: String, value: String)]
    /// True while every hop so far stayed on the original origin.
    private var onOrigin = true
    private var redirects = 0
    private var elapsedMicroseconds: Int64 = 0
    /// The current hop's libcurl timeout, to tell the deadline from a connect timeout's message.
    private var hopTimeoutMilliseconds = 0
    /// The current hop's low-speed rule.
    private var stall: StallWatch

    init(_ request: HTTPRequest) throws(HTTPError) {
        let parts = try URLParts(request.url)
        guard parts.scheme == "http" || parts.scheme == "https" else {
            throw HTTPError(.invalidURL, tr("{url} is not an http:// or https:// URL", ["url": quotedURL(request.url)]))
        }
        // A line break in a value would end the header line early and start another one.
        let values = request.headers.flatMap { [$0.name, $0.value] } + (request.bearer.map { [$0] } ?? [])
        guard !values.contains(where: { $0.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) }) else {
            throw HTTPError(.other, tr("a request header holds a line break"))
        }
        self.request = request
        origin = parts
        url = parts.bare
        method = request.method
        body = request.body
        headers = request.headers
        stall = StallWatch(bytesPerSecond: request.limits.lowSpeedBytesPerSecond, seconds: request.limits.lowSpeedSeconds)
    }

    private var limits: HTTPLimits { request.limits }

    /// A handle for the next hop, given what is left of the deadline.
    mutating func nextHandle() throws(HTTPError) -> EasyHandle {
        let remaining = limits.deadlineMilliseconds - Int(elapsedMicroseconds / 1000)
        guard remaining > 0 else { throw deadlinePassed() }
        hopTimeoutMilliseconds = remaining
        stall = StallWatch(bytesPerSecond: limits.lowSpeedBytesPerSecond, seconds: limits.lowSpeedSeconds)
        var lines = headers.map { "\($0.name): \($0.value)" }
        if onOrigin, let bearer = request.bearer { lines.append("Authorization: Bearer \(bearer)") }
        return try EasyHandle(Hop(
            url: url, method: method, headerLines: lines, body: body,
            user: onOrigin ? origin.user : nil, password: onOrigin ? origin.password : nil,
            connectTimeoutMilliseconds: min(limits.connectTimeoutMilliseconds, remaining),
            timeoutMilliseconds: remaining, maxBodyBytes: limits.maxBodyBytes,
            bodyDestination: request.bodyDestination, direct: Loopback.contains(url: url)))
    }

    /// Looks at the hop run by `handle` at `now` (monotonic microseconds): what moved, for the low-speed rule.
    mutating func observe(_ handle: EasyHandle, at now: Int64) {
        stall.observe(connected: handle.connected, moved: handle.bytesMoved, at: now)
    }

    /// When the current hop is too slow if nothing more moves (nil: no such instant yet).
    var stallDeadline: Int64? { stall.deadline }

    /// Whether the current hop is too slow at `now`; the driver then ends it with `finish(handle, stalled())`.
    func isStalled(at now: Int64) -> Bool { stall.isStalled(at: now) }

    /// The failure of a hop the low-speed rule ended.
    func stalled() -> HTTPError {
        let rate = limits.lowSpeedBytesPerSecond
        return HTTPError(.tooSlow, trn(
            "the transfer stalled (less than {count} byte/s for {seconds} s)",
            "the transfer stalled (less than {count} bytes/s for {seconds} s)", rate, ["seconds": limits.lowSpeedSeconds]))
    }

    /// What the hop run by `handle`, ended with `error` (nil for success), means for the exchange.
    mutating func finish(_ handle: EasyHandle, _ error: HTTPError?) -> Step {
        elapsedMicroseconds += handle.totalMicroseconds
        if let error { return .done(.failure(failure(handle, error))) }
        let status = handle.responseCode
        guard [301, 302, 303, 307, 308].contains(status), let location = handle.redirectURL else {
            let sink = handle.sink
            return .done(.success(HTTPResponse(status: status, headers: sink.headers, body: sink.body, bodyFile: sink.file)))
        }
        do {
            try follow(status, to: location)
            return .follow
        } catch {
            return .done(.failure(error))
        }
    }

    /// Moves to the redirect's target, or says why it may not be followed.
    private mutating func follow(_ status: Int, to location: String) throws(HTTPError) {
        guard redirects < limits.maxRedirects else {
            throw HTTPError(
                .tooManyRedirects,
                tr("more than {count} redirects (the last to {url})", ["count": limits.maxRedirects, "url": quotedURL(location)]),
                redirectTarget: printable(URLRedaction.redacted(location)))
        }
        let target: URLParts
        do { target = try URLParts(location) } catch {
            throw HTTPError(.refusedRedirect, tr("a redirect to an unusable address {url}", ["url": quotedURL(location)]),
                            redirectTarget: printable(URLRedaction.redacted(location)))
        }
        guard target.scheme == "http" || target.scheme == "https" else {
            throw HTTPError(
                .refusedRedirect, tr("a redirect to {url}, which is not http or https, was refused", ["url": quotedURL(location)]),
                redirectTarget: printable(URLRedaction.redacted(location)))
        }
        let sameOrigin = target.scheme == origin.scheme && target.host == origin.host && target.port == origin.port
        if !sameOrigin, request.crossOriginRedirects == .refuse {
            throw HTTPError(
                .refusedRedirect, tr("a redirect to another origin ({url}) was refused", ["url": quotedURL(target.bare)]),
                redirectTarget: printable(target.bare))
        }
        onOrigin = onOrigin && sameOrigin
        if status == 303 || (status <= 302 && method == .post) {
            // The body and its description do not go on to a GET.
            method = .get
            body = nil
            headers.removeAll { $0.name.lowercased() == "content-type" }
        }
        url = target.bare
        redirects += 1
    }

    /// What a hop's failure means, told apart by what the sink and the clock saw.
    private func failure(_ handle: EasyHandle, _ error: HTTPError) -> HTTPError {
        switch handle.sink.overflow {
        case .body:
            return HTTPError(.tooLarge, tr("the answer is larger than {size}", ["size": Self.size(limits.maxBodyBytes)]))
        case .headers:
            return HTTPError(.tooLarge, tr("the answer's headers are larger than {size}", ["size": Self.size(ResponseSink.maxHeaderBytes)]))
        case .storage(let failure):
            return HTTPError(.cannotStore, printable(failure.description))
        case nil:
            break
        }
        switch error.kind {
        case .tooLarge:
            return HTTPError(.tooLarge, tr("the server announced more than {size}", ["size": Self.size(limits.maxBodyBytes)]))
        case .timedOut where !handle.connected:
            let wait = Self.seconds(min(limits.connectTimeoutMilliseconds, hopTimeoutMilliseconds))
            return HTTPError(.timedOut, tr("no connection within {duration}", ["duration": wait]))
        case .timedOut:
            // Connected, so libcurl's other timeout: the deadline (the low-speed rule is ours, `stalled()`).
            return deadlinePassed()
        default:
            return error
        }
    }

    private func deadlinePassed() -> HTTPError {
        HTTPError(.timedOut, tr("no complete answer within {duration}", ["duration": Self.seconds(limits.deadlineMilliseconds)]))
    }

    /// "2 MiB", "1.5 s": sizes and durations as a message says them.
    static func size(_ bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? tr("{count} MiB", ["count": bytes / (1024 * 1024)]) : trn("{count} byte", "{count} bytes", bytes)
    }

    static func seconds(_ milliseconds: Int) -> String {
        // The number as C prints it: a message's "1.5 s" stays so in every language.
        tr("{seconds} s", ["seconds": milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"])
    }
}
