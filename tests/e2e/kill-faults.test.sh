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

# How long one import takes here, to spread the kills over the whole of it.
start=$(date +%s%N); dose import "$work/B.json" >/dev/null; span_ms=$(( ($(date +%s%N) - start) / 1000000 + 20 ))
log "an import takes about ${span_ms} ms; killing at random moments within it"

survived=0; killed=0; old=0; new=0
for i in $(seq "$kills"); do
    pack=$([ $((i % 2)) -eq 0 ] && echo A || echo B)
    case $(( i % 4 )) in
        0|1) what="import"; "$DOSE_BIN/dose" import "$work/$pack.json" >/dev/null 2>&1 & ;;
        2) what="sync"; "$DOSE_BIN/dose" sync "http://127.0.0.1:$port/$pack.json" >/dev/null 2>&1 & ;;
        3) what="mirror"; "$DOSE_BIN/dose" config set notify-time "0$(( i % 10 )):15" >/dev/null 2>&1 & ;;
    esac
    pid=$!
    sleep "$(awk -v r=$RANDOM -v s="$span_ms" 'BEGIN { printf "%.3f", r / 32767 * s / 1000 }')"
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
# Killed writers may leave their temporary file behind; the next write sweeps stale ones (see FileSystem).
dose import "$work/A.json" >/dev/null
leftover=$(find "$XDG_STATE_HOME/daily-dose" -name '*.tmp-*' | wc -l)
log "temporary files left after a clean pass: $leftover"
expect "a clean pass leaves no temporary snapshot files" test "$leftover" -eq 0
expect "most runs were really killed" test "$killed" -ge $(( kills / 2 ))
echo "kills=$kills killed=$killed old=$old new=$new" >"$art/summary.txt"
log "done"
