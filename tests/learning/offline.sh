#!/usr/bin/env bash
# Offline for real: the learning queue in a network namespace with no default route.
#
# Usage: tests/learning/offline.sh [BIN_DIR]   (root needed, for unshare -n; prints SKIP otherwise)
#
# Inside a fresh namespace only: loopback is brought up with one extra test address,
# 10.200.0.1/32, where the fake provider listens. That address is not loopback to `dose`
# (not 127/8), so the network check applies; traffic to it never leaves the namespace.
# With no default route GNetworkMonitor reports no network: the daemon must not count an
# attempt. Adding `default dev lo` must start the work at once (the change signal), not at a
# backoff step (the first would be a minute away).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${1:-$root/.build/debug}" && pwd)

if [ "$(id -u)" != 0 ] || ! unshare -n true 2>/dev/null; then
    echo "SKIP: needs root and unshare -n"
    exit 0
fi
if [ "${DOSE_IN_NETNS:-}" != 1 ]; then
    exec env DOSE_IN_NETNS=1 unshare -n "$0" "$bin"
fi

work=$(mktemp -d /tmp/dose-offline.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; echo "--- daemon log"; cat "$work/daemon.log" 2>/dev/null || true; exit 1; }

export HOME=$work XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work/state \
    XDG_CACHE_HOME=$work/cache XDG_RUNTIME_DIR=$work/runtime TZ=UTC LANG=C.UTF-8
mkdir -m 700 "$XDG_RUNTIME_DIR"
dose() { "$bin/dose" "$@"; }
state() { dose learn list --json | python3 -c 'import json,sys; e={x["topic"]:x for x in map(json.loads, sys.stdin)}[sys.argv[1]]; print(e["state"], e["attempts"])' "$1"; }
calls() { if [ -f "$work/requests.log" ]; then wc -l <"$work/requests.log"; else echo 0; fi; }

ip link set lo up
ip addr add 10.200.0.1/32 dev lo
if ip route show default | grep -q .; then fail "the new namespace already has a default route"; fi

echo '{"default": "ok"}' >"$work/script.json"
python3 "$root/tests/support/fake_provider.py" --host 10.200.0.1 --port-file "$work/port" \
    --log "$work/requests.log" --script "$work/script.json" &
pids+=($!)
disown
# Deadlines in seconds of the clock, not in counted polls: each poll is slower on a busy machine.
deadline=$(( $(date +%s) + 30 ))
until [ -f "$work/port" ] || [ "$(date +%s)" -ge "$deadline" ]; do sleep 0.05; done
[ -f "$work/port" ] || fail "the fake provider wrote no port within 30 s"
port=$(cat "$work/port")
dose config set provider.url "http://10.200.0.1:$port/v1" >/dev/null
dose config set provider.model test-model >/dev/null
dose learn tick Physics "Ohm's law" >/dev/null
dose learn tick Physics Gauss >/dev/null

# A foreground run while offline: no request, no attempt, exit 75.
set +e
out=$(dose learn run 2>&1)
status=$?
set -e
[ "$status" = 75 ] || fail "learn run offline exited $status: $out"
grep -q "Offline" <<<"$out" || fail "learn run did not say it is offline: $out"

"$bin/dose" daemon >"$work/daemon.log" 2>&1 &
daemon=$!
pids+=($daemon)
disown
sleep 3
[ "$(calls)" = 0 ] || fail "requests were sent with no route"
[ "$(state "Ohm's law")" = "waiting-for-network 0" ] || fail "offline state: $(state "Ohm's law")"
kill -0 "$daemon" || fail "the daemon died"
echo "offline: 0 requests, attempts 0, state waiting-for-network (3 s of waiting)"

start=$(date +%s.%N)
ip route add default dev lo
deadline=$(( $(date +%s) + 45 ))
until { [ "$(state Gauss)" = "ready 0" ] && [ "$(state "Ohm's law")" = "ready 0" ]; } || [ "$(date +%s)" -ge "$deadline" ]; do
    sleep 0.05
done
end=$(date +%s.%N)
[ "$(state Gauss)" = "ready 0" ] || fail "not ready 45 s after the route appeared: $(state Gauss)"
[ "$(calls)" = 4 ] || fail "expected 4 provider calls, saw $(calls)"
elapsed=$(python3 -c "print(f'{$end - $start:.2f}')")
# At once means on the change signal: ~0.3 s on a quiet machine, several seconds of polling `dose learn list` on a
# busy one; the daemon has no timer for the network at all, so without the signal nothing would ever start.
python3 -c "import sys; sys.exit(0 if $end - $start < 30 else 1)" || fail "took ${elapsed} s after the route appeared"
echo "route added: both topics ready ${elapsed} s later, 4 provider calls, no attempt counted"
echo "PASS offline"
