import DoseCore
import DoseSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches a pack over HTTP with conditional requests, so an unchanged pack costs the server a 304.
struct PackFetcher {
    /// The validators a previous fetch left, sent back as `If-None-Match` / `If-Modified-Since`.
    struct Validators: Sendable, Equatable {
        var etag: String?
        var lastModified: String?
    }

    enum Outcome: Sendable {
        case unchanged
        case fetched(bytes: [UInt8], validators: Validators)
    }

    var timeout: TimeInterval = 30

    func fetch(_ url: String, validators: Validators) async throws(CommandError) -> Outcome {
        guard let address = URL(string: url) else {
            throw CommandError("source \(url) is not a valid URL", exitCode: .config)
        }
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        if let etag = validators.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = validators.lastModified {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
        request.setValue("application/json", forHTTPHeaderField: "Accept")

        // No cache of our own: URLCache could answer a 304 with a stale 200 behind our back.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw CommandError(
                "cannot fetch \(url): \(error.localizedDescription); the cached pool stays in use",
                exitCode: .unavailable)
        }
        guard let http = response as? HTTPURLResponse else {
            throw CommandError("cannot fetch \(url): not an HTTP response", exitCode: .unavailable)
        }
        switch http.statusCode {
        case 304:
            return .unchanged
        case 200:
            guard data.count <= PackLimits.maxPackBytes else {
                throw CommandError("\(url): the pack is larger than \(PackLimits.maxPackBytes) bytes", exitCode: .dataError)
            }
            let next = Validators(
                etag: http.value(forHTTPHeaderField: "ETag"),
                lastModified: http.value(forHTTPHeaderField: "Last-Modified"))
            return .fetched(bytes: [UInt8](data), validators: next)
        default:
            throw CommandError(
                "cannot fetch \(url): the server answered HTTP \(http.statusCode); the cached pool stays in use",
                exitCode: .unavailable)
        }
    }
}
