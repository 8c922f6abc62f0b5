import DoseCore
import DoseHTTP
import DoseSignature
import DoseStore
import DoseSystem
import Synchronization

/// `dose sync [SOURCE]`: fetches the pack from the configured source and imports it.
///
/// Offline or failing, the cached pool stays and the snapshot is still mirrored.
struct SyncCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let explicit = arguments.optionalPositional()
        try arguments.finish()
        let sync = try Sync(context: context, explicit: explicit)
        // A command has nothing else to do meanwhile: the blocking driver sleeps in poll(2).
        try sync.apply(sync.fetch(with: BlockingHTTP()))
    }
}

/// One sync, in its three steps: where from (and what the last sync left), the fetch, and the
/// planning pass that imports what was fetched.
///
/// With `source.pubkey` set, the fetch is two conditional GETs: the signature (`<source>.minisig`)
/// first, then the pack, and the pass imports the pack only once the signature verifies. The
/// daemon runs the fetch on its GLib loop (`fetch(start:done:)`) and only the pass on its jobs
/// queue, so a stalled server never holds the queue.
struct Sync: Sendable {
    typealias Fetched = Result<Fetch, CommandError>
    /// Starts one request; the completion gets its result (at once, or later on the loop's thread).
    typealias Start = @Sendable (HTTPRequest, @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) -> Void

    /// What a fetch came to: the pack's outcome and, for a signed source, its signature.
    struct Fetch: Sendable {
        var outcome: PackFetcher.Outcome
        var signature: Signature?
    }

    /// A pack's signature as this sync has it: its bytes (kept with the pool, for a 304 next time),
    /// parsed, and the validators of its own URL.
    struct Signature: Sendable {
        var bytes: [UInt8]
        var parsed: MinisignSignature
        var validators: PackFetcher.Validators
    }

    let context: AppContext
    let source: PackSource
    let fetcher: PackFetcher
    /// The key a pack must be signed with (`source.pubkey`); nil: packs are not checked.
    let publicKey: MinisignPublicKey?
    /// The validators of the last successful sync, only when it was from the same source, checked
    /// with the same key, and the pool is still the one it fetched (a local import since drops them).
    let previous: PackFetcher.Validators
    /// The signature that sync kept, and its URL's validators, under the same conditions.
    let previousSignature: (bytes: [UInt8], validators: PackFetcher.Validators)?

    /// Reads the config and the store's bookkeeping; touches nothing.
    init(context: AppContext, explicit: String?) throws(CommandError) {
        try self.init(context: context, config: try context.loadConfig(), explicit: explicit)
    }

    /// The same with the config already read.
    init(context: AppContext, config: DoseConfig, explicit: String?) throws(CommandError) {
        guard let text = explicit ?? config.source else {
            throw CommandError(
                tr("no source: give one (`dose sync URL`) or set it (`dose config set source URL`)"), exitCode: .config)
        }
        if let scheme = ConfigKey.unsupportedSourceScheme(text) {
            throw CommandError(
                tr("{source}: dose cannot fetch {scheme}:// URLs; give an http(s) URL or a file", ["source": URLRedaction.redacted(text), "scheme": scheme]),
                exitCode: explicit == nil ? .config : .usage)
        }
        self.context = context
        source = PackSource(text)
        publicKey = try Self.publicKey(config, context)
        let store = try openStore(context.paths)
        // Only a web source downloads (the store made the data directory, the fallback).
        let directory: String
        if case .web = source { directory = PackFetcher.bodyDirectory(context.paths) } else { directory = context.paths.dataDirectory }
        fetcher = PackFetcher(deadlineSeconds: config.syncTimeout, bodyDirectory: directory)
        do {
            let samePool = try store.meta(Meta.source) == source.description
                && store.meta(Meta.poolDigest) != nil && store.meta(Meta.poolDigest) == store.recordedPackDigest()
                && store.meta(Meta.publicKey) == publicKey?.base64
            if samePool {
                previous = .init(etag: try store.meta(Meta.etag), lastModified: try store.meta(Meta.lastModified))
                previousSignature = try store.meta(Meta.signature).map { text in
                    (Array(text.utf8), .init(etag: try store.meta(Meta.signatureETag), lastModified: try store.meta(Meta.signatureLastModified)))
                }
            } else {
                previous = .init()
                previousSignature = nil
            }
        } catch {
            throw CommandError(tr("cannot read the store: {error}", ["error": "\(error)"]), exitCode: .ioError)
        }
    }

