#!/usr/bin/env bash
# A full disk (a 256 KiB tmpfs as the state directory) and a read-only state directory (a read-only
# bind mount; chmod does not stop root): `dose import` of a pack whose snapshot does not fit, or cannot
# be written, exits 73 (EX_CANTCREAT) naming the snapshot, the old snapshot still decodes to the old pool,
# no temporary file is left. The store (data directory elsewhere) keeps the imported pool; the next pass
# that succeeds mirrors it. Needs mount(2) (root); without it each part prints SKIP and passes.
source "$(dirname "$0")/lib.sh"

state="$XDG_STATE_HOME/daily-dose"
snapshot="$state/snapshot.json"
mounted=()
cleanup_mounts() { for m in "${mounted[@]}"; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true; done; }
trap 'cleanup_mounts; cleanup' EXIT

digest_of() { sed -n 's/^ *"poolDigest": "\(.*\)",$/\1/p' "$snapshot"; }
reads_as() { # reads_as DIGEST: the snapshot decodes (the scheduler's reader) and is that pool
    "$DOSE_BIN/dose-notify" --dry-run --json --date 2026-06-01 >/dev/null 2>"$work/dry.err" || return 1
    [ "$(digest_of)" = "$1" ]
}
no_temporaries() { [ "$(find "$state" -name '*.tmp-*' | wc -l)" -eq 0 ]; }

python3 "$DOSE_ROOT/bench/gen_pack.py" 3000 "$work/big.json"     # ~1.3 MB of snapshot: never fits 256 KiB
python3 "$DOSE_ROOT/bench/gen_pack.py" 20 "$work/small.json"
digest_for() { # the poolDigest a pack's snapshot has, from an import into scratch directories
    XDG_DATA_HOME="$work/scratch-$2/data" XDG_STATE_HOME="$work/scratch-$2/state" dose import "$1" >/dev/null
    sed -n 's/^ *"poolDigest": "\(.*\)",$/\1/p' "$work/scratch-$2/state/daily-dose/snapshot.json"
}
old=$(digest_for "$work/small.json" small)
new=$(digest_for "$work/big.json" big)
[ -n "$old" ] && [ -n "$new" ] && [ "$old" != "$new" ] || fail "cannot tell the two pools apart ($old, $new)"

# --- Full disk -------------------------------------------------------------------------------------
mkdir -p "$state"
if ! mount -t tmpfs -o size=256k,mode=0700 dose-e2e-full "$state" 2>"$work/mount.err"; then
    echo "SKIP full disk: cannot mount a tmpfs here ($(cat "$work/mount.err"))"
else
    mounted+=("$state")
    dose import "$work/small.json" >/dev/null
    expect "control: the small pool's snapshot reads" reads_as "$old"
    status=0
    dose import "$work/big.json" >"$art/full.out" 2>"$art/full.err" || status=$?
    log "import onto a full disk: exit $status: $(tail -1 "$art/full.err")"
    expect "full disk: exit 73 (EX_CANTCREAT)" test "$status" -eq 73
    expect "full disk: the error names the snapshot" grep -qF "$snapshot:" "$art/full.err"
    expect "full disk: the error says why" grep -q "No space left on device" "$art/full.err"
    expect "full disk: the old snapshot still reads as the old pool" reads_as "$old"
    expect "full disk: no temporary file left" no_temporaries
    # The store took the new pool (its directory has room); the snapshot is behind until a pass succeeds.
    # Room appears (the tmpfs grows); the next pass that only mirrors (a config change) catches up.
    mount -o remount,size=16m "$state"
    dose config set notify-time 07:50 >/dev/null
    expect "space freed: a mirror-only pass writes the store's new pool" reads_as "$new"
    expect "space freed: no temporary file left" no_temporaries
    umount "$state"; mounted=()
fi

# --- Read-only state directory ---------------------------------------------------------------------
rm -rf "$state"; mkdir -p "$state"
dose import "$work/small.json" >/dev/null
expect "control: the small pool's snapshot reads" reads_as "$old"
if ! { mount --bind "$state" "$state" && mounted+=("$state") && mount -o remount,ro,bind "$state"; } 2>"$work/mount.err"; then
    echo "SKIP read-only state directory: cannot bind-mount read-only here ($(cat "$work/mount.err"))"
else
    expect "control: the state directory really is read-only" bash -c "! touch '$state/probe' 2>/dev/null"
    status=0
    dose import "$work/big.json" >"$art/ro.out" 2>"$art/ro.err" || status=$?
    log "import into a read-only state directory: exit $status: $(tail -1 "$art/ro.err")"
    expect "read-only: exit 73 (EX_CANTCREAT)" test "$status" -eq 73
    expect "read-only: the error names the snapshot" grep -qF "$snapshot:" "$art/ro.err"
    expect "read-only: the error says why" grep -q "Read-only file system" "$art/ro.err"
    expect "read-only: the old snapshot still reads as the old pool" reads_as "$old"
    expect "read-only: no temporary file left" no_temporaries
    umount "$state"; mounted=()
    dose config set notify-time 07:55 >/dev/null
    expect "writable again: a mirror-only pass writes the store's new pool" reads_as "$new"
fi
log "done"
