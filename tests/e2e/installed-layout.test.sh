#!/usr/bin/env bash
# `make install PREFIX=/usr/local DESTDIR=…` puts each file where the desktop, systemd and the shells
# look for it, with the programs stripped as the .deb's are; the installed dose-notify names the icon
# installed beside it by path in the notification's `image-path` hint (dunst finds no icon by name under
# /usr/local), and the icon name once that file is gone. The notification screenshot the AppStream
# metainfo shows is taken here, from the installed programs (dunst under Xvfb; the dose page the click
# opens, in headless Chromium, beside it), into artifacts/e2e/DATE/installed-layout/screenshots/. Both parts are
# installed (the .deb's daily-dose and daily-dose-app): the app's binary, desktop entry, D-Bus service
# (naming the installed binary) and metainfo once Package.swift declares it (scripts/app-product.sh).
# `make uninstall` removes every file.
needs_session_bus=1
build_home=${HOME:-/root}   # make runs with the real home (SwiftPM's caches), not the scenario's
source "$(dirname "$0")/lib.sh"

id=net.dailydose.DailyDose
dest="$work/dest"
local_prefix="$dest/usr/local"
make_here() { # make_here TARGET ARGS...: the project's Makefile, outside the scenario's XDG home
    env -u XDG_CACHE_HOME -u XDG_CONFIG_HOME -u XDG_DATA_HOME -u XDG_STATE_HOME HOME="$build_home" \
        make -C "$DOSE_ROOT" --no-print-directory "$@"
}

# --- the layout ----------------------------------------------------------------------------------
make_here install PREFIX=/usr/local DESTDIR="$dest" >"$art/make-install.log" 2>&1 \
    || { tail -20 "$art/make-install.log"; fail "make install PREFIX=/usr/local"; }
find "$dest" -type f -printf '/%P\n' | sort >"$art/installed-files.txt"
for file in usr/local/bin/dose usr/local/bin/dose-notify usr/local/share/daily-dose/sample-pack.json \
        usr/local/lib/systemd/user/dose-notify.service usr/local/lib/systemd/user/dose-daemon.service \
        usr/local/share/icons/hicolor/scalable/apps/$id.svg usr/local/share/man/man1/dose.1 \
        usr/local/share/man/man1/dose-notify.1 usr/local/share/man/man5/daily-dose-pack.5 \
        usr/local/share/bash-completion/completions/dose usr/local/share/bash-completion/completions/dose-notify \
        usr/local/share/fish/vendor_completions.d/dose.fish usr/local/share/fish/vendor_completions.d/dose-notify.fish \
        etc/xdg/autostart/dose-notify-autostart.desktop etc/xdg/autostart/dose-daemon-autostart.desktop \
        usr/local/share/zsh/site-functions/_dose; do
    expect "make install put /$file" test -f "$dest/$file"
done
app_files=(usr/local/bin/daily-dose usr/local/share/applications/$id.desktop
           usr/local/share/dbus-1/services/$id.service usr/local/share/metainfo/$id.metainfo.xml
           usr/local/share/man/man1/daily-dose.1)
if "$DOSE_ROOT/scripts/app-product.sh" 2>/dev/null; then
    for file in "${app_files[@]}"; do
        expect "make install put /$file" test -f "$dest/$file"
    done
    expect "the installed D-Bus service starts /usr/local/bin/daily-dose" \
        grep -qx "Exec=/usr/local/bin/daily-dose --gapplication-service" "$local_prefix/share/dbus-1/services/$id.service"
    expect "the installed desktop entry validates" desktop-file-validate "$local_prefix/share/applications/$id.desktop"
    expect "the installed metainfo validates" appstreamcli validate --no-net "$local_prefix/share/metainfo/$id.metainfo.xml"
    # A session bus with the standard directories ($XDG_DATA_DIRS/dbus-1/services; by default
    # /usr/local/share and /usr/share) finds it: here XDG_DATA_DIRS is the DESTDIR's /usr/local/share.
    sed 's|<policy context="default">|<standard_session_servicedirs/>\n  &|' "$DOSE_ROOT/tests/e2e/session.conf" >"$work/standard.conf"
    activatable() {
        XDG_DATA_DIRS="$local_prefix/share" timeout 20 dbus-run-session --config-file="$work/standard.conf" -- \
            gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
                --method org.freedesktop.DBus.ListActivatableNames | grep -q "'$id'"
    }
    expect "a session bus lists $id as activatable from \$XDG_DATA_DIRS/dbus-1/services" activatable
