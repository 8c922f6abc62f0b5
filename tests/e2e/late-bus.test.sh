#!/usr/bin/env bash
# The scheduler starts with no D-Bus session at all and the day's notification already due; later a session
# bus appears, then a notification server on it. The scheduler logs clearly meanwhile, finds the bus, and
# delivers the day's notification once, as soon as the server appears (not at the next backoff step), and
# never again. Part 1: no address set, the bus comes at $XDG_RUNTIME_DIR/bus (where GIO then looks; the
# scheduler watches that socket). Part 2: an address set whose bus starts later (seen at a retry); at its
# end the bus goes away under the scheduler, which must stop with a failure the service restarts.
# No `needs_session_bus`: each part starts its own bus, late.
every_date=1
source "$(dirname "$0")/lib.sh"

unset DBUS_SESSION_BUS_ADDRESS DISPLAY
stamp="$XDG_STATE_HOME/daily-dose/last-fired"

dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
# The minute before now is due today, except at 00:00, where it is yesterday's 23:59.
[ "$(clock_date +%H%M)" = 0000 ] && sleep 60
due=$(date -d "@$(( $(clock_now) - 60 ))" +%H:%M)
dose config set notify-time "$due" >/dev/null
log "notify-time $due (already due)"

late_bus() { # late_bus PART SOCKET [ADDRESS]: the scheduler sees ADDRESS (none when absent); the bus comes at SOCKET
    local part=$1 socket=$2 address=${3:-} scheduler_log="$art/scheduler-$1.log" bus_pid scheduler nobus
    rm -f "$stamp"
    expect "$part: no bus socket yet" test ! -e "$socket"
    if [ -n "$address" ]; then
        DBUS_SESSION_BUS_ADDRESS=$address "$DOSE_BIN/dose-notify" run >"$scheduler_log" 2>&1 &
    else
        "$DOSE_BIN/dose-notify" run >"$scheduler_log" 2>&1 &
    fi
    scheduler=$!
    bg_pids+=($scheduler)
    # The first try at start, then the retry 15 s later: it keeps asking for the bus.
    expect "$part: a clear log line without a bus" wait_for 10 grep -q "no D-Bus session bus" "$scheduler_log"
    expect "$part: it retried without a bus" wait_for 25 bash -c "[ \$(grep -c 'no D-Bus session bus' '$scheduler_log') -ge 2 ]"
    log "$part: $(grep 'no D-Bus session bus' "$scheduler_log" | tail -1)"
    expect "$part: the scheduler stays up" kill -0 "$scheduler"
    expect "$part: nothing recorded as fired" test ! -e "$stamp"

    # The bus appears; the test's own tools (monitor, dunst, dbus-send) get its address explicitly.
    dbus-daemon --config-file="$DOSE_ROOT/tests/e2e/session.conf" --address="unix:path=$socket" --nofork \
        >"$art/dbus-daemon-$part.log" 2>&1 &
    bus_pid=$!
    bg_pids+=($bus_pid)
    wait_for 10 test -S "$socket" || fail "$part: the late bus did not start"
    export DBUS_SESSION_BUS_ADDRESS="unix:path=$socket"
    desktop_up
    log "$part: bus up at $socket"
    if [ -z "$address" ]; then
        # The scheduler watches that socket: it sees the bus at once, not at its next backoff step (30 s away).
        expect "$part: the bus is noticed at once" wait_for 5 grep -q "a D-Bus session bus is there now" "$scheduler_log"
    fi
    # With a bus but no server yet, the next try must say so (it reached the bus, no stale failure).
    expect "$part: the next try reaches the bus" wait_for 45 grep -q "nothing owns org.freedesktop.Notifications" "$scheduler_log"
    log "$part: $(grep 'nothing owns' "$scheduler_log" | tail -1)"
    expect "$part: the scheduler watches the new bus" grep -q "a D-Bus session bus is there now" "$scheduler_log"
    nobus=$(grep -c "no D-Bus session bus" "$scheduler_log" || true)
    expect "$part: bus, no server: nothing delivered" test "$(notify_count)" -eq 0
    expect "$part: bus, no server: nothing recorded as fired" test ! -e "$stamp"

    # The server appears: delivered at once (the backoff is at 60 s by now), and once.
    dunst_up
    expect "$part: delivered within 10 s of the server appearing" wait_for 10 notified_at_least 1
    expect "$part: delivered exactly once (20 s watched)" notified_exactly_for 1 20
    expect "$part: the stamp records today" grep -qx "$(clock_date +%F)" "$stamp"
    expected=$("$DOSE_BIN/dose-notify" --dry-run --date "$(clock_date +%F)" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"])')
    expect "$part: the day's item was delivered" grep -qF "string \"$expected\"" "$art/dbus-monitor.txt"
    expect "$part: no 'no bus' line once the bus was there" test "$(grep -c 'no D-Bus session bus' "$scheduler_log")" -eq "$nobus"
    expect "$part: one 'notified' line" test "$(grep -c 'notified ' "$scheduler_log")" -eq 1
    expect "$part: the scheduler is running" kill -0 "$scheduler"
    # Control: the server takes another notification on this bus, so the counts above could have moved.
    "$DOSE_BIN/dose-notify" fire >"$art/fire-control-$part.log" 2>&1 &
    bg_pids+=($!)
    expect "$part: control: a second notification reaches the server" wait_for 20 notified_exactly 2
    expect "$part: no crash in the scheduler log" bash -c "! grep -qi 'fatal\|segmentation\|assertion' '$scheduler_log'"

    if [ "$part" = address ]; then
        # The bus goes away under the scheduler: it stops with a failure (69), which the user service
        # (Restart=on-failure) restarts, where GLib's exit-on-close made it exit 0 and stay down.
        local status=0
        stop_child "$bus_pid"
        wait_for 10 bash -c "! kill -0 $scheduler 2>/dev/null" || fail "$part: the scheduler did not stop with its bus"
        wait "$scheduler" || status=$?
        log "$part: bus gone: the scheduler exited $status: $(tail -1 "$scheduler_log")"
        expect "$part: bus gone: exit 69, a failure the service restarts" test "$status" -eq 69
        expect "$part: bus gone: a clear log line" grep -q "session bus closed" "$scheduler_log"
        dunst_down
    else
        # Down again for the next part: scheduler first (a stop request: exit 0), then server and bus.
        local status=0
        kill "$scheduler" 2>/dev/null || true; wait "$scheduler" || status=$?
        expect "$part: a stop request ends it with 0" test "$status" -eq 0
        dunst_down
        stop_child "$bus_pid"
    fi
    unset DBUS_SESSION_BUS_ADDRESS DISPLAY
}

late_bus runtime-dir "$XDG_RUNTIME_DIR/bus"
late_bus address "$work/later-bus" "unix:path=$work/later-bus"
log "done"
