import GLibGlue

/// Runs `body` once on the main loop when it is next idle.
func idle(_ body: @escaping () -> Void) {
    SourceHandle.idle { body(); return false }.detach()
}

/// Runs `body` once on the main loop after `milliseconds`.
func after(milliseconds: UInt32, _ body: @escaping () -> Void) {
    SourceHandle.timeout(milliseconds: milliseconds) { body(); return false }.detach()
}
