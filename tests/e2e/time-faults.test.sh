#!/usr/bin/env bash
# The scheduler under libfaketime (TZ=Europe/London): across midnight, the spring-forward gap
# (2026-03-29, notify-time 01:30 does not exist: fires once at 02:00 BST), the autumn repeat
# (2026-10-25, 01:30 happens twice: fires once, at the first), the clock stepped back (same day, and
# across midnight) and forward (to a notify-time ahead, and past one): exactly one Notify per local day,
# counted on the bus by dbus-monitor.
#
# How the fake clock moves: FAKETIME_TIMESTAMP_FILE holds an offset from the real clock ("+N" seconds),
# re-read on every clock call (FAKETIME_NO_CACHE=1); the monotonic clock is left real so GLib's D-Bus
# timeouts behave. libfaketime 0.9.10 intercepts timerfd_settime and translates the absolute instant, so
# the scheduler's CLOCK_REALTIME timer fires at the fake instant. A step of the fake clock is not a real
# clock set, so the kernel does not cancel the timer (TFD_TIMER_CANCEL_ON_SET): after each step the test
# rewrites the config file (a legitimate re-plan trigger, as an edit by the student would be).
export TZ=Europe/London
needs_session_bus=1
# The clock is set here with libfaketime: tests/run-e2e.sh runs this once, without the clock seam.
own_clock=1
source "$(dirname "$0")/lib.sh"

command -v faketime >/dev/null || fail "faketime is missing (Debian package faketime)"
clock="$work/faketime.rc"
stamp="$XDG_STATE_HOME/daily-dose/last-fired"
config="$XDG_CONFIG_HOME/daily-dose/config.ini"

set_clock() { # set_clock "YYYY-MM-DD HH:MM:SS ZONE": the scheduler's clock shows that instant now
    local target
    target=$(date -d "$1" +%s)
    printf '%+d\n' $(( target - $(date +%s) )) >"$clock.new" && mv "$clock.new" "$clock"
}
replan() { # rewrites the config file in place (same content): the scheduler plans again
    cp "$config" "$config.new" && mv "$config.new" "$config"
}
step() { # step INSTANT: moves the fake clock, then makes the scheduler look at it
    log "clock -> $1"
    set_clock "$1"
    replan
}
announced() { grep -q "next notification $1" "$art/scheduler.log"; }

desktop_up
dunst_up
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
dose config set notify-time 00:00 >/dev/null
[ -f "$config" ] || fail "no config file at $config"

# Control: libfaketime moves this process's clock as the test says.
set_clock "2026-03-27 23:59:50 GMT"
seen=$(FAKETIME_TIMESTAMP_FILE="$clock" FAKETIME_NO_CACHE=1 faketime -f +0 env -u FAKETIME date +%F)
expect "control: libfaketime fakes the date" test "$seen" = 2026-03-27

# Started through Debian's `faketime` wrapper, which creates libfaketime's shared memory and exports
# FAKETIME_SHARED before exec. Preloaded bare, libfaketime's constructor calls setenv(FAKETIME_SHARED),
# which moves `environ`; the Swift runtime finds argv by walking back from `environ`, so the program then
# sees no arguments at all ("missing command"). `env -u FAKETIME` drops the wrapper's fixed offset so
# the timestamp file rules.
FAKETIME_TIMESTAMP_FILE="$clock" FAKETIME_NO_CACHE=1 FAKETIME_DONT_FAKE_MONOTONIC=1 \
    faketime -f +0 env -u FAKETIME "$DOSE_BIN/dose-notify" run >>"$art/scheduler.log" 2>&1 &
wrapper=$!
bg_pids+=($wrapper)
wait_for 10 pgrep -P "$wrapper" >/dev/null || fail "the scheduler did not start under faketime"
scheduler=$(pgrep -P "$wrapper")
bg_pids=("$scheduler" "${bg_pids[@]}")

