import Glibc

/// The `config` fuzz target's properties: the config file and `ConfigKey.normalize`, through the app's own code.
///
/// Compiled only into that target, with Sources/DoseSystem and GLib (fuzz/build.sh). Files go to a private
/// directory on tmpfs when there is one, since `ConfigFile` writes with fsync like the app does.
enum ConfigFuzz {
    /// The config file every input is written to and read from (a fresh directory per process).
    static let path: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        var template = Array("\(base)/dose-fuzz-config-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            fatalError("cannot create a directory for the config fuzzer under \(base)")
        }
        let directory = String(cString: template)
        // Keeps /dev/shm clean when libFuzzer exits normally; a crash leaves the directory for a look.
        atexit { ConfigFuzz.removeDirectory() }
        return directory + "/daily-dose/config.ini"
    }()

    /// Runs every property on one input: as a key file's bytes, and as a value a user typed for every key.
    static func check(_ bytes: [UInt8]) {
        let file = ConfigFile(path: path)
        let text = String(decoding: bytes, as: UTF8.self)

        // (a) Arbitrary bytes as the config file: reading never crashes, and `load` agrees with `values`.
        write(bytes)
        let stored = try? file.values()
        if let stored {
            checkLoad(file, stored: stored, input: text)
            for raw in stored.values { for key in ConfigKey.allCases { checkNormalize(key, raw) } }
        }

        // (b) The input, and each of its first lines, as a value for every key: normalize's properties, then the
        // app's write path and back, into an empty file and into the input's own file (when it parses), leaving
        // the other keys alone. The lines matter: a value with a line break is refused, so a whole key file
        // never normalizes, and without them nothing would be set into a file that has other keys.
        var inputs = [text]
        for line in text.split(separator: "\n", maxSplits: 3).prefix(3) where line != text[...] {
            inputs.append(String(line))
        }
        for input in inputs {
            for key in ConfigKey.allCases {
                guard let value = checkNormalize(key, input) else { continue }
                _ = try? FileSystem.remove(path)
                checkSet(file, key, input, value, others: [:])
                if let stored {
                    write(bytes)
                    checkSet(file, key, input, value, others: stored.filter { $0.key != key })
                }
            }
        }
    }

    /// Checks that normalize is idempotent and trims; returns its value, or nil when the input is refused.
    @discardableResult
    static func checkNormalize(_ key: ConfigKey, _ input: String) -> String? {
        guard let value = try? key.normalize(input) else { return nil }
        guard let again = try? key.normalize(value) else {
            fatalError("\(key.rawValue): normalize refuses its own output \(value.debugDescription) of \(input.debugDescription)")
        }
        if again != value {
            fatalError("\(key.rawValue): normalize is not idempotent: \(input.debugDescription) -> \(value.debugDescription) -> \(again.debugDescription)")
        }
        if let first = value.unicodeScalars.first, let last = value.unicodeScalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace {
            fatalError("\(key.rawValue): normalize leaves whitespace at an end: \(input.debugDescription) -> \(value.debugDescription)")
        }
        return value
    }

    /// `load` uses each stored value that normalizes, and names each one that does not and uses its default.
    static func checkLoad(_ file: ConfigFile, stored: [ConfigKey: String], input: String) {
        guard let (config, problems) = try? file.load() else {
            fatalError("values() read the file but load() failed: \(input.debugDescription)")
        }
        for key in ConfigKey.allCases {
            let expected: String?
            if let raw = stored[key] {
                expected = try? key.normalize(raw)
                let named = problems.contains { $0.key == key.rawValue }
                if (expected == nil) != named {
                    fatalError("\(key.rawValue): stored \(raw.debugDescription), problem reported: \(named)")
                }
            } else {
                expected = nil
            }
            if field(key, of: config) != (expected ?? field(key, of: DoseConfig())) {
                fatalError("\(key.rawValue): load() has \(field(key, of: config).debugDescription), expected \(expected.debugDescription) (input \(input.debugDescription))")
            }
        }
    }

    /// `set` stores the normalized value; reading the file back gives it, and every other key as before.
    static func checkSet(_ file: ConfigFile, _ key: ConfigKey, _ input: String, _ value: String, others: [ConfigKey: String]) {
        let returned: String
        do { returned = try file.set(key, to: input) } catch {
            fatalError("\(key.rawValue): set refused \(input.debugDescription), which normalizes to \(value.debugDescription): \(error)")
        }
        if returned != value { fatalError("\(key.rawValue): set returned \(returned.debugDescription), normalize \(value.debugDescription)") }
        guard let back = try? file.values() else {
            fatalError("\(key.rawValue): the file set wrote for \(input.debugDescription) does not read back")
        }
        if back[key] != value {
            fatalError("\(key.rawValue): set \(value.debugDescription), read back \(back[key].debugDescription)")
        }
        // GKeyFile drops one CR before each line's end when reading but writes a value's own CRs as they are,
        // so a rewrite eats one trailing CR of every other value: trailing whitespace, which normalize trims.
        for (other, before) in others {
            let after = back[other]
            if after.map(withoutTrailingCRs) != withoutTrailingCRs(before)
                || after.flatMap({ try? other.normalize($0) }) != (try? other.normalize(before)) {
                fatalError("setting \(key.rawValue) changed \(other.rawValue): \(before.debugDescription) -> \(after.debugDescription)")
            }
        }
        guard let (config, _) = try? file.load(), field(key, of: config) == value else {
            fatalError("\(key.rawValue): load() after set does not give \(value.debugDescription)")
        }
    }

    /// The text without the CRs at its end.
    static func withoutTrailingCRs(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while scalars.last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    /// The loaded value of `key` as the text `normalize` would give for it (nil when unset).
    static func field(_ key: ConfigKey, of config: DoseConfig) -> String? {
        switch key {
        case .branch: return config.audience.configured
        case .notifyTime: return config.notifyTime.description
        case .source: return config.source
        case .sourcePubkey: return config.sourcePubkey
        case .syncTimeout: return String(config.syncTimeout)
        case .providerURL: return config.providerURL
        case .providerModel: return config.providerModel
        case .providerKeyFile: return config.providerKeyFile
        }
    }

    /// Puts the raw bytes at the config path (the app's atomic write, so no partial file is ever read).
    static func write(_ bytes: [UInt8]) {
        do { try FileSystem.writeAtomically(bytes, to: path, mode: 0o600) } catch {
            fatalError("the fuzzer cannot write its config file: \(error)")
        }
    }

    /// Removes the config file and the directories this process created.
    static func removeDirectory() {
        let directory = FileSystem.parentDirectory(of: path)
        unlink(path)
        rmdir(directory)
        rmdir(FileSystem.parentDirectory(of: directory))
    }
}
