#!/usr/bin/env bash
# The app in the user's language, read through AT-SPI: started with LANGUAGE=de LANG=de_DE.UTF-8 its buttons,
# kind, card date (weekday and month names from LC_TIME), Upcoming rows, Reveal, the answer's word and the
# retired page are German (and, on an empty pool first, the welcome page), while the dose's own title stays as the pack wrote it and the kind is the one `dose`
# prints in the same environment; started again under C.UTF-8 the same window is English.
needs_app_bus=1
every_date=1
source "$(dirname "$0")/lib.sh"
german_catalogue
app_up
german() { LANGUAGE=de LANG=de_DE.UTF-8 "$@"; }

# An empty pool: the welcome page in German, and dose's pointer to it too.
german app_start
expect "the welcome page is German" atspi wait "Willkommen bei Daily Dose" 10
atspi dump >"$art/tree-welcome-de.txt"
expect "its import button: Beispielpaket importieren" grep -q "push button	Beispielpaket importieren" "$art/tree-welcome-de.txt"
if grep -q -e "Welcome to Daily Dose" -e "Import the sample pack" -e "content source URL" "$art/tree-welcome-de.txt"; then
    fail "English words on the German welcome page"
fi
expect "dose points to the welcome page in German" bash -c "LANGUAGE=de '$DOSE_BIN/dose' today 2>&1 | grep -q 'der Bestand ist leer; öffnen Sie Daily Dose'"
app_quit

dose import "$DOSE_ROOT/content/sample-pack.json" >/dev/null
german_date() { LC_ALL=de_DE.UTF-8 date -d "$1" +'%A, %-d. %B %Y'; } # "Montag, 30. November 2026"
today=$(clock_date +%F)
title=$(title_on "$today")
[ -n "$title" ] || fail "dose calendar gave no title"

german app_start
export DOSE_CARD_NAME=Dosis
expect "today's title (the pack's words) is the card's" atspi wait-card "$title" 10
atspi dump >"$art/tree-de.txt"
atspi card >"$art/card-de.txt"
expect "the window keeps the app's name" grep -q "^frame	Daily Dose" "$art/tree-de.txt"
expect "a German button: Nächster Tag" atspi wait "Nächster Tag" 5
expect "and Zurück zu heute" atspi wait "Zurück zu heute" 5
expect "the Upcoming page is Demnächst" grep -q "	Demnächst" "$art/tree-de.txt"
if grep -q -e "Next day" -e "Back to today" -e "of the day" "$art/tree-de.txt"; then fail "English words in the German window"; fi
headline=$(german dose today | head -1 | sed 's/ · .*//')
expect "dose says a German kind ($headline)" grep -qx -e "Fakt des Tages" -e "Formel des Tages" -e "Frage des Tages" <<<"$headline"
date_de=$(german_date "$today")
# The card's heading: the kind's German name (dose's headline without "des Tages") and the German date.
kind_de=${headline% des Tages}
expect "the card's heading is German ($kind_de · $date_de)" test "$(sed -n 1p "$art/card-de.txt")" = "$kind_de · $date_de"
expect "with a German weekday" grep -qE "^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), [0-9]+\. " <<<"$date_de"
rows=$(grep -cE "^label	(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), [0-9]+\. [^ ]+ [0-9]{4} · " "$art/tree-de.txt" || true)
expect "Upcoming has 30 German rows (got $rows)" test "$rows" -eq 30
expect "its first row is today's" grep -qF "label	$date_de · $headline" "$art/tree-de.txt"

# The next day through the German button, as `dose today --date` picks it, with its German date.
atspi click "Nächster Tag"
tomorrow=$(day_after "$today" 1)
expect "Nächster Tag shows tomorrow's dose" atspi wait-card "$(title_on "$tomorrow")" 10
expect "with tomorrow's German date" grep -qE "^(Fakt|Formel|Frage) · $(german_date "$tomorrow")\$" <(atspi card)

# A question's day: Reveal says so in German, and the revealed answer is introduced in German.
day=$tomorrow
for i in $(seq 2 12); do
    [ "$(kind_on "$day")" = question ] && break
    day=$(day_after "$today" "$i")
    atspi click "Nächster Tag"
    atspi wait-card "$(title_on "$day")" 10 || fail "Nächster Tag did not show $day"
done
[ "$(kind_on "$day")" = question ] || fail "no question within 12 days"
expect "Reveal is Antwort aufdecken" atspi wait "Antwort aufdecken" 5
atspi click "Antwort aufdecken"
expect "Reveal goes once pressed" atspi gone "Antwort aufdecken" 10
atspi card >"$art/card-de-revealed.txt"
expect "the answer is introduced in German" grep -q "^Antwort: " "$art/card-de-revealed.txt"
app_screenshot "$art/german-revealed.png"

# A click's retired id: the honest page, in German.
app_action open-dose q-gone-since-yesterday
expect "the retired page's title is German" atspi wait-card "Diese Dosis ist nicht mehr verfügbar" 10
expect "and so is its text" grep -q "^Die Benachrichtigung hat die Dosis q-gone-since-yesterday angekündigt" <(atspi card)
xdotool key ctrl+w
expect "closing the window ends the process" wait_for 10 bash -c "! kill -0 $app_pid 2>/dev/null"

# The same window under C.UTF-8 (the scenarios' locale): English, so the German came from the environment.
app_start
export DOSE_CARD_NAME=Dose
expect "English again: today's title" atspi wait-card "$title" 10
expect "English again: Next day" atspi wait "Next day" 5
expect "English again: the kind" grep -qE "^(Fact|Formula|Question) · " <(atspi card | sed -n 1p)
log "PASS"
