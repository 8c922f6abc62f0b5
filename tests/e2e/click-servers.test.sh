#!/usr/bin/env bash
# The click path on six freedesktop servers (issue 13), ending in the real daily-dose: dunst with the test
# configuration and with its stock one, xfce4-notifyd 0.7.3, mate-notification-daemon 1.26, lxqt-notificationd 1.2
# and the GNOME fallback notification-daemon 3.20. On each: the
# Notify call's actions carry the item id (`default` with an empty label, the Open button keyed by the id), the
# click that opens a dose there (body, middle click, Open button, by xdotool) hands the advertised id to the
# running app once (ActivateAction open-dose, seen on the bus), whose card then shows that item's title (read
# through AT-SPI), and the clicked notification is closed. Stock dunst and xfce4-notifyd close on a body click
# without an action (the documented quirk). On lxqt-notificationd and notification-daemon a body click opens the
# dose too; lxqt draws one button for our actions (a labelled `default` would be a second one: shown by a control
# notification, its buttons read through AT-SPI) and keeps a clicked notification up by itself, so the close is
# ours: it is gone after the click, and a second click at the same spot asks the app for nothing more.
# With the app not running, the click starts it by D-Bus
# activation. With no app installed, one that cannot start, or no display, the page opens.
needs_app_bus=1
every_date=1
source "$(dirname "$0")/lib.sh"

app_up
install_test_handler
app_activatable
dose import "$DOSE_ROOT/content/sample-pack.json"
today_title=$(title_on "$(clock_date +%F)")
# Ids with titles of their own, none today's, so each click's card differs from what showed before it.
"$DOSE_BIN/dose" completions ids >"$work/all-ids.txt"
ids=()
declare -A seen=(["$today_title"]=1)
while read -r id; do
    title=$(item_title "$id")
    [ -n "$title" ] && [ -z "${seen[$title]:-}" ] || continue
    seen[$title]=1
    ids+=("$id")
    [ "${#ids[@]}" -ge 11 ] && break
done <"$work/all-ids.txt"
[ "${#ids[@]}" -ge 11 ] || fail "the sample pack has fewer than 11 ids with distinct titles"

fire() { # fire ID LOGNAME: dose-notify fire in the background; sets fire_pid
    "$DOSE_BIN/dose-notify" fire --id "$1" --wait 60 >>"$art/fire-$2.log" 2>&1 &
    fire_pid=$!
    bg_pids+=($fire_pid)
}
ended() { ! kill -0 "$1" 2>/dev/null; }
asked_once() { test "$(app_asked "$1")" -eq 1; }
# The buttons lxqt-notificationd draws (its push buttons read through AT-SPI, less each notification's close "x").
lxqt_buttons() { DOSE_ATSPI_APP=lxqt-notificationd atspi dump | awk -F'\t' '$1 == "push button" && $2 != "x" { print $2 }' | paste -sd,; }
lxqt_buttons_are() { [ "$(lxqt_buttons)" = "$1" ]; }
notification_gone() { ! notification_visible; }
close_calls_are() { [ "$(grep -c "member=CloseNotification" "$art/dbus-monitor.txt")" -eq "$1" ]; }
# A second click where the last one was (the mouse has not moved): nothing more may reach the app.
click_again_opens_nothing() { # click_again_opens_nothing ID
    local notified
    notified=$(notify_count)
    xdotool click 1
    sleep 2
    expect "$server: a second click asks the app for nothing more" asked_once "$1"
    expect "$server: and opens no page" test ! -s "$work/opened.log"
    expect "$server: and sends no Notify" notified_exactly "$notified"
    expect "$server: and no notification is on screen" notification_gone
}
# After a click that opens ID: the card shows TITLE, the app was asked once, `fire` ended and closed the
# notification once (since $closes), no page opened, the notification is gone; on lxqt a second click does nothing.
clicked_dose_opened() { # clicked_dose_opened ID TITLE HOW
    expect "$server: $3 shows the clicked dose ($2)" atspi wait-card "$2" 15
    expect "$server: the app was asked once, for $1" asked_once "$1"
    wait_for 10 ended "$fire_pid" || fail "$server: fire did not end after $3"
    expect "$server: fire closed the clicked notification" close_calls_are $(( closes + 1 ))
    expect "$server: no page opened while the app is there" test ! -s "$work/opened.log"
    wait_for 10 notification_gone || fail "$server: the notification clicked ($3) is still on screen"
    if [ "$server" = lxqt ]; then click_again_opens_nothing "$1"; fi
}
# Quirk ids: a body click on each server whose body click is checked (distinct, none clicked to open before).
declare -A body_id=([dunst-stock]=${ids[6]} [xfce4-notifyd]=${ids[7]} [lxqt]=${ids[8]} [notification-daemon]=${ids[9]})

