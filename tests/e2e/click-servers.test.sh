#!/usr/bin/env bash
# The click path on four freedesktop servers (issue 13), ending in the real daily-dose: dunst with the test
# configuration and with its stock one, xfce4-notifyd 0.7.3 and mate-notification-daemon 1.26. On each: the
# Notify call's actions carry the item id (`default` with an empty label, the Open button keyed by the id), the
# click that opens a dose there (body, middle click, Open button, by xdotool) hands the advertised id to the
# running app once (ActivateAction open-dose, seen on the bus), whose card then shows that item's title (read
# through AT-SPI), and the clicked notification is closed. Stock dunst and xfce4-notifyd close on a body click
# without an action (the documented quirk). With the app not running, the click starts it by D-Bus
# activation. With no app installed, one that cannot start, or no display, the page opens.
needs_app_bus=1
source "$(dirname "$0")/lib.sh"

app_up
install_test_handler
app_activatable
dose import "$DOSE_ROOT/content/sample-pack.json"
today_title=$(dose calendar --days 1 | cut -c27-)
# Ids with titles of their own, none today's, so each click's card differs from what showed before it.
"$DOSE_BIN/dose" completions ids >"$work/all-ids.txt"
ids=()
declare -A seen=(["$today_title"]=1)
while read -r id; do
    title=$(item_title "$id")
    [ -n "$title" ] && [ -z "${seen[$title]:-}" ] || continue
    seen[$title]=1
    ids+=("$id")
    [ "${#ids[@]}" -ge 9 ] && break
done <"$work/all-ids.txt"
[ "${#ids[@]}" -ge 9 ] || fail "the sample pack has fewer than 9 ids with distinct titles"

fire() { # fire ID LOGNAME: dose-notify fire in the background; sets fire_pid
    "$DOSE_BIN/dose-notify" fire --id "$1" --wait 60 >>"$art/fire-$2.log" 2>&1 &
    fire_pid=$!
    bg_pids+=($fire_pid)
}
ended() { ! kill -0 "$1" 2>/dev/null; }
asked_once() { test "$(app_asked "$1")" -eq 1; }

# The app already running, on today's dose.
app_start
expect "the app shows today's dose" atspi wait-card "$today_title" 10

n=0
for server in dunst dunst-stock xfce4-notifyd mate; do
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
    click_to_open
    expect "$server: the app shows the clicked dose ($title)" atspi wait-card "$title" 15
    expect "$server: the app was asked once, for $id" asked_once "$id"
    wait_for 10 ended "$fire_pid" || fail "$server: fire did not end after the click"
    expect "$server: fire closed the clicked notification" \
        test "$(grep -c "member=CloseNotification" "$art/dbus-monitor.txt")" -eq $(( closes + 1 ))
    expect "$server: no page opened while the app is there" test ! -s "$work/opened.log"
    wait_for 10 bash -c '! [ -n "$(xdotool search --onlyvisible --class dunst 2>/dev/null; xdotool search --onlyvisible --name "^(xfce4-notifyd|Notification)$" 2>/dev/null)" ]' \
        || fail "$server: the clicked notification is still on screen"

    if [ "$server" = dunst-stock ] || [ "$server" = xfce4-notifyd ]; then
        # The quirk the README and man page describe: a body click closes the notification, no action.
        quirk=${ids[$(( n + 3 ))]}
        fire "$quirk" "$server-body"
        wait_for 10 notification_visible || fail "$server: second notification not shown"
        sleep 1
        click_body
        wait_for 10 ended "$fire_pid" || fail "$server: a body click did not close the notification"
        expect "$server: a body click runs no action (the app was not asked)" test "$(app_asked "$quirk")" -eq 0
        expect "$server: the card still shows the dose clicked before" atspi wait-card "$title" 2
    fi
    server_down
done
expect "one daily-dose all along" test "$(app_instances | wc -l)" -eq 1

log "--- the app not running: the click starts it by D-Bus activation"
app_quit
server_up dunst
id=${ids[8]}
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
