#!/usr/bin/env bash
# SIGKILL at random moments during `dose import`, `dose sync` (loopback HTTP) and the snapshot mirror
# (`dose config set`, a planning pass that only mirrors), 200 kills in all: after each, the snapshot
# decodes (`dose-notify --dry-run --json` works) and is exactly the old pool or the new one (poolDigest).
source "$(dirname "$0")/lib.sh"
kills=${DOSE_KILLS:-200}

python3 "$DOSE_ROOT/bench/gen_pack.py" 3000 "$work/A.json"
python3 "$DOSE_ROOT/bench/gen_pack.py" 2999 "$work/B.json"
digest_of() { sed -n 's/^ *"poolDigest": "\(.*\)",$/\1/p' "$XDG_STATE_HOME/daily-dose/snapshot.json"; }
dose import "$work/B.json" >/dev/null; digest_b=$(digest_of)
dose import "$work/A.json" >/dev/null; digest_a=$(digest_of)
[ "$digest_a" != "$digest_b" ] || fail "the two pools have the same digest"

port=$(( 20000 + RANDOM % 20000 ))
(cd "$work" && exec python3 -m http.server "$port" --bind 127.0.0.1 >"$art/http.log" 2>&1) &
bg_pids+=($!)
wait_for 10 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port" || fail "the loopback server did not start"

# How long each operation takes here, measured (and re-measured every 20 runs, since the machine's load
# changes), so the kills are spread over the whole of each operation.
run_op() { # run_op OP PACK: starts one operation in the background
    case $1 in
        import) "$DOSE_BIN/dose" import "$work/$2.json" >/dev/null 2>&1 & ;;
        sync) "$DOSE_BIN/dose" sync "http://127.0.0.1:$port/$2.json" >/dev/null 2>&1 & ;;
        mirror) "$DOSE_BIN/dose" config set notify-time "0$(( RANDOM % 10 )):15" >/dev/null 2>&1 & ;;
    esac
}
declare -A span_ms
calibrate() {
    local op start
    # Each timed run replaces the pool (A first, then B timed): an import of the pool already stored
    # skips the snapshot write, and timing that one made the spans too short to ever see pool A.
    for op in import sync mirror; do
        run_op "$op" A; wait $!
        start=$(date +%s%N); run_op "$op" B; wait $!
        span_ms[$op]=$(( ($(date +%s%N) - start) / 1000000 ))
    done
    log "one import takes ${span_ms[import]} ms, a sync ${span_ms[sync]} ms, a mirror ${span_ms[mirror]} ms"
}

survived=0; killed=0; old=0; new=0
for i in $(seq "$kills"); do
    [ $(( (i - 1) % 20 )) -eq 0 ] && calibrate
    pack=$([ $((i % 2)) -eq 0 ] && echo A || echo B)
    case $(( i % 4 )) in 0|1) what=import ;; 2) what=sync ;; 3) what=mirror ;; esac
    run_op "$what" "$pack"
    pid=$!
    sleep "$(awk -v r=$RANDOM -v s="${span_ms[$what]}" 'BEGIN { printf "%.3f", r / 32767 * s / 1000 }')"
    if kill -KILL "$pid" 2>/dev/null; then killed=$((killed + 1)); else survived=$((survived + 1)); fi
    wait "$pid" 2>/dev/null || true
    "$DOSE_BIN/dose-notify" --dry-run --json --date 2026-06-01 >"$work/dry.json" 2>"$work/dry.err" \
        || fail "kill $i during $what: the snapshot does not read: $(cat "$work/dry.err")"
    digest=$(digest_of)
    case "$digest" in
        "$digest_a") old=$((old + 1)) ;;
        "$digest_b") new=$((new + 1)) ;;
        *) fail "kill $i during $what: the snapshot is neither pool (digest $digest)" ;;
    esac
done
log "$kills runs: $killed killed mid-run, $survived finished first; snapshot = pool A $old times, pool B $new times"
# Killed writers may leave their temporary file behind; the next write of the same file sweeps the dead writers'
# ones (FileSystem.writeAtomically). So the clean pass writes every file the killed operations write: a sync to
# the other pool (the snapshot and last-sync.json), an import back (the snapshot again) and a config change
# (config.ini). An import alone once left a killed sync's last-sync.json temporary (a run under no load, 1 of 200
# kills): no write of that file followed it.
dose sync "http://127.0.0.1:$port/B.json" >/dev/null
dose import "$work/A.json" >/dev/null
dose config set notify-time 07:45 >/dev/null
leftovers=$(find "$XDG_STATE_HOME/daily-dose" "$XDG_CONFIG_HOME/daily-dose" -name '*.tmp-*')
log "temporary files left after a clean pass: $(printf '%s' "$leftovers" | grep -c . || true) ${leftovers//$'\n'/ }"
expect "a clean pass leaves no temporary files" test -z "$leftovers"
# Kill moments are uniform over each operation's measured length, so about half land mid-run; a quarter
# is the floor that still proves the kills are real while tolerating a machine whose load changes.
expect "at least a quarter of the runs were really killed" test "$killed" -ge $(( kills / 4 ))
# Both outcomes seen: the kills are spread over the whole operation, commit included.
expect "some runs ended on each pool" test "$old" -ge 1 -a "$new" -ge 1
echo "kills=$kills killed=$killed old=$old new=$new" >"$art/summary.txt"
log "done"
