import DoseSystem

/// The `dose` command line: its table (`DoseCommandTable.swift`) parses, dispatches and maps failures to sysexits codes.
public enum DoseCLI {
    public static let version = "0.1.0"

    /// Runs one invocation; returns the exit status.
    public static func run(_ argv: [String]) -> Int32 {
        table.run(argv)
    }
}
