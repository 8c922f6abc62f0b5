#!/usr/bin/env bash
# A full disk (a 256 KiB tmpfs as the state directory) and a read-only state directory (a read-only
# bind mount; chmod does not stop root): `dose import` of a pack whose snapshot does not fit, or cannot
# be written, exits 73 (EX_CANTCREAT) naming the snapshot, the old snapshot still decodes to the old pool,
# no temporary file is left. The store (data directory elsewhere) keeps the imported pool; the next pass
# that succeeds mirrors it, and meanwhile `dose today` answers from the store's new pool. Then the readers
# (today, show, calendar, search, list) with the data and state directories on one full tmpfs, and with a
# read-only data directory: each answers, exit 0, with the doses the scheduler names. Needs mount(2)
# (root); without it each part prints SKIP and passes.
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
id_of() { sed -n 's/^{"id":"\([^"]*\)".*/\1/p'; }
# The big pool's dose on the day, as the scheduler names it from that pool's snapshot.
new_dose=$(XDG_STATE_HOME="$work/scratch-big/state" "$DOSE_BIN/dose-notify" --dry-run --json --date 2026-06-01 | id_of)

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
    # A reader answers from the store, the truth, not from the stale snapshot (which it cannot rewrite).
    status=0
    dose today --json --date 2026-06-01 >"$art/stale-today.out" 2>"$art/stale-today.err" || status=$?
    expect "full disk, stale snapshot: dose today answers (exit 0)" test "$status" -eq 0
    expect "full disk, stale snapshot: the store's new pool's dose" test "$(id_of <"$art/stale-today.out")" = "$new_dose"
    expect "full disk, stale snapshot: it says the snapshot could not be written" grep -q "could not write the snapshot" "$art/stale-today.err"
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

# --- Readers on a full disk ------------------------------------------------------------------------
# The data and state directories on one 2 MiB tmpfs, filled to the last block after the import. A reader
# opens the store read-only, so the WAL's -shm (removed by the import's last close) need not be sized.
home="$work/full-home"
in_home() { XDG_DATA_HOME="$home/data" XDG_STATE_HOME="$home/state" "$@"; }
mkdir -p "$home"
reader() { # reader PART NAME ARGS...: `dose ARGS` in that home; exit 0 expected, and no warning when $from is "store"
    local part=$1 name=$2 status=0
    shift 2
    in_home dose "$@" >"$art/$part-$name.out" 2>"$art/$part-$name.err" || status=$?
    expect "$part: dose $name: exit 0 ($(tail -1 "$art/$part-$name.err"))" test "$status" -eq 0
    [ "$from" != store ] || expect "$part: dose $name: read from the store, no warning" test ! -s "$art/$part-$name.err"
}
readers_answer() { # readers_answer PART [store]: today, show, calendar, search and list against the scheduler's doses;
    # with "store", from the store itself (opened read-only), not from the snapshot as a fallback
    local part=$1 from=${2:-} days id title
    days=$(in_home "$DOSE_BIN/dose-notify" --dry-run --json --date 2026-06-01 --days 3)
    for run in 1 2 3; do
        reader "$part" "today-$run" today --json --date "$(date -u -d "2026-06-01 + $((run - 1)) days" +%F)"
        expect "$part: dose today day $run: the scheduler's dose" test "$(id_of <"$art/$part-today-$run.out")" = "$(echo "$days" | sed -n "${run}p" | id_of)"
    done
    id=$(echo "$days" | head -1 | id_of)
    title=$(in_home dose list --json 2>/dev/null | sed -n "s/^{\"id\":\"$id\".*\"title\":\"\([^\"]*\)\".*/\1/p")
    expect "$part: dose list names the day's dose" test -n "$title"
    reader "$part" show show "$id" --json
    expect "$part: dose show: that dose" test "$(id_of <"$art/$part-show.out")" = "$id"
    reader "$part" calendar calendar --from 2026-06-01 --days 3
    expect "$part: dose calendar: the first day's dose" grep -qF "$title" "$art/$part-calendar.out"
    reader "$part" search search "$title"
    expect "$part: dose search: finds it" grep -qF "$id" "$art/$part-search.out"
}
if ! mount -t tmpfs -o size=2m,mode=0700 dose-e2e-readers "$home" 2>"$work/mount.err"; then
    echo "SKIP readers on a full disk: cannot mount a tmpfs here ($(cat "$work/mount.err"))"
else
    mounted+=("$home")
    in_home dose import "$work/small.json" >/dev/null
    dd if=/dev/zero of="$home/filler" bs=4k >/dev/null 2>&1 || true
    expect "control: the disk is full" test "$(df --output=avail -B1 "$home" | tail -1 | tr -d ' ')" -eq 0
    expect "control: the store's -shm is gone with the import's connection" test ! -e "$home/data/daily-dose/dose.sqlite3-shm"
    readers_answer "full disk" store
    umount "$home"; mounted=()
fi

# --- Readers with a read-only data directory --------------------------------------------------------
# No -shm can be made there at all: a read-only open fails, and the readers answer from the snapshot.
rm -rf "$home"; mkdir -p "$home"
in_home dose import "$work/small.json" >/dev/null
if ! { mount --bind "$home/data" "$home/data" && mounted+=("$home/data") && mount -o remount,ro,bind "$home/data"; } 2>"$work/mount.err"; then
    echo "SKIP readers with a read-only data directory: cannot bind-mount read-only here ($(cat "$work/mount.err"))"
else
    expect "control: the data directory really is read-only" bash -c "! touch '$home/data/probe' 2>/dev/null"
    readers_answer "read-only data"
    expect "read-only data: the warning says the dose comes from the snapshot" grep -q "the dose comes from the snapshot" "$art/read-only data-show.err"
    umount "$home/data"; mounted=()
fi
log "done"
