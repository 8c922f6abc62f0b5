#!/usr/bin/env bash
# The scenarios' own cleanup (lib.sh) signals only processes that are still its own. A background job that ended
# leaves its pid in bg_pids, and once bash has reaped it the pid is free: minutes later, with a few hundred
# processes a second across the scenarios and 32,768 pids, another scenario's process may hold it. Run 14 of
# issue 19 lost `notify-locale`'s dunst, silently, when `late-bus` ended so. Here an inner scenario's bg_pids
# holds a stranger's pid (as a reused one would be) and a reaped job's; its cleanup must leave the stranger
# running and still end its own background job.
source "$(dirname "$0")/lib.sh"

# A stranger: a process that is no child of the inner scenario's shell (its parent exits at once).
stranger=$(bash -c 'sleep 300 >/dev/null 2>&1 </dev/null & echo $!')
expect "the stranger runs" running "$stranger"

cat >"$work/inner.test.sh" <<'INNER'
source "$DOSE_ROOT/tests/e2e/lib.sh"
sleep 300 &
bg_pids+=($!)
echo "own $!"
true &
bg_pids+=($!)
wait $!
bg_pids+=("$STRANGER")
INNER
status=0
STRANGER=$stranger DOSE_ARTIFACTS="$art" bash "$work/inner.test.sh" >"$art/inner.log" 2>&1 || status=$?
own=$(sed -n 's/^own //p' "$art/inner.log")
expect "the inner scenario ended with 0" test "$status" -eq 0
expect "it named its own background job" test -n "$own"
expect "its cleanup ended its own background job" wait_for 5 bash -c "! kill -0 $own 2>/dev/null || grep -q '^[^)]*) Z' /proc/$own/stat"
expect "its cleanup left the stranger (pid $stranger) running" running "$stranger"
kill "$stranger"
log "done"
