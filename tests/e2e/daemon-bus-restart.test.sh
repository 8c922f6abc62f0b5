#!/usr/bin/env bash
# `dose daemon` when its session bus restarts (issue 19): a real dbus-daemon with a real GNOME Keyring on it, a
# loopback provider that needs no key. The daemon generates a ticked topic (its key lookup reaches the keyring,
# which answers "no key"); then the bus is killed and started again at the same address, with a new keyring.
# The daemon's connection is dead for good (GIO hands out the closed shared connection again), so it must stop
# with a failure (69) the user unit's Restart=on-failure turns into a new daemon, not stay up generating
# nothing. The new daemon, started as the unit would, generates the topic ticked meanwhile.
# No `needs_session_bus`: the scenario owns its bus, to kill and restart it.
source "$(dirname "$0")/lib.sh"

unset DISPLAY
socket="$work/bus"
export DBUS_SESSION_BUS_ADDRESS="unix:path=$socket"
bus_pid=""

bus_up() { # bus_up NAME: a session bus at $socket and a keyring on it, unlocked
    rm -f "$socket"
    sed "s|<listen>.*</listen>|<listen>unix:path=$socket</listen>|" "$DOSE_ROOT/tests/e2e/session.conf" >"$work/bus.conf"
    dbus-daemon --config-file="$work/bus.conf" --nofork >"$art/dbus-daemon-$1.log" 2>&1 &
    bus_pid=$!
    bg_pids+=($bus_pid)
    wait_for 10 test -S "$socket" || fail "$1: the bus did not start"
    # The keyring forks and prints its environment; it leaves with its bus.
    echo pw | gnome-keyring-daemon --unlock --components=secrets >"$art/keyring-$1.log" 2>&1
    wait_for 10 bus_has_owner org.freedesktop.secrets || fail "$1: no keyring on the bus"
    keyring_pid=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus / \
        org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets | awk '/uint32/ {print $2}')
    bg_pids+=($keyring_pid)
    log "$1: bus $bus_pid at $socket, keyring $keyring_pid"
}

bus_down() {
    kill "$keyring_pid" 2>/dev/null || true
    kill "$bus_pid" 2>/dev/null || true
    wait "$bus_pid" 2>/dev/null || true
    wait_for 5 bash -c "! kill -0 $keyring_pid 2>/dev/null" || kill -9 "$keyring_pid" 2>/dev/null || true
}

ready() { # ready TOPIC: the topic's deck and quiz are stored
    dose learn list --json | python3 -c 'import json, sys
topic = sys.argv[1]
sys.exit(0 if any(json.loads(l)["topic"] == topic and json.loads(l)["state"] == "ready" for l in sys.stdin) else 1)' "$1"
}

bus_up first
provider_up '{"default": "ok"}'
daemon_log="$art/daemon-first.log"
DOSE_PROVIDER_TIMEOUT=5 "$DOSE_BIN/dose" daemon >"$daemon_log" 2>&1 &
daemon=$!
bg_pids+=($daemon)
dose learn tick Physics Ohm >/dev/null
expect "before the restart: the ticked topic is generated" wait_for 20 ready Ohm

bus_down
bus_up second
# The daemon must not stay up on a dead connection: a failure within seconds (it finishes the job in hand first).
status=0
if wait_for 15 bash -c "! kill -0 $daemon 2>/dev/null"; then
    wait "$daemon" || status=$?
    log "the daemon exited $status: $(tail -1 "$daemon_log")"
    expect "bus restarted: exit 69, a failure the user unit restarts" test "$status" -eq 69
    expect "bus restarted: a clear log line" grep -q "session bus closed" "$daemon_log"
else
    # The old behaviour: up, but every key lookup fails with "The connection is closed".
    dose learn tick Physics Gauss >/dev/null
    sleep 3
    log "the daemon is still up; Gauss: $(dose learn list --json | grep Gauss || true)"
    fail "the daemon stayed up on a closed bus connection: $(tail -3 "$daemon_log")"
fi

# What Restart=on-failure does next: a new daemon, on the new bus, generates what was ticked meanwhile.
dose learn tick Physics Gauss >/dev/null
"$DOSE_BIN/dose" daemon >"$art/daemon-second.log" 2>&1 &
bg_pids+=($!)
expect "the restarted daemon generates on the new bus" wait_for 20 ready Gauss
expect "no key was ever sent" bash -c "! grep -q '\"auth\": true' '$work/requests.log'"
expect "no crash in the daemon logs" bash -c "! grep -qi 'fatal\|segmentation\|assertion' '$art'/daemon-*.log"
bus_down
log "done"
