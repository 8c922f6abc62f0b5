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

# How many requests the provider got, for TOPIC (and KIND, and RESPONSE), from its log.
asked() { # asked TOPIC [KIND [RESPONSE]]
    /usr/bin/python3 - "$work/requests.log" "$@" <<'EOF'
import json, sys
path, topic = sys.argv[1], sys.argv[2]
kind = sys.argv[3] if len(sys.argv) > 3 else None
response = sys.argv[4] if len(sys.argv) > 4 else None
try:
    lines = [json.loads(l) for l in open(path) if l.strip()]
except OSError:
    lines = []
print(sum(1 for r in lines if r.get("topic") == topic and kind in (None, r.get("kind"))
          and response in (None, r.get("response"))))
EOF
}
asked_at_least() { [ "$(asked "$1")" -ge "$2" ]; } # asked_at_least TOPIC N
# A field of TOPIC's line in `dose learn list --json` ("null" when JSON null).
field() { # field TOPIC NAME
    dose learn list --json | /usr/bin/python3 -c 'import json, sys
for line in sys.stdin:
    entry = json.loads(line)
    if entry["topic"] == sys.argv[1]:
        value = entry.get(sys.argv[2])
        print("null" if value is None else json.dumps(value) if isinstance(value, dict) else value)' "$1" "$2"
}
ready() { [ "$(field "$1" state)" = ready ]; }
failures_are() { [ "$(field "$1" failures)" = "$2" ]; }
# Seconds from the programs' now to TOPIC's own next try.
next_in() { # next_in TOPIC
    local next
    next=$(field "$1" nextAttemptAt)
    [ "$next" != null ] || { echo none; return; }
    echo $(( $(date -d "$next" +%s) - $(clock_now) ))
}

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
        expect "$topic: one $kind request, answered ok" test "$(asked "$topic" "$kind" ok)" -eq 1
    done
done
expect "Limits was not asked again meanwhile" test "$(asked Limits)" -eq 1
expect "its failure is Limits' own first step" failures_are Limits 1

# What `dose learn list` says: Limits' own state and next try; nothing holds every topic.
dose learn list >"$art/list-1.txt"
dose learn list --json >"$art/list-1.json"
expect "Limits is pending with its own next try" grep -q '^\[pending\] Calculus — Limits (1 attempt; next try ' "$art/list-1.txt"
expect "no line says every topic waits" bash -c "! grep -q 'Every topic waits' '$art/list-1.txt'"
expect "no hold of every topic in the JSON" test "$(field Limits queue)" = null
wait_in=$(next_in Limits)
log "Limits: next try in $wait_in s"
expect "Limits' next try is its first step (at most 66 s away)" test "$wait_in" != none -a "$wait_in" -le 66

# Limits goes on at its own pace: asked again at its own time, into its second step.
expect "Limits is asked again at its own next try" wait_for 90 asked_at_least Limits 2
expect "its second failure is its second step" wait_for 10 failures_are Limits 2
wait_in=$(next_in Limits)
log "Limits failed twice; next try in $wait_in s"
expect "Limits' next try is its second step (more than 66 s, at most 132 s away)" \
    test "$wait_in" != none -a "$wait_in" -gt 66 -a "$wait_in" -le 132
expect "the others were asked nothing more" test "$(asked Ohm)" -eq 2 -a "$(asked Gauss)" -eq 2
expect "both Limits requests were decks answered 500" test "$(asked Limits deck 500)" -eq 2
expect "no crash in the daemon log" bash -c "! grep -qi 'fatal\|segmentation\|assertion' '$art/daemon.log'"
log "done"
