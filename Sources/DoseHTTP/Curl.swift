// The one place where the project touches libcurl: every curl_* call lives in this file and every
// result code goes through `check`. The rest of DoseHTTP speaks `EasyHandle`, `MultiHandle` and
// `URLParts` only.
import CCurl
import DoseSystem

/// libcurl, opened on the first transfer (see CCurl's shim.h: linked, it would cost every `dose` command
/// 32 shared libraries at start-up) and set up once: `curl_global_init` is not thread-safe on 7.88, and a
/// Swift global is initialised exactly once, under a lock. The table is never freed, and after that
/// initialisation only ever read, from any thread.
nonisolated(unsafe) private let library: Result<UnsafePointer<dd_curl_api>, HTTPError> = {
    let table = UnsafeMutablePointer<dd_curl_api>.allocate(capacity: 1)
    table.initialize(to: dd_curl_api())
    if let problem = dd_curl_api_load(table) {
        return .failure(HTTPError(.other, tr("cannot load libcurl (libcurl.so.4): {reason}; install the libcurl4 package", ["reason": String(cString: problem)])))
    }
    guard table.pointee.global_init(dd_curl_global_default()) == CURLE_OK else {
        return .failure(HTTPError(.other, tr("libcurl could not start")))
    }
    return .success(UnsafePointer(table))
}()

/// A message libcurl returned (never null for a code it knows).
private func cText(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? "unknown libcurl error"
}

/// The loaded libcurl, or why it cannot be had.
private func loadedCurl() throws(HTTPError) -> UnsafePointer<dd_curl_api> {
    try library.get()
}

/// The loaded table, for calls made on handles that exist (so libcurl was loaded to make them).
private var curl: dd_curl_api {
    // A handle exists only after `loadedCurl()` succeeded.
    guard case .success(let table) = library else { preconditionFailure("libcurl used before it was loaded") }
    return table.pointee
}

/// The table's address, for the C wrappers of libcurl's variadic functions.
private var curlTable: UnsafePointer<dd_curl_api> {
    guard case .success(let table) = library else { preconditionFailure("libcurl used before it was loaded") }
    return table
}

/// Turns a libcurl easy result into an `HTTPError`, or returns for `CURLE_OK`.
///
/// The message is libcurl's own detail (the handle's error buffer) when there is one, else the
/// code's text; `operation`, when not empty, says what we were doing.
func check(_ code: CURLcode, _ handle: EasyHandle?, _ operation: @autoclosure () -> String) throws(HTTPError) {
    guard code != CURLE_OK else { return }
    let detail = handle?.errorText ?? ""
    let text = detail.isEmpty ? cText(curl.easy_strerror!(code)) : detail
    let prefix = operation()
    throw HTTPError(kind(of: code), printable(prefix.isEmpty ? text : "\(prefix): \(text)"))
}

/// Turns a libcurl multi result into an `HTTPError`, or returns for `CURLM_OK`.
func check(_ code: CURLMcode, _ operation: @autoclosure () -> String) throws(HTTPError) {
    guard code != CURLM_OK else { return }
    throw HTTPError(.other, "\(operation()): \(cText(curl.multi_strerror!(code)))")
}

/// Turns a libcurl URL-API result into an `HTTPError` (the URL is unusable), or returns for `CURLUE_OK`.
func check(_ code: CURLUcode, _ operation: @autoclosure () -> String) throws(HTTPError) {
    guard code != CURLUE_OK else { return }
    throw HTTPError(.invalidURL, "\(operation()): \(cText(curl.url_strerror!(code)))")
}

/// The kind of failure a transfer's result code stands for.
private func kind(of code: CURLcode) -> HTTPError.Kind {
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .cannotResolve
    case CURLE_COULDNT_CONNECT: return .cannotConnect
    case CURLE_OPERATION_TIMEDOUT: return .timedOut
    case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
    case CURLE_FILESIZE_EXCEEDED: return .tooLarge
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE: return .connectionLost
    case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: return .invalidURL
    default: return .other
    }
}

// MARK: - URLs

/// A URL as libcurl parses it: the parts an origin is made of, the credentials, and the URL without them.
struct URLParts: Equatable {
    /// Lower-cased.
    var scheme: String
    /// Lower-cased; IPv6 addresses in brackets.
    var host: String
    /// The explicit port, or the scheme's default.
    var port: Int
    /// Percent-decoded, as they go into `CURLOPT_USERNAME` / `CURLOPT_PASSWORD`.
    var user: String?
    var password: String?
    /// The URL with neither user information nor fragment: what goes on the wire.
    var bare: String