    /// The configured key; a stored `source.pubkey` that is not a key stops the sync (never "unchecked").
    private static func publicKey(_ config: DoseConfig, _ context: AppContext) throws(CommandError) -> MinisignPublicKey? {
        guard let text = config.sourcePubkey else {
            // Present but refused: a value that is not a key, or one GKeyFile cannot even read.
            let stored = try? context.configFile.stored()
            if stored?.values[.sourcePubkey] != nil || stored?.unreadable.contains(where: { $0.key == ConfigKey.sourcePubkey.rawValue }) == true {
                throw CommandError(
                    tr("source.pubkey is set but is not a minisign public key: fix it (`dose config set source.pubkey KEY`); nothing was changed"),
                    exitCode: .config)
            }
            return nil
        }
        do { return try MinisignPublicKey(parsing: text) } catch {
            throw CommandError("source.pubkey: \(error.localized)", exitCode: .config)
        }
    }

    /// The fetch, blocking on `transport`.
    func fetch(with transport: any HTTPTransport) -> Fetched {
        let answer = Mutex<Fetched?>(nil)
        fetch(start: { request, completion in completion(transport.send(request)) }) { fetched in
            answer.withLock { $0 = fetched }
        }
        return answer.withLock { $0 } ?? .failure(CommandError("the fetch ended without a result", exitCode: .software))
    }

    /// The fetch, each request begun with `start`; `done` gets what it came to.
    ///
    /// A signed web source asks for the signature first. When it is new (not a 304, and other bytes
    /// than the kept one), the pack is fetched unconditionally even if it has not changed: a pack
    /// re-signed (another trusted comment) is checked against its new signature, and a 304 on the
    /// pack never hides a signature that no longer matches. An unchanged signature lets the pack's
    /// own 304 stand; a changed pack under an unchanged signature fails to verify (65).
    func fetch(start: @escaping Start, done: @escaping @Sendable (Fetched) -> Void) {
        switch source {
        case .file(let path):
            done(Result { () throws(CommandError) in
                let bytes = try readPackFile(path, allowingStreams: false)
                let signature = try publicKey.map { _ throws(CommandError) in try signatureFile(path) }
                return Fetch(outcome: .fetched(body: .bytes(bytes), validators: .init()), signature: signature)
            })
        case .web(let url):
            guard publicKey != nil else {
                start(fetcher.request(url, validators: previous)) { result in
                    done(Result { () throws(CommandError) in Fetch(outcome: try fetcher.outcome(result, url: url), signature: nil) })
                }
                return
            }
            let signatureURL = PackSignature.location(of: url)
            start(fetcher.signatureRequest(signatureURL, validators: previousSignature?.validators ?? .init())) { result in
                let signature: Signature
                do throws(CommandError) {
                    signature = try self.signature(fetcher.outcome(result, url: signatureURL, signature: true), url: signatureURL)
                } catch {
                    done(.failure(error))
                    return
                }
                let unchanged = signature.bytes == previousSignature?.bytes
                start(fetcher.request(url, validators: unchanged ? previous : .init())) { result in
                    done(Result { () throws(CommandError) in Fetch(outcome: try fetcher.outcome(result, url: url), signature: signature) })
                }
            }
        }
    }

    /// The signature an exchange brought (or, on a 304, the one kept), parsed.
    private func signature(_ outcome: PackFetcher.Outcome, url: String) throws(CommandError) -> Signature {
        let origin = URLRedaction.redacted(url)
        switch outcome {
        case .unchanged:
            guard let kept = previousSignature else {
                throw CommandError(tr("{origin}: HTTP 304 for a signature never fetched; nothing was changed", ["origin": origin]), exitCode: .unavailable)
            }
            return Signature(bytes: kept.bytes, parsed: try PackSignature.parse(kept.bytes, origin: origin), validators: kept.validators)
        case .fetched(let body, let validators):
            let bytes = try body.read(origin: origin)
            return Signature(bytes: bytes, parsed: try PackSignature.parse(bytes, origin: origin), validators: validators)
        }
    }

