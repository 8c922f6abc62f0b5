import DoseCore
import DoseHTTP
import DoseSystem

/// Fetches a pack over HTTP with conditional requests, so an unchanged pack costs the server a 304.
///
/// The request carries the limits: the pack cap (`PackLimits.maxPackBytes`, counted as bytes
/// arrive, after decompression), and the sync's wall-clock deadline for the whole fetch, every
/// redirect included. Redirects to another origin are followed without the URL's credentials.
/// The body arrives into a nameless temporary file in `bodyDirectory`, not into memory, so a
/// refused pack (too large, or badly signed) never held up to 64 MiB of the process; the planning
/// pass reads an accepted one back (`PackBody`).
struct PackFetcher: Sendable {
    /// The validators a previous fetch left, sent back as `If-None-Match` / `If-Modified-Since`.
    struct Validators: Sendable, Equatable {
        var etag: String?
        var lastModified: String?
    }

    enum Outcome: Sendable {
        case unchanged
        case fetched(body: PackBody, validators: Validators)
    }

    /// Seconds the whole fetch may take (the `sync-timeout` setting).
    var deadlineSeconds: Int = DoseConfig.defaultSyncTimeout
    /// Where the body waits while it arrives (see `bodyDirectory(_:)`).
    var bodyDirectory: String

    /// The cache directory (made 0700 if missing), or the data directory (the store's, there
    /// anyway) when the cache directory cannot be made or written.
    static func bodyDirectory(_ paths: DosePaths) -> String {
        let cache = paths.cacheDirectory
        if (try? FileSystem.makeDirectories(cache)) != nil, FileSystem.isWritableDirectory(cache) { return cache }
        return paths.dataDirectory
    }

    /// The conditional GET for the pack at `url`.
    func request(_ url: String, validators: Validators) -> HTTPRequest {
        request(url, validators: validators, accept: "application/json", maxBytes: PackLimits.maxPackBytes,
                destination: .temporaryFile(directory: bodyDirectory))
    }

    /// The conditional GET for the pack's minisign signature at `url` (small: it stays in memory).
    func signatureRequest(_ url: String, validators: Validators) -> HTTPRequest {
        request(url, validators: validators, accept: "*/*", maxBytes: MinisignSignature.maxBytes, destination: .memory)
    }

    private func request(
        _ url: String, validators: Validators, accept: String, maxBytes: Int, destination: HTTPRequest.BodyDestination
    ) -> HTTPRequest {
        var headers: [(name: String, value: String)] = [("Accept", accept)]
        if let etag = validators.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = validators.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        let deadline = deadlineSeconds * 1000
        // A connection silent for half the deadline (at most 30 s) is dead, not slow.
        let limits = HTTPLimits(
            maxBodyBytes: maxBytes, connectTimeoutMilliseconds: min(15_000, deadline),
            deadlineMilliseconds: deadline, lowSpeedBytesPerSecond: 1,
            lowSpeedSeconds: max(1, min(30, deadlineSeconds / 2)))
        return HTTPRequest(url: url, headers: headers, limits: limits, bodyDestination: destination)
    }

    /// What the exchange for `url` came to, or the error `dose sync` reports (exit status by cause).
    ///
    /// For a signature (`signature` true) a 404 is data, not an outage: the pack is unsigned (65).
    func outcome(_ result: Result<HTTPResponse, HTTPError>, url: String, signature: Bool = false) throws(CommandError) -> Outcome {
        let source = URLRedaction.redacted(url)
        let response: HTTPResponse
        switch result {
        case .success(let answer):
            response = answer
        case .failure(let error):
            let exitCode: ExitCode
            switch error.kind {
            case .tooLarge, .tooManyRedirects, .refusedRedirect: exitCode = .dataError
            case .timedOut, .tooSlow: exitCode = .temporaryFailure
            case .invalidURL: exitCode = .config
            case .cannotStore: exitCode = .ioError
            case .cannotResolve, .cannotConnect, .connectionLost, .other: exitCode = .unavailable
            }
            throw CommandError(
                tr("cannot fetch {source}: {error}; the cached pool stays in use", ["source": source, "error": error.message]),
                exitCode: exitCode)
        }
        switch response.status {
        case 304:
            return .unchanged
        case 200:
            let next = Validators(
                etag: Self.validator(response.headers["etag"]), lastModified: Self.validator(response.headers["last-modified"]))
            return .fetched(body: response.bodyFile.map { .file($0) } ?? .bytes(response.body), validators: next)
        case 404 where signature:
            throw CommandError(
                tr("no signature at {source} (HTTP 404): source.pubkey is set, so an unsigned pack is refused; nothing was changed",
                   ["source": source]),
                exitCode: .dataError)
        default:
            throw CommandError(
                tr("cannot fetch {source}: the server answered HTTP {status}; the cached pool stays in use",
                   ["source": source, "status": response.status]),
                exitCode: .unavailable)
        }
    }

    /// A validator fit to send back in a header line: none with a control character (a stray CR
    /// would split the line), nor a huge one.
    private static func validator(_ value: String?) -> String? {
        guard let value, value.utf8.count <= 1024,
            !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return value
    }
}