# The app already running, on today's dose.
app_start
expect "the app shows today's dose" atspi wait-card "$today_title" 10

n=0
for server in dunst dunst-stock xfce4-notifyd mate lxqt notification-daemon; do
    id=${ids[$n]}
    n=$((n + 1))
    log "--- $server"
    server_up "$server"
    before=$(notify_count)
    closes=$(grep -c "member=CloseNotification" "$art/dbus-monitor.txt" || true)
    fire "$id" "$server"
    wait_for 10 notified_at_least $(( before + 1 )) || fail "$server: no Notify"
    # The actions of the last Notify call: default with an empty label, the id with "Open".
    actions=$(awk '/member=Notify$/ { block = "" } { block = block "\n" $0 } END { print block }' "$art/dbus-monitor.txt" \
        | sed -n '/array \[/,/\]/p' | head -6 | tr -d '\n' | tr -s ' ')
    expect "$server: actions default (no label) and the id (Open)" \
        bash -c "[[ '$actions' == *'string \"default\" string \"\" string \"$id\" string \"Open\"'* ]]"
    title=$(item_title "$id")
    expect "$server: the notification advertises $title" bash -c "[[ \"\$1\" == *\": \$2\" ]]" _ "$(last_notify_copy | sed -n 1p)" "$title"
    if [ "$server" = lxqt ]; then
        wait_for 10 notification_visible || fail "lxqt: no notification on screen"
        expect "lxqt: one button, Open (the empty-labelled default draws none)" wait_for 10 lxqt_buttons_are Open
    fi
    click_to_open
    import -window root "$art/after-click-$server.png" 2>/dev/null || true
    clicked_dose_opened "$id" "$title" "the click"

    if [ "$server" = dunst-stock ] || [ "$server" = xfce4-notifyd ]; then
        # The quirk the README and man page describe: a body click closes the notification, no action.
        quirk=${body_id[$server]}
        fire "$quirk" "$server-body"
        wait_for 10 notification_visible || fail "$server: second notification not shown"
        sleep 1
        click_body
        wait_for 10 ended "$fire_pid" || fail "$server: a body click did not close the notification"
        expect "$server: a body click runs no action (the app was not asked)" test "$(app_asked "$quirk")" -eq 0
        expect "$server: the card still shows the dose clicked before" atspi wait-card "$title" 2
    fi
    if [ "$server" = lxqt ] || [ "$server" = notification-daemon ]; then
        # Here a body click opens the dose as well.
        body=${body_id[$server]}
        title=$(item_title "$body")
        closes=$(grep -c "member=CloseNotification" "$art/dbus-monitor.txt" || true)
        fire "$body" "$server-body"
        wait_for 10 notification_visible || fail "$server: second notification not shown"
        sleep 1
        click_body
        clicked_dose_opened "$body" "$title" "a body click"
    fi
    if [ "$server" = lxqt ]; then
        # The scheduler keeps listening after a click (unlike `fire`), and lxqt sends every click to the whole bus
        # and keeps the clicked notification up: `run` closes it once the click is handled, so a second click
        # finds nothing to click and the app is asked once.
        dose config set notify-time 00:00 >/dev/null
        before=$(notify_count)
        closes=$(grep -c "member=CloseNotification" "$art/dbus-monitor.txt" || true)
        "$DOSE_BIN/dose-notify" run >>"$art/scheduler-lxqt.log" 2>&1 &
        fire_pid=$!
        bg_pids+=($fire_pid)
        wait_for 15 notified_at_least $(( before + 1 )) || fail "lxqt: run did not notify the overdue day"
        day_id=$(awk '/member=Notify$/ { block = "" } { block = block "\n" $0 } END { print block }' "$art/dbus-monitor.txt" \
            | sed -n '/array \[/,/\]/p' | sed -n 4p | sed 's/^ *string "//; s/"$//')
        expect "lxqt: run's notification advertises today's dose" test "$(item_title "$day_id")" = "$today_title"
        expect "lxqt: one button, Open (run)" wait_for 10 lxqt_buttons_are Open
        click_to_open
        expect "lxqt: run's click shows today's dose" atspi wait-card "$today_title" 15
        expect "lxqt: the app was asked once, for $day_id" asked_once "$day_id"
        expect "lxqt: run closed the clicked notification" wait_for 10 close_calls_are $(( closes + 1 ))
        wait_for 10 notification_gone || fail "lxqt: the notification run showed is still on screen after the click"
        # The server's own word on why it went: reason 3, closed by our call (lxqt does not close on a click).
        reason=$(awk '/member=NotificationClosed$/ { getline; getline; r = $2 } END { print r }' "$art/dbus-monitor.txt")
        expect "lxqt: the notification was closed by our call (reason 3), not by the server" test "$reason" = 3
        click_again_opens_nothing "$day_id"
        expect "lxqt: run is still running" kill -0 "$fire_pid"
        stop_child "$fire_pid"

        # The control: a labelled default (what libnotify-style clients send) is drawn as a second button.
        gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
            --method org.freedesktop.Notifications.Notify -- control 0 "" "Control" "a labelled default" \
            "['default', 'Open dose', 'control', 'Open']" "{}" -1 >/dev/null
        expect "lxqt: a labelled default is a second button (the control)" \
            wait_for 10 lxqt_buttons_are "Open dose,Open"
        import -window root "$art/lxqt-labelled-default.png" 2>/dev/null || true
    fi
    # notification-daemon closes a clicked notification itself: closing it again is no failure worth a warning.
    expect "$server: fire warned of no failed close" bash -c '! cat "$@" 2>/dev/null | grep -q "cannot close"' _ "$art/fire-$server"*.log
    server_down
