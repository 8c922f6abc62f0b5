#!/usr/bin/env bash
# The app beside GNOME's own (issue 21): every page (the welcome page, today's card, Upcoming, Learn, Study, a quiz,
# Preferences) in light, dark, 360 px wide and German, and GNOME Clocks and Text Editor on the same display, at the
# same size and in the same style, into artifacts/screenshots/DATE/gallery/ (scripts/gallery.sh copies a run's
# pictures to docs/screenshots/). Checked, not only taken: each picture is a real one (not blank, the size asked),
# and the app's header bar is the colour Clocks' and Text Editor's are in that style (libadwaita draws all three:
# a hand-painted header, a stray theme or a missed dark style shows here).
needs_app_bus=1
deadline=1200
source "$(dirname "$0")/lib.sh"
command -v gnome-clocks >/dev/null && command -v gnome-text-editor >/dev/null \
    || fail "GNOME Clocks and Text Editor are missing (Debian packages gnome-clocks, gnome-text-editor)"
app_up
export GSETTINGS_BACKEND=keyfile
dbus-update-activation-environment GSETTINGS_BACKEND
gsettings set org.gnome.desktop.interface color-scheme default
# Background work is a stand-in's: nothing runs behind the pictures' backs.
fake_systemd_up dose-notify.service=disabled dose-daemon.service=disabled
gallery="$screenshots/gallery"
rm -rf "$gallery"
mkdir -p "$gallery"
wide=(1024 720)
narrow=(360 720)

# A window by its exact title, sized, focused (no window manager: the pointer and the input focus are ours to set).
window_of() { xdotool search --onlyvisible --name "^$1\$" | head -1; }
frame() { # frame TITLE WIDTH HEIGHT
    local id
    id=$(window_of "$1")
    [ -n "$id" ] || fail "no window \"$1\""
    xdotool windowsize "$id" "$2" "$3"
    xdotool mousemove --window "$id" 5 5
    xdotool windowfocus --sync "$id" 2>/dev/null || true
    sleep 1.5  # the resize, the style change and the page's layout settle
}
# A picture of the window TITLE, checked: PNG, at most a few pixels off the size asked, not one colour.
shoot() { # shoot TITLE NAME WIDTH
    local id width colours
    id=$(window_of "$1")
    import -window "$id" "$gallery/$2.png"
    width=$(identify -format '%w' "$gallery/$2.png")
    colours=$(convert "$gallery/$2.png" -format '%k' info:)
    # A window may be a little wider than asked where its content needs it (Preferences at 360 px: 370; app-card and
    # app-narrow allow up to 380).
    expect "$2.png is $3 px wide (got $width)" test "$(( width - $3 ))" -ge -8 -a "$(( width - $3 ))" -le 20
    expect "$2.png is a picture, not one colour ($colours colours)" test "$colours" -gt 50
}
# The header bar's colour: a pixel 7 px down, a fifth of the way across (clear of the corners, the start
# buttons and a centred view switcher: Clocks' starts at a quarter), as "R,G,B".
header_colour() { convert "$1" -crop 1x1+$(( $(identify -format '%w' "$1") / 5 ))+7 -format '%[fx:int(255*r)],%[fx:int(255*g)],%[fx:int(255*b)]' info:; }

# The app's pages at one size and style (LABEL: light, dark, narrow, de); the window is up on today's card.
pages() { # pages LABEL WIDTH HEIGHT
    local label=$1 width=$2 height=$3
    frame "Daily Dose" "$width" "$height"
    shoot "Daily Dose" "today-$label" "$width"
    atspi click "$upcoming"
    sleep 1
    shoot "Daily Dose" "upcoming-$label" "$width"
    app_action learn
    expect "$label: the Learn page" atspi wait "$learn_entry" 15
    sleep 1
    shoot "Daily Dose" "learn-$label" "$width"
    app_action study "Calculus\\u001fChain rule"
    expect "$label: the Study page" atspi wait "$study_progress" 15
    sleep 1
    shoot "Daily Dose" "study-$label" "$width"
    app_action quiz "Calculus\\u001fChain rule"
    expect "$label: the quiz" atspi wait "$quiz_progress" 20
    sleep 1
    shoot "Daily Dose" "quiz-$label" "$width"
    app_action preferences
    expect "$label: Preferences" wait_for 15 bash -c "/usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx '$preferences'"
    frame "$preferences" "$width" "$height"
    shoot "$preferences" "preferences-$label" "$width"
    xdotool key ctrl+w
    wait_for 10 bash -c "! /usr/bin/python3 '$DOSE_ROOT/tests/support/atspi_driver.py' windows | grep -qx '$preferences'" || true
}
learn_entry="Calculus — Chain rule" study_progress="1 of 10" quiz_progress="Question 1 of 6" preferences=Preferences upcoming=Upcoming

