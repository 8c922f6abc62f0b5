#!/usr/bin/env bash
# Per-topic fairness (issue 20): `dose daemon` against a loopback fake provider that answers HTTP 500 to every
# request about one topic (Limits) and serves the others. Limits is ticked first and fails; Ohm and Gauss, ticked
# after that failure, get their decks and quizzes within seconds, long before Limits' own next try (its first
# backoff step, 60 s ± 10 %), which is when it is asked again, and fails again into its second step (120 s).
# Before: the failure re-armed a queue-wide hold and the oldest topic (the failing one) was picked first at its
# end, so the two waited at least a minute each time. The provider's request log is the judge; `dose learn list`
# shows each topic's own state and no hold of every topic. Times are read as durations (no date or hour).
source "$(dirname "$0")/lib.sh"
deadline=300
unset DBUS_SESSION_BUS_ADDRESS

provider_up '{"default": "ok", "rules": [{"topic": "Limits", "always": "500"}]}'
"$DOSE_BIN/dose" daemon >"$art/daemon.log" 2>&1 &
bg_pids+=($!)

asked_at_least() { [ "$(provider_asked "$1")" -ge "$2" ]; } # asked_at_least TOPIC N
ready() { [ "$(learn_field "$1" state)" = ready ]; }
failures_are() { [ "$(learn_field "$1" failures)" = "$2" ]; }

dose learn tick Calculus Limits >/dev/null
expect "Limits is asked and fails" wait_for 30 asked_at_least Limits 1
expect "its failure is recorded" wait_for 10 bash -c "'$DOSE_BIN/dose' learn list | grep -q '^\[pending\] Calculus — Limits (1 attempt'"
log "Limits failed once: $(dose learn list)"

started=$(date +%s)
dose learn tick Physics Ohm >/dev/null
dose learn tick Physics Gauss >/dev/null
expect "Ohm gets its deck and quiz while Limits backs off" wait_for 30 ready Ohm
expect "Gauss gets its deck and quiz while Limits backs off" wait_for 30 ready Gauss
took=$(( $(date +%s) - started ))
log "Ohm and Gauss ready ${took} s after their ticks"
# Below Limits' first step (54 s at the least): nothing held them behind it.
expect "both within 30 s of their ticks" test "$took" -le 30
for topic in Ohm Gauss; do
    for kind in deck quiz; do
        expect "$topic: one $kind request, answered ok" test "$(provider_asked "$topic" "$kind" ok)" -eq 1
    done
done
expect "Limits was not asked again meanwhile" test "$(provider_asked Limits)" -eq 1
expect "its failure is Limits' own first step" failures_are Limits 1

# What `dose learn list` says: Limits' own state and next try; nothing holds every topic.
dose learn list >"$art/list-1.txt"
dose learn list --json >"$art/list-1.json"
expect "Limits is pending with its own next try" grep -q '^\[pending\] Calculus — Limits (1 attempt; next try ' "$art/list-1.txt"
expect "no line says every topic waits" bash -c "! grep -q 'Every topic waits' '$art/list-1.txt'"
expect "no hold of every topic in the JSON" test "$(learn_field Limits queue)" = null
wait_in=$(learn_next_in Limits)
log "Limits: next try in $wait_in s"
expect "Limits' next try is its first step (at most 66 s away)" test "$wait_in" != none -a "$wait_in" -le 66

# Limits goes on at its own pace: asked again at its own time, into its second step.
expect "Limits is asked again at its own next try" wait_for 90 asked_at_least Limits 2
expect "its second failure is its second step" wait_for 10 failures_are Limits 2
wait_in=$(learn_next_in Limits)
log "Limits failed twice; next try in $wait_in s"
expect "Limits' next try is its second step (more than 66 s, at most 132 s away)" \
    test "$wait_in" != none -a "$wait_in" -gt 66 -a "$wait_in" -le 132
expect "the others were asked nothing more" test "$(provider_asked Ohm)" -eq 2 -a "$(provider_asked Gauss)" -eq 2
expect "both Limits requests were decks answered 500" test "$(provider_asked Limits deck 500)" -eq 2
expect "no crash in the daemon log" bash -c "! grep -qi 'fatal\|segmentation\|assertion' '$art/daemon.log'"
log "done"