# 1. Midnight. Started at 23:59:50 on the 27th with notify-time 00:00: the 27th's is overdue and fires
#    once at start; the 28th's fires at midnight, on the timer alone (no re-plan prompted by the test).
# The stamp is written once the server has confirmed the Notify call, a moment after the call the bus
# monitor counted: wait for it rather than read it at once (a loaded CI machine read it before).
wait_for 30 notified_exactly 1 || fail "the overdue notification of the 27th did not come"
wait_for 30 notified_exactly 2 || fail "midnight: the 28th's notification did not come (timerfd not faked?)"
expect "midnight: the stamp says 2026-03-28" wait_for 10 grep -qx 2026-03-28 "$stamp"
expect "midnight: no second notification on the 28th" notified_exactly_for 2 4
expect "midnight: the next is planned for the 29th" announced "2026-03-29T00:00"

# 2. Spring forward: 01:30 does not exist on 2026-03-29; it fires once, at 02:00 BST (01:00 GMT).
dose config set notify-time 01:30 >/dev/null
step "2026-03-29 00:59:52 GMT"
wait_for 30 announced "2026-03-29T02:00" || fail "spring: the gap's notification is not planned for 02:00 BST"
wait_for 30 notified_exactly 3 || fail "spring: the 29th's notification did not come"
expect "spring: the stamp says 2026-03-29" wait_for 10 grep -qx 2026-03-29 "$stamp"
expect "spring: no second notification on the 29th" notified_exactly_for 3 4

# 3. Fall back: 01:30 happens twice on 2026-10-25; it fires at the first (BST), not at the second (GMT).
step "2026-10-25 01:29:52 BST"
wait_for 30 notified_exactly 4 || fail "autumn: the 25th's notification did not come at the first 01:30"
expect "autumn: the stamp says 2026-10-25" wait_for 10 grep -qx 2026-10-25 "$stamp"
step "2026-10-25 01:29:52 GMT"
wait_for 30 announced "2026-10-26T01:30" || fail "autumn: the next is not planned for the 26th"
expect "autumn: no notification at the repeated 01:30" notified_exactly_for 4 14

# 4. Clock stepped back: to before the notify-time on the same day, then across midnight.
step "2026-10-25 01:00:00 GMT"
expect "back (same day): no second notification on the 25th" notified_exactly_for 4 5
step "2026-10-24 01:29:55 BST"
expect "back (a day): no notification for a day before the stamp" notified_exactly_for 4 12

# 5. Clock stepped forward: to just before a notify-time ahead, and then past one.
step "2026-10-26 01:29:52 GMT"
wait_for 30 notified_exactly 5 || fail "forward: the 26th's notification did not come"
expect "forward: the stamp says 2026-10-26" wait_for 10 grep -qx 2026-10-26 "$stamp"
step "2026-10-27 09:00:00 GMT"
wait_for 30 notified_exactly 6 || fail "forward past the notify-time: the 27th's overdue notification did not come"
step "2026-10-27 10:00:00 GMT"
expect "forward: one notification on the 27th" notified_exactly_for 6 5
expect "the scheduler is still running" kill -0 "$scheduler"
expect "no crash logged" bash -c "! grep -qi 'fatal\|segmentation' '$art/scheduler.log'"
# Issue 13: each day's notification replaced the previous one in place (replaces_id), so one is on screen.
replaces=$(awk '/member=Notify$/ { getline; getline; print $2 }' "$art/dbus-monitor.txt" | tr '\n' ' ')
log "replaces_id of the Notify calls: $replaces"
expect "only the first Notify is a new notification" test "$(echo "$replaces" | tr ' ' '\n' | grep -c '^0$')" -eq 1
expect "one notification on screen after six days" test "$(dunstctl count displayed)" -eq 1
log "days notified: 27 Mar, 28 Mar, 29 Mar, 25 Oct, 26 Oct, 27 Oct; Notify calls: $(notify_count)"
log "done"