# The welcome page first, while the pool is empty: light, dark, narrow, German.
app_start
frame "Daily Dose" "${wide[@]}"
shoot "Daily Dose" welcome-light "${wide[0]}"
gsettings set org.gnome.desktop.interface color-scheme prefer-dark
frame "Daily Dose" "${wide[@]}"
shoot "Daily Dose" welcome-dark "${wide[0]}"
gsettings set org.gnome.desktop.interface color-scheme default
frame "Daily Dose" "${narrow[@]}"
shoot "Daily Dose" welcome-narrow "${narrow[0]}"
app_quit
LANGUAGE=de LANG=de_DE.UTF-8 app_start
expect "the welcome page in German" atspi wait "Willkommen bei Daily Dose" 15
frame "Daily Dose" "${wide[@]}"
shoot "Daily Dose" welcome-de "${wide[0]}"
app_quit

# A pool and a ready topic (the loopback provider's deck and quiz), as a student has them after a week.
dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
provider_up '{"default": "maths-ok"}'
dose learn tick Calculus "Chain rule" >/dev/null
dose learn run >"$art/learn-run.txt" 2>&1 || fail "dose learn run failed: $(cat "$art/learn-run.txt")"
export DOSE_QUIZ_SEED=1

app_start
pages light "${wide[@]}"
gsettings set org.gnome.desktop.interface color-scheme prefer-dark
app_action today
pages dark "${wide[@]}"
gsettings set org.gnome.desktop.interface color-scheme default
app_action today
pages narrow "${narrow[@]}"
app_quit
export DOSE_CARD_NAME=Dosis
learn_entry="Calculus — Chain rule" study_progress="1 von 10" quiz_progress="Frage 1 von 6" preferences=Einstellungen upcoming=Demnächst
LANGUAGE=de LANG=de_DE.UTF-8 app_start
pages de "${wide[@]}"
app_quit

# GNOME's own apps on the same display, in the same two styles and at the same size.
others() { # others LABEL
    local app title
    # Text Editor's title names its document: "New Document (Draft) - Text Editor".
    for app in "gnome-clocks:Clocks" "gnome-text-editor:.* - Text Editor"; do
        title=${app#*:}
        ${app%%:*} >>"$art/${app%%:*}.log" 2>&1 &
        bg_pids+=($!)
        wait_for 30 bash -c "xdotool search --onlyvisible --name '^$title\$' >/dev/null" || fail "${app%%:*} did not open a window"
        frame "$title" "${wide[@]}"
        shoot "$title" "$(echo "${app%%:*}" | sed 's/^gnome-//')-$1" "${wide[0]}"
        stop_child "${bg_pids[-1]}"
    done
}
others light
gsettings set org.gnome.desktop.interface color-scheme prefer-dark
others dark
gsettings set org.gnome.desktop.interface color-scheme default

# Same platform: in each style the three header bars are one colour (libadwaita's, unfocused or not alike).
for style in light dark; do
    ours=$(header_colour "$gallery/learn-$style.png")
    clocks=$(header_colour "$gallery/clocks-$style.png")
    editor=$(header_colour "$gallery/text-editor-$style.png")
    log "$style header bars: Daily Dose $ours, Clocks $clocks, Text Editor $editor"
    expect "$style: the header bar is Clocks' colour" test "$ours" = "$clocks"
    expect "$style: the header bar is Text Editor's colour" test "$ours" = "$editor"
done
light=$(header_colour "$gallery/learn-light.png")
dark=$(header_colour "$gallery/learn-dark.png")
expect "the dark style is another colour than the light one ($light, $dark)" test "$light" != "$dark"
log "done: $(ls "$gallery" | wc -l) pictures in $gallery"
