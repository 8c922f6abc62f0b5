import GLibGlue
/// Why the config file could not be read or written.
public enum ConfigFileError: Error, CustomStringConvertible, Sendable {
    case file(FileError)
    case syntax(GLibError)
    case invalid(ConfigError)

    public var description: String {
        switch self {
        case .file(let error): return error.description
        case .syntax(let error): return error.description
        case .invalid(let error): return error.description
        }
    }
}