    /// The signature next to a local pack (a file source).
    private func signatureFile(_ path: String) throws(CommandError) -> Signature {
        let (bytes, parsed) = try PackSignature.local(forPack: path)
        // A file source keeps no validators.
        return Signature(bytes: bytes, parsed: parsed, validators: .init())
    }

    /// The planning pass: imports what was fetched (once its signature verifies, when a key is set),
    /// or keeps the pool; mirrors the snapshot either way. What it did goes to `report` (the daemon
    /// logs it; a command prints it).
    /// Every outcome is also recorded (`SyncRecord`) for the app to show.
    func apply(_ fetched: Fetched, report: (String) -> Void = { Console.print($0) }) throws(CommandError) {
        do {
            try applyPass(fetched, report: report).save(context.paths)
        } catch {
            SyncRecord(at: context.now, outcome: .failed, source: source.description, message: error.message, problem: SyncProblem(error.exitCode))
                .save(context.paths)
            throw error
        }
    }

    private func applyPass(_ fetched: Fetched, report: (String) -> Void) throws(CommandError) -> SyncRecord {
        try PlanningPass(context: context).run { store throws(CommandError) in
            let fetch = try fetched.get()
            guard case .fetched(let body, let validators) = fetch.outcome else {
                let line = tr("{source}: unchanged since the last sync.", ["source": source])
                report(line)
                return SyncRecord(at: context.now, outcome: .unchanged, source: source.description, message: line)
            }
            if let publicKey {
                guard let signature = fetch.signature else {
                    throw CommandError(tr("{source}: no signature was fetched; nothing was changed", ["source": source]), exitCode: .software)
                }
                try PackSignature.verify(signature.parsed, of: body.signedContent, by: publicKey, origin: source.description)
            }
            let pack = try validatedPack(try body.read(origin: source.description), origin: source.description)
            let signature = publicKey == nil ? nil : fetch.signature
            var meta: [String: String?] = [
                Meta.source: source.description, "sync.at": String(context.now),
                Meta.etag: validators.etag, Meta.lastModified: validators.lastModified,
                Meta.publicKey: publicKey?.base64,
                Meta.signature: signature.map { String(decoding: $0.bytes, as: UTF8.self) },
                Meta.signatureETag: signature?.validators.etag, Meta.signatureLastModified: signature?.validators.lastModified,
            ]
            if case .file = source { meta[Meta.etag] = .some(nil) }
            do throws(StoreError) {
                // The validators belong to this pack (pool and syllabus): one replaced since (a local import) drops them.
                try store.replacePool(with: pack.items, syllabus: pack.syllabus, meta: meta, packDigestAlsoAs: [Meta.poolDigest])
            } catch {
                throw storeFailure(tr("could not store the pool"), error)
            }
            let line = tr("Synced {summary} from {source}.", ["summary": poolSummary(pack.items, syllabus: pack.syllabus), "source": source])
            report(line)
            if let publicKey, let signature { report(PackSignature.verifiedLine(signature.parsed, by: publicKey)) }
            return SyncRecord(at: context.now, outcome: .synced, source: source.description, message: line, counts: pack.items)
        }
    }

    /// The store's `meta` keys a sync writes with the pool it fetched.
    enum Meta {
        static let source = "sync.source"
        static let etag = "sync.etag"
        static let lastModified = "sync.last-modified"
        /// The pack's digest (`PoolStore.packDigest`: pool and syllabus) the validators describe; the key keeps
        /// its name from before syllabuses, when it held the pool's digest alone (which now never matches).
        static let poolDigest = "sync.pool-digest"
        static let publicKey = "sync.pubkey"
        static let signature = "sync.minisig"
        static let signatureETag = "sync.minisig-etag"
        static let signatureLastModified = "sync.minisig-last-modified"
    }
}
