#!/usr/bin/env bash
# `dose learn export --anki FILE` / `--markdown FILE` onto what a user may name: a named pipe with a reader,
# `>(…)` (a /dev/fd pipe), standard output in a pipeline, a character device (made with mknod, never the
# system's /dev/null), a directory, a symlink to another user's file (chown), a symlink to one's own file, and
# a regular file on a full tmpfs. Pipes and devices get the bytes and stay what they are; refusals name the
# file and change nothing; a regular file is replaced whole or not at all. The parts that need root (mknod,
# chown, mount) print SKIP without it.
source "$(dirname "$0")/lib.sh"

mounted=()
cleanup_mounts() { for m in "${mounted[@]}"; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true; done; }
trap 'cleanup_mounts; cleanup' EXIT

provider_up '{"default": "ok"}'
dose learn tick Circuits "Ohm's law" >/dev/null
dose learn run >"$art/learn-run.txt" 2>&1 || fail "dose learn run failed: $(cat "$art/learn-run.txt")"
export_anki() { dose learn export Circuits "Ohm's law" --anki "$@"; }
# The reference: the deck written to a plain new file.
export_anki "$work/reference.txt" >/dev/null
expect "control: the deck was exported to a new file" grep -q "^#separator:tab" "$work/reference.txt"
same_as_reference() { cmp -s "$work/reference.txt" "$1"; }
file_type() { stat -c %F "$1"; }

# --- A named pipe read by another process --------------------------------------------------------
mkfifo "$work/deck.fifo"
timeout 10 cat "$work/deck.fifo" >"$work/from-fifo.txt" &
reader=$!
status=0
# Bounded: a FIFO's open waits for its reader, which gives up after 10 s.
timeout 10 "$DOSE_BIN/dose" learn export Circuits "Ohm's law" --anki "$work/deck.fifo" >"$art/fifo.out" 2>"$art/fifo.err" || status=$?
wait "$reader" || true
log "export into a FIFO: exit $status: $(cat "$art/fifo.err")"
expect "FIFO: exit 0" test "$status" -eq 0
expect "FIFO: the reader got the whole deck" same_as_reference "$work/from-fifo.txt"
expect "FIFO: still a FIFO" test "$(file_type "$work/deck.fifo")" = "fifo"

# --- >(…): the shell's /dev/fd pipe ----------------------------------------------------------------
status=0
export_anki >(cat >"$work/from-procsub.txt") >"$art/procsub.out" 2>"$art/procsub.err" || status=$?
log "export into >(…): exit $status: $(cat "$art/procsub.err")"
expect "process substitution: exit 0" test "$status" -eq 0
expect "process substitution: the reader got the whole deck" wait_for 10 same_as_reference "$work/from-procsub.txt"

# --- Standard output in a pipeline: the deck alone on it, the confirmation on stderr ------------------
export_anki /dev/stdout 2>"$art/stdout.err" | cat >"$work/from-stdout.txt"
expect "/dev/stdout in a pipeline: only the deck on it" same_as_reference "$work/from-stdout.txt"
expect "/dev/stdout in a pipeline: the confirmation on stderr" grep -q "^Wrote " "$art/stdout.err"

# --- A directory ---------------------------------------------------------------------------------
mkdir "$work/decks"
status=0
export_anki "$work/decks" >"$art/dir.out" 2>"$art/dir.err" || status=$?
log "export onto a directory: exit $status: $(cat "$art/dir.err")"
expect "directory: exit 73" test "$status" -eq 73
expect "directory: the message names it and says what it is" grep -qF "cannot write $work/decks: it is a directory" "$art/dir.err"
expect "directory: still an empty directory" test -d "$work/decks" -a -z "$(ls -A "$work/decks")"

# --- A symlink to one's own file: written through, the link kept ----------------------------------
mkdir "$work/sync"
echo "old deck" >"$work/sync/ohm.txt"
chmod 600 "$work/sync/ohm.txt"
ln -s sync/ohm.txt "$work/ohm-link.txt"
export_anki "$work/ohm-link.txt" >/dev/null
expect "own symlink: still a symlink to the same name" test "$(readlink "$work/ohm-link.txt")" = "sync/ohm.txt"
expect "own symlink: its file holds the deck" same_as_reference "$work/sync/ohm.txt"
expect "own symlink: its file keeps its mode" test "$(stat -c %a "$work/sync/ohm.txt")" = "600"

if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP device node, another user's file, full disk: not root"
    log "done"
    exit 0
fi

# --- A character device (the null device's numbers, in a directory of the test's own) -------------
mknod "$work/null" c 1 3
chmod 666 "$work/null"
status=0
export_anki "$work/null" >"$art/null.out" 2>"$art/null.err" || status=$?
log "export onto a device node: exit $status: $(cat "$art/null.err")"
expect "device: exit 0" test "$status" -eq 0
expect "device: still a character device 1:3" test "$(stat -c '%F %t:%T' "$work/null")" = "character special file 1:3"
expect "device: nothing left beside it" test -z "$(find "$work" -maxdepth 1 -name 'null.tmp-*')"

# --- A symlink to another user's file -------------------------------------------------------------
echo "their notes" >"$work/theirs.txt"
chown 65534:65534 "$work/theirs.txt"
ln -s theirs.txt "$work/their-link.txt"
status=0
export_anki "$work/their-link.txt" >"$art/theirs.out" 2>"$art/theirs.err" || status=$?
log "export through a symlink to another user's file: exit $status: $(cat "$art/theirs.err")"
expect "another user's file: exit 73" test "$status" -eq 73
expect "another user's file: the message names the link and the owner" \
    grep -qF "cannot write $work/their-link.txt: belongs to another user (uid 65534)" "$art/theirs.err"
expect "another user's file: unchanged, still theirs" test "$(cat "$work/theirs.txt") $(stat -c %u "$work/theirs.txt")" = "their notes 65534"

# --- A regular file on a full disk: replaced whole or not at all ----------------------------------
mkdir "$work/full"
if ! mount -t tmpfs -o size=64k,mode=0700 dose-e2e-export "$work/full" 2>"$work/mount.err"; then
    echo "SKIP full disk: cannot mount a tmpfs here ($(cat "$work/mount.err"))"
else
    mounted+=("$work/full")
    echo "old deck" >"$work/full/deck.txt"
    head -c 60k /dev/zero >"$work/full/filler" 2>/dev/null || true
    head -c 64k /dev/zero >>"$work/full/filler" 2>/dev/null || true
    status=0
    export_anki "$work/full/deck.txt" >"$art/full.out" 2>"$art/full.err" || status=$?
    log "export onto a full disk: exit $status: $(cat "$art/full.err")"
    expect "full disk: exit 73" test "$status" -eq 73
    expect "full disk: the message names the file and the reason" grep -q "$work/full/deck.txt: No space left on device" "$art/full.err"
    expect "full disk: the old file is whole" test "$(cat "$work/full/deck.txt")" = "old deck"
    expect "full disk: no temporary file left" test -z "$(find "$work/full" -name '*.tmp-*')"
fi
log "done"
