import Glibc

/// The session's private directory, for what must neither outlive the session nor be seen by another
/// user: the dose page and the daemon's wake file.
///
/// `$XDG_RUNTIME_DIR/daily-dose` when `$XDG_RUNTIME_DIR` is what the XDG Base Directory spec demands: a
/// directory (not a symlink) owned by this user, mode 0700. Otherwise — not set, missing, another user's,
/// open to others — a warning (when it was set) and `$TMPDIR` (else `/tmp`) `/daily-dose-<uid>`, made
/// 0700 here and accepted only if it then is a directory of ours with mode 0700 (a name planted by
/// another user, or a symlink, is refused). `$XDG_RUNTIME_DIR` itself is never created or changed.
public enum RuntimeDirectory {
    /// The private directory, or nil (with a warning) when neither is usable.
    public static func resolve(_ paths: DosePaths, warn: (String) -> Void = Log.warning) -> String? {
        if let runtime = paths.runtimeDirectory {
            guard let problem = problem(with: runtime) else { return runtime + "/" + DosePaths.appDirectory }
            let fallback = fallbackPath(paths)
            // TRANSLATORS: {problem} is a predicate such as "is not a directory", said of the directory {path}.
            warn(tr("XDG_RUNTIME_DIR {path} {problem}; using {fallback} instead", ["path": runtime, "problem": problem, "fallback": fallback]))
        }
        return makeFallback(paths, warn: warn)
    }

    /// `$TMPDIR` (else `/tmp`) `/daily-dose-<uid>`.
    static func fallbackPath(_ paths: DosePaths) -> String {
        paths.temporaryDirectory + "/" + DosePaths.appDirectory + "-\(geteuid())"
    }

    /// Creates the fallback directory if missing and returns it once it checks out.
    private static func makeFallback(_ paths: DosePaths, warn: (String) -> Void) -> String? {
        let path = fallbackPath(paths)
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            warn(tr("cannot create the private directory {path}: {reason}; pages cannot be shown", ["path": path, "reason": String(cString: strerror(errno))]))
            return nil
        }
        if let problem = problem(with: path) {
            warn(tr("{path} {problem}; refusing to write pages or the wake file there", ["path": path, "problem": problem]))
            return nil
        }
        return path
    }

    /// Why `path` is not a private directory of this user (a predicate, in the user's language), or nil when it is one.
    static func problem(with path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return tr("cannot be used ({reason})", ["reason": String(cString: strerror(errno))]) }
        let type = info.st_mode & S_IFMT
        if type == S_IFLNK { return tr("is a symbolic link, not a directory") }
        if type != S_IFDIR { return tr("is not a directory") }
        if info.st_uid != geteuid() { return tr("belongs to another user (uid {uid})", ["uid": info.st_uid]) }
        let mode = info.st_mode & 0o7777
        if mode != 0o700 { return tr("has mode {mode}, not 700", ["mode": String(mode, radix: 8)]) }
        return nil
    }
}