else
    for file in "${app_files[@]}"; do
        expect "without the app's product, make install leaves out /$file" test ! -e "$dest/$file"
    done
    expect "make install says the app was left out" grep -q "declares no daily-dose product" "$art/make-install.log"
fi
# The translations: under PREFIX/share/locale, where the installed dose looks (beside its own prefix).
expect "make install put the German catalogue" test -f "$local_prefix/share/locale/de/LC_MESSAGES/daily-dose.mo"
expect "the installed dose speaks German with LANGUAGE=de" \
    bash -c "LANGUAGE=de LANG=C.UTF-8 '$local_prefix/bin/dose' frobnicate 2>&1 | grep -q 'unbekannter Befehl frobnicate'"
expect "and English without it" \
    bash -c "LANG=C.UTF-8 '$local_prefix/bin/dose' frobnicate 2>&1 | grep -q 'unknown command frobnicate'"
expect "nothing outside /usr/local but the autostart entries" \
    test -z "$(grep -v -e '^/usr/local/' -e '^/etc/xdg/autostart/' "$art/installed-files.txt")"
expect "the installed unit runs /usr/local/bin/dose-notify" \
    grep -q '^ExecStart=/usr/local/bin/dose-notify run' "$local_prefix/lib/systemd/user/dose-notify.service"

# systemd-analyze checks that ExecStart exists and, through man(1), that the Documentation= page does.
for unit in "$local_prefix"/lib/systemd/user/*.service; do
    mkdir -p "$work/verify"
    sed -E "s#^(ExecStart=)/#\1$dest/#" "$unit" >"$work/verify/${unit##*/}"
    expect "systemd-analyze verify ${unit#"$dest"}" \
        env MANPATH="$local_prefix/share/man" systemd-analyze verify --user "$work/verify/${unit##*/}"
done

# Where the readers look, asked of the readers themselves.
expect "systemd looks for user units in /usr/local/lib/systemd/user" \
    bash -c "systemd-analyze --user unit-paths 2>/dev/null | grep -qx /usr/local/lib/systemd/user"
expect "zsh's fpath has /usr/local/share/zsh/site-functions" \
    zsh -f -c '(( ${fpath[(Ie)/usr/local/share/zsh/site-functions]} ))'
# fish (3.6) takes its vendor directories from XDG_DATA_DIRS, which desktop sessions set (the XDG
# default, /usr/local/share:/usr/share); the scenario's HOME has no fish config of its own.
expect "fish completes from /usr/local/share/fish/vendor_completions.d in a desktop session" \
    env XDG_DATA_DIRS=/usr/local/share:/usr/share fish -c 'contains /usr/local/share/fish/vendor_completions.d $fish_complete_path'
# The Desktop Application Autostart spec reads $XDG_CONFIG_DIRS/autostart, and XDG_CONFIG_DIRS is /etc/xdg
# unless set: the entries are in the one system directory every desktop reads.
expect "autostart entries are in \$XDG_CONFIG_DIRS/autostart (default /etc/xdg)" \
    test -f "$dest/${XDG_CONFIG_DIRS:-/etc/xdg}/autostart/dose-notify-autostart.desktop"
zsh_loads() { # compinit finds _dose on a default fpath moved into the DESTDIR
    ZDOTDIR="$work" zsh -f -c "fpath=($local_prefix/share/zsh/site-functions \$fpath); autoload -U compinit;
        compinit -u -d $work/zcompdump; [[ \$_comps[dose] == _dose ]]"
}
expect "zsh's compinit picks up the installed _dose" zsh_loads

# Stripped as the .deb's programs are (Makefile STRIP_FLAGS): no symbol table, no .comment.
sections() { readelf -S --wide "$1" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\./) { print $i; break } }'; }
expect "control: the release build has a symbol table" bash -c "$(declare -f sections); sections '$DOSE_BIN/dose' | grep -qx .symtab"
programs=(dose dose-notify)
"$DOSE_ROOT/scripts/app-product.sh" 2>/dev/null && programs+=(daily-dose)
for binary in "${programs[@]}"; do
    sections "$local_prefix/bin/$binary" >"$art/sections-$binary.txt"
    expect "$binary is stripped (no .symtab)" bash -c "! grep -qx .symtab '$art/sections-$binary.txt'"
    expect "$binary has no .comment" bash -c "! grep -qx .comment '$art/sections-$binary.txt'"
    # The app (a GApplication) answers --help before it opens a display.
    flag=--version; [ "$binary" = daily-dose ] && flag=--help
    expect "the stripped $binary runs" "$local_prefix/bin/$binary" "$flag"