    /// Parses an absolute URL of any scheme (so a redirect to `file:` can be named, then refused).
    init(_ text: String) throws(HTTPError) {
        guard let url = try loadedCurl().pointee.url() else { throw HTTPError(.other, tr("libcurl could not start")) }
        defer { curl.url_cleanup!(url) }
        try check(curl.url_set!(url, CURLUPART_URL, text, UInt32(CURLU_NON_SUPPORT_SCHEME)), "not a usable URL")

        func part(_ which: CURLUPart, _ flags: Int32 = 0) -> String? {
            var value: UnsafeMutablePointer<CChar>?
            guard curl.url_get!(url, which, &value, UInt32(flags)) == CURLUE_OK, let value else { return nil }
            defer { curl.free!(value) }
            return String(cString: value)
        }
        scheme = (part(CURLUPART_SCHEME) ?? "").lowercased()
        host = (part(CURLUPART_HOST) ?? "").lowercased()
        port = part(CURLUPART_PORT, CURLU_DEFAULT_PORT).flatMap { Int($0) } ?? 0
        user = part(CURLUPART_USER, CURLU_URLDECODE)
        password = part(CURLUPART_PASSWORD, CURLU_URLDECODE)
        // Clearing a part cannot fail on a URL that parsed.
        curl.url_set!(url, CURLUPART_USER, nil, 0)
        curl.url_set!(url, CURLUPART_PASSWORD, nil, 0)
        curl.url_set!(url, CURLUPART_FRAGMENT, nil, 0)
        guard let bare = part(CURLUPART_URL) else { throw HTTPError(.invalidURL, tr("not a usable URL")) }
        self.bare = bare
    }
}

// MARK: - Easy handles