done
expect "one daily-dose all along" test "$(app_instances | wc -l)" -eq 1

log "--- the app not running: the click starts it by D-Bus activation"
app_quit
server_up dunst
id=${ids[10]}
fire "$id" activation
click_to_open
expect "D-Bus activation started daily-dose" wait_for 30 bus_has_owner "$app_id"
expect "the activated app shows the clicked dose" atspi wait-card "$(item_title "$id")" 30
expect "it was asked once" asked_once "$id"
expect "no page opened" test ! -s "$work/opened.log"
wait_for 10 ended "$fire_pid" || fail "fire did not end after the click that activated the app"

log "--- no app installed, an app that cannot start, and no display: the page"
app_quit
app_not_activatable
fire "${ids[0]}" no-app
wait_for 10 notification_visible || fail "no notification without the app"
sleep 0.5
click_to_open
wait_for 15 test -s "$work/opened.log" || fail "without the app the click opened no page"
expect "the page is the clicked dose" grep -q "${ids[0]}" "$(sed -n 's/^uri=//p' "$work/opened.log" | head -1)"
expect "no daily-dose was started" test -z "$(app_instances)"
: >"$work/opened.log"
# A broken install: the bus can name the app but cannot start it (its Exec is gone); the click still opens the page.
app_service_file | sed "s|^Exec=[^ ]*|Exec=$work/no-such-daily-dose|" >"$DOSE_SERVICE_DIR/$app_id.service"
dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.ReloadConfig >/dev/null
fire "${ids[6]}" broken-app
wait_for 10 notification_visible || fail "no notification with the app broken"
sleep 0.5
click_to_open
wait_for 15 test -s "$work/opened.log" || fail "with an app that cannot start the click opened no page"
expect "the page is the clicked dose" grep -q "${ids[6]}" "$(sed -n 's/^uri=//p' "$work/opened.log" | head -1)"
expect "the app was asked first" test "$(app_asked "${ids[6]}")" -eq 1
: >"$work/opened.log"
app_activatable
app_start
env -u DISPLAY -u WAYLAND_DISPLAY "$DOSE_BIN/dose-notify" fire --id "${ids[7]}" --wait 60 >>"$art/fire-no-display.log" 2>&1 &
fire_pid=$!
bg_pids+=($fire_pid)
wait_for 10 notification_visible || fail "no notification for the run without a display"
sleep 0.5
click_to_open
wait_for 15 test -s "$work/opened.log" || fail "without a display the click opened no page"
expect "without a display the app was not asked" test "$(app_asked "${ids[7]}")" -eq 0
expect "and still shows today's dose" atspi wait-card "$today_title" 2
log "done"
