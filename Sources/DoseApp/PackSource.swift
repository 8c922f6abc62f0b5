import DoseHTTP

/// Where a content pack comes from: a local file or an HTTP(S) URL.
enum PackSource: Sendable, Equatable, CustomStringConvertible {
    case file(String)
    case web(String)

    init(_ text: String) {
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            self = .web(text)
        } else if text.hasPrefix("file://") {
            self = .file(String(text.dropFirst("file://".count)))
        } else {
            self = .file(text)
        }
    }

    /// The source as it may be printed or stored: a URL's password is replaced by `***`.
    var description: String {
        switch self {
        case .file(let path): return path
        case .web(let url): return URLRedaction.redacted(url)
        }
    }
}