done
log "installed sizes: dose $(stat -c %s "$local_prefix/bin/dose") B, dose-notify $(stat -c %s "$local_prefix/bin/dose-notify") B" \
    "(release build: $(stat -c %s "$DOSE_BIN/dose") B, $(stat -c %s "$DOSE_BIN/dose-notify") B)"

# --- the installed programs: the icon by path, the screenshots -------------------------------------
desktop_up
dunst_up
install_test_handler
"$local_prefix/bin/dose" import "$local_prefix/share/daily-dose/sample-pack.json" >"$art/import.txt" 2>&1 \
    || { cat "$art/import.txt"; fail "the installed dose imports the installed pack"; }
# The image-path values the bus has seen, one a line.
image_paths() { grep -A1 'string "image-path"' "$art/dbus-monitor.txt" | sed -n 's/^ *variant *string "\(.*\)"$/\1/p'; }

"$local_prefix/bin/dose-notify" fire >"$art/fire.log" 2>&1 &
fire=$!
bg_pids+=($fire)
wait_for 20 notified_at_least 1 || { cat "$art/fire.log"; fail "the installed dose-notify fire sent nothing"; }
sleep 1
expect "image-path is the icon installed under the binary's prefix" \
    test "$(image_paths | sed -n 1p)" = "$local_prefix/share/icons/hicolor/scalable/apps/$id.svg"
# Notify's third argument (app_name, replaces_id, app_icon, …) keeps the icon's name.
app_icon=$(awk '/member=Notify$/ { getline; getline; getline; print; exit }' "$art/dbus-monitor.txt")
expect "app_icon is still the icon's name" test "$app_icon" = "   string \"$id\""

mkdir -p "$art/screenshots"
window=$(xdotool search --class dunst | head -1)
[ -n "$window" ] || fail "no dunst window for the screenshot"
import -window "$window" "$art/screenshots/notification.png"
click_notification
wait_for 15 test -s "$work/opened.log" || fail "a click on the installed program's notification opened nothing"
page=$(sed -n 's/^uri=//p' "$work/opened.log" | head -1)
page=${page#file://}
expect "the click opened a dose page" test -f "$page"
timeout 90 chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions --hide-scrollbars \
    --virtual-time-budget=5000 --user-data-dir="$work/chromium" --window-size=1280,720 \
    --screenshot="$art/screenshots/dose-page.png" "file://$page" >>"$art/chromium.log" 2>&1 || fail "chromium screenshot"
wait_for 10 bash -c "! kill -0 $fire 2>/dev/null" || fail "dose-notify fire did not leave after the click closed its notification"

# The screenshot taken here is one the metainfo names (the app's own, light, dark and narrow, come from the
# app's scenario: packaging-lint), a PNG of some size.
metainfo="$DOSE_ROOT/desktop/$id.metainfo.xml"
for name in notification.png; do
    expect "the metainfo names $name" grep -q "<image[^>]*>https://[^<]*/$name</image>" "$metainfo"
    expect "screenshot $name was taken" test -s "$art/screenshots/$name"
    expect "screenshot $name is a PNG" test "$(identify -format '%m' "$art/screenshots/$name")" = PNG
    log "screenshot $name: $(identify -format '%wx%h, %k colours' "$art/screenshots/$name")"
    expect "screenshot $name is not empty" test "$(identify -format '%k' "$art/screenshots/$name")" -gt 8
done

# Without the icon file the hint falls back to the icon's name.
rm "$local_prefix/share/icons/hicolor/scalable/apps/$id.svg"
"$local_prefix/bin/dose-notify" fire >>"$art/fire.log" 2>&1 &
bg_pids+=($!)
wait_for 20 notified_at_least 2 || fail "the second fire sent nothing"
sleep 1
expect "without the icon file, image-path is the icon name" test "$(image_paths | sed -n 2p)" = "$id"
stop_child "$!"

# --- uninstall -----------------------------------------------------------------------------------
make_here uninstall PREFIX=/usr/local DESTDIR="$dest" >>"$art/make-install.log" 2>&1 || fail "make uninstall"
expect "make uninstall removes every file" test -z "$(find "$dest" -type f)"
log "done"