/// One transfer's libcurl handle, set up for one hop; its answer collects in `sink`.
///
/// Not `Sendable`: a handle belongs to the thread that runs it (the caller of `perform`, or the
/// GLib loop that drives its multi handle).
final class EasyHandle {
    fileprivate let raw: UnsafeMutableRawPointer
    let sink: ResponseSink
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// libcurl writes its detailed message here; it must live as long as the handle.
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init(_ hop: Hop) throws(HTTPError) {
        // The sink first: a throw before `raw` is set has nothing of libcurl's to clean up.
        sink = try ResponseSink(maxBodyBytes: hop.maxBodyBytes, destination: hop.bodyDestination)
        guard let raw = try loadedCurl().pointee.easy_init() else { throw HTTPError(.other, tr("libcurl could not start")) }
        self.raw = raw
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        // From here a throw runs deinit, which cleans everything up.
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeRawPointer(errorBuffer))
        // No signals (a threaded process); http and https only, and redirects are ours to judge.
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 0)
        // Every encoding libcurl decodes; the write callback then counts decoded bytes.
        try set(CURLOPT_ACCEPT_ENCODING, "")
        try set(CURLOPT_USERAGENT, "daily-dose")
        try set(CURLOPT_URL, hop.url)
        // "*": no proxy for this hop, whatever http_proxy and no_proxy say.
        if hop.direct { try set(CURLOPT_NOPROXY, "*") }
        switch hop.method {
        case .get:
            try set(CURLOPT_HTTPGET, 1)
        case .post:
            let body = hop.body ?? []
            try set(CURLOPT_POST, 1)
            try check(dd_curl_easy_setopt_off_t(curlTable, raw, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)), self, "setting the body size")
            // COPYPOSTFIELDS: libcurl keeps its own copy, so the array need not outlive this call.
            let copied = body.withUnsafeBytes { bytes in
                dd_curl_easy_setopt_pointer(curlTable, raw, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(errorBuffer))
            }
            try check(copied, self, "setting the body")
        }
        if let user = hop.user {
            try set(CURLOPT_USERNAME, user)
            try set(CURLOPT_PASSWORD, hop.password ?? "")
        }
        // "Expect:" turns off libcurl's 100-continue wait for larger bodies (a second's stall).
        for line in hop.headerLines + ["Expect:"] {
            guard let list = curl.slist_append!(headerList, line) else { throw HTTPError(.other, tr("out of memory")) }
            headerList = list
        }
        try set(CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(headerList))
        try set(CURLOPT_CONNECTTIMEOUT_MS, hop.connectTimeoutMilliseconds)
        try set(CURLOPT_TIMEOUT_MS, hop.timeoutMilliseconds)
        // No CURLOPT_LOW_SPEED_*: libcurl would wake the process every second to check it. The rule is
        // `Exchange`'s (StallWatch), with one timer for the instant it would end the hop.
        // Refuses at once an answer that announces more than the cap; the sink counts the rest.
        try check(dd_curl_easy_setopt_off_t(curlTable, raw, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(hop.maxBodyBytes)), self, "setting the size limit")

        // The handle owns the sink, so libcurl gets an unretained pointer to it.
        let context = UnsafeRawPointer(Unmanaged.passUnretained(sink).toOpaque())
        try set(CURLOPT_WRITEDATA, pointer: context)
        try set(CURLOPT_HEADERDATA, pointer: context)
        try setCallback(CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            // A short count makes libcurl stop with CURLE_WRITE_ERROR.
            return Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue().receiveBody(bytes) ? size * count : 0
        }
        try setCallback(CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            return Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue().receiveHeader(bytes) ? size * count : 0
        }
    }

    deinit {
        curl.easy_cleanup!(raw)
        curl.slist_free_all!(headerList)
        errorBuffer.deallocate()
    }

    /// The transfer's result code as an error, or nil for success.
    fileprivate func outcome(_ code: CURLcode) -> HTTPError? {
        do {
            try check(code, self, "")
            return nil
        } catch {
            return error
        }
    }

    /// The last response's status code (0 when none arrived).
    var responseCode: Int {
        var code = 0
        _ = dd_curl_easy_getinfo_long(curlTable, raw, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    /// Where a 3xx answer points, resolved against the request's URL; nil without a Location.
    var redirectURL: String? {
        var url: UnsafeMutablePointer<CChar>?
        guard dd_curl_easy_getinfo_string(curlTable, raw, CURLINFO_REDIRECT_URL, &url) == CURLE_OK, let url else { return nil }
        return String(cString: url)
    }

    /// The transfer's whole duration so far, in microseconds.
    var totalMicroseconds: Int64 {
        var value: curl_off_t = 0
        _ = dd_curl_easy_getinfo_off_t(curlTable, raw, CURLINFO_TOTAL_TIME_T, &value)
        return Int64(value)
    }

    /// Whether a connection was ever made (libcurl's connect time is 0 until then).
    var connected: Bool {
        var value: curl_off_t = 0
        _ = dd_curl_easy_getinfo_off_t(curlTable, raw, CURLINFO_CONNECT_TIME_T, &value)
        return value > 0
    }

    /// The bytes that crossed the connection so far, either way: headers and body as on the wire (before decoding).
    var bytesMoved: Int {
        var headers = 0
        _ = dd_curl_easy_getinfo_long(curlTable, raw, CURLINFO_HEADER_SIZE, &headers)
        var received: curl_off_t = 0
        _ = dd_curl_easy_getinfo_off_t(curlTable, raw, CURLINFO_SIZE_DOWNLOAD_T, &received)
        var sent: curl_off_t = 0
        _ = dd_curl_easy_getinfo_off_t(curlTable, raw, CURLINFO_SIZE_UPLOAD_T, &sent)
        return headers + Int(received) + Int(sent)
    }

    /// libcurl's detailed message about the last failure, or "".
    fileprivate var errorText: String {
        String(cString: errorBuffer)
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPError) {
        try check(dd_curl_easy_setopt_long(curlTable, raw, option, value), self, "setting a transfer option")
    }

    /// libcurl copies string options, so `value` need not outlive the call.
    private func set(_ option: CURLoption, _ value: String) throws(HTTPError) {
        try check(dd_curl_easy_setopt_pointer(curlTable, raw, option, value), self, "setting a transfer option")
    }

    private func set(_ option: CURLoption, pointer: UnsafeRawPointer?) throws(HTTPError) {
        try check(dd_curl_easy_setopt_pointer(curlTable, raw, option, pointer), self, "setting a transfer option")
    }

    private func setCallback(_ option: CURLoption, _ callback: curl_write_callback) throws(HTTPError) {
        try check(dd_curl_easy_setopt_write_callback(curlTable, raw, option, callback), self, "setting a transfer callback")
    }
}

// MARK: - Multi handles

/// What a socket should be watched for, as libcurl's socket callback says it.
enum SocketInterest {
    case read
    case write
    case readWrite
    /// Stop watching: libcurl is done with the socket.
    case remove
}

/// libcurl's multi-socket interface: the caller watches sockets and one timer, and reports back.
///
/// `onSocket` and `onTimer` are libcurl's socket and timer callbacks; they run inside this
/// object's calls (`add`, `remove`, `socketReady`, `timerFired`) and must not call back in.
/// Belongs to one thread, like its easy handles.
final class MultiHandle {
    private let raw: UnsafeMutableRawPointer
    /// The handles being run, by libcurl's pointer, kept alive until removed.
    private var running: [UnsafeMutableRawPointer: EasyHandle] = [:]
    var onSocket: (Int32, SocketInterest) -> Void = { _, _ in }
    /// Milliseconds until libcurl wants `timerFired`; -1 to drop the timer.
    var onTimer: (Int) -> Void = { _ in }

    init() throws(HTTPError) {
        guard let raw = try loadedCurl().pointee.multi_init() else { throw HTTPError(.other, tr("libcurl could not start")) }
        self.raw = raw
        // This object owns the multi handle, so libcurl gets unretained pointers to it.
        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(dd_curl_multi_setopt_pointer(curlTable, raw, CURLMOPT_SOCKETDATA, context), "setting the socket data")
        try check(dd_curl_multi_setopt_pointer(curlTable, raw, CURLMOPT_TIMERDATA, context), "setting the timer data")
        try check(
            dd_curl_multi_setopt_socket_callback(curlTable, raw) { _, socket, what, context, _ in
                guard let context else { return 0 }
                let interest: SocketInterest
                switch what {
                case CURL_POLL_IN: interest = .read
                case CURL_POLL_OUT: interest = .write
                case CURL_POLL_INOUT: interest = .readWrite
                default: interest = .remove
                }
                Unmanaged<MultiHandle>.fromOpaque(context).takeUnretainedValue().onSocket(socket, interest)
                return 0
            }, "setting the socket callback")
        try check(
            dd_curl_multi_setopt_timer_callback(curlTable, raw) { _, milliseconds, context in
                guard let context else { return 0 }
                Unmanaged<MultiHandle>.fromOpaque(context).takeUnretainedValue().onTimer(milliseconds)
                return 0
            }, "setting the timer callback")
    }

    deinit {
        // The owner is going away too: its callbacks must not run during the clean-up.
        onSocket = { _, _ in }
        onTimer = { _ in }
        for handle in running.keys { curl.multi_remove_handle!(raw, handle) }
        curl.multi_cleanup!(raw)
    }

    /// Starts running `handle`; libcurl asks for a timer (usually 0 ms) at once.
    func add(_ handle: EasyHandle) throws(HTTPError) {
        running[handle.raw] = handle
        do {
            try check(curl.multi_add_handle!(raw, handle.raw), "starting a transfer")
        } catch {
            running[handle.raw] = nil
            throw error
        }
    }

    /// Stops running `handle` (finished or not).
    func remove(_ handle: EasyHandle) {
        guard running.removeValue(forKey: handle.raw) != nil else { return }
        curl.multi_remove_handle!(raw, handle.raw)
    }

    /// Tells libcurl that `socket` is ready.
    func socketReady(_ socket: Int32, readable: Bool, writable: Bool, failed: Bool) throws(HTTPError) {
        var mask: Int32 = 0
        if readable { mask |= CURL_CSELECT_IN }
        if writable { mask |= CURL_CSELECT_OUT }
        if failed { mask |= CURL_CSELECT_ERR }
        var stillRunning: Int32 = 0
        try check(curl.multi_socket_action!(raw, socket, mask, &stillRunning), "driving a transfer")
    }

    /// Tells libcurl that its timer expired.
    func timerFired() throws(HTTPError) {
        var stillRunning: Int32 = 0
        try check(curl.multi_socket_action!(raw, dd_curl_socket_timeout(), 0, &stillRunning), "driving a transfer")
    }

    /// The transfers that ended since the last call, each with its failure (nil for success); still to be removed.
    func finished() -> [(EasyHandle, HTTPError?)] {
        var done: [(EasyHandle, HTTPError?)] = []
        var queued: Int32 = 0
        while let message = curl.multi_info_read!(raw, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let handle = running[easy]
            else { continue }
            done.append((handle, handle.outcome(message.pointee.data.result)))
        }
        return done
    }
}
