import DoseSystem

/// Collects one hop's answer as libcurl hands it over, refusing what passes the limits.
///
/// The body arrives already decompressed (`CURLOPT_ACCEPT_ENCODING`), so a gzip bomb is stopped
/// at the cap on its decoded size. It goes where the request says: an array in memory, or a fresh
/// nameless file per hop (so a redirect's body never mixes with the final one), counted against the
/// same cap either way. Refusing a piece makes libcurl end the transfer at once.
final class ResponseSink {
    /// The most header bytes of one response (libcurl limits one line, not their number).
    static let maxHeaderBytes = 256 * 1024

    /// Why a piece was refused.
    enum Overflow {
        case body
        case headers
        /// The body's file could not be written (disk full, say).
        case storage(FileError)
    }

    let maxBodyBytes: Int
    /// The body, for the memory destination.
    private(set) var body: [UInt8] = []
    /// The body, for the file destination.
    let file: TemporaryFile?
    private(set) var headers: [String: String] = [:]
    private(set) var overflow: Overflow?
    private var bodyBytes = 0
    private var headerBytes = 0
    private var lastHeader: String?

    /// A sink for `destination`; a file destination's file is created here.
    init(maxBodyBytes: Int, destination: HTTPRequest.BodyDestination) throws(HTTPError) {
        self.maxBodyBytes = maxBodyBytes
        switch destination {
        case .memory:
            file = nil
        case .temporaryFile(let directory):
            do throws(FileError) {
                file = try TemporaryFile(in: directory)
            } catch {
                throw HTTPError(.cannotStore, printable(error.description))
            }
        }
    }

    /// Takes a piece of the body; false when it would pass the cap, or cannot be written.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= maxBodyBytes - bodyBytes else {
            overflow = .body
            return false
        }
        if let file {
            do throws(FileError) {
                try file.append(bytes)
            } catch {
                overflow = .storage(error)
                return false
            }
        } else {
            // Reserved once, for the whole cap: address space only until written, and the array never
            // moves, so memory stays at what arrived instead of doubling on each growth.
            if body.capacity == 0 { body.reserveCapacity(maxBodyBytes) }
            body.append(contentsOf: bytes)
        }
        bodyBytes += bytes.count
        return true
    }

    /// Takes one header line (status lines included); false when the headers pass their cap.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headerBytes += bytes.count
        guard headerBytes <= Self.maxHeaderBytes else {
            overflow = .headers
            return false
        }
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new response starts (after a 100 Continue, say): only the last one's headers count.
            headers = [:]
            lastHeader = nil
            return true
        }
        let text = line.trimmingHTTPWhitespace()
        guard !text.isEmpty else { return true }
        if line.first == " " || line.first == "\t", let name = lastHeader {
            // An obsolete folded continuation of the previous header.
            headers[name, default: ""] += " " + text
            return true
        }
        guard let colon = text.firstIndex(of: ":") else { return true }
        let name = String(text[..<colon]).trimmingHTTPWhitespace().lowercased()
        let value = String(text[text.index(after: colon)...]).trimmingHTTPWhitespace()
        if let previous = headers[name] {
            headers[name] = previous + ", " + value
        } else {
            headers[name] = value
        }
        lastHeader = name
        return true
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs, CRs and LFs.
    fileprivate func trimmingHTTPWhitespace() -> String {
        let space: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !space($0) }), let last = scalars.lastIndex(where: { !space($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
