#!/usr/bin/env bash
# From bench/run.sh: what every interactive `dose` command pays before it does anything, and what ships.
# - start-up: `dose --version` and `dose show ID` against `dose-notify --version` (the floor: the
#   scheduler carries no Foundation, SQLite or libcurl), with the page faults of one run of each, and
#   `dose show ID` beside the sqlite3 command-line shell looking up the same row (`sqlite3-lookup`);
# - size: `dose` stripped as the .deb strips it, and the .deb itself (packaging/build-deb.sh).
# Expects BENCH_BIN, BENCH_OUT, BENCH_ROOT, BENCH_RUNS and an XDG home with the 1,000-item pool.
set -euo pipefail
bin=$BENCH_BIN; out=$BENCH_OUT; root=$BENCH_ROOT
snap="$XDG_STATE_HOME/daily-dose/snapshot.json"
id=$(/usr/bin/python3 "$root/bench/resolve.py" "$snap" --date 2026-06-01)
db="$XDG_DATA_HOME/daily-dose/dose.sqlite3"
hyperfine -N -w 20 -r "$(( BENCH_RUNS * 10 ))" --export-json "$out/startup.json" \
    -n dose-notify-version "$bin/dose-notify --version" \
    -n dose-version "$bin/dose --version" \
    -n dose-show "$bin/dose show $id" \
    -n sqlite3-lookup "sqlite3 $db \"SELECT * FROM items WHERE id = '$id'\"" >"$out/startup.log" 2>&1
{
    for run in "dose-notify --version" "dose --version" "dose show $id"; do
        name=$(echo "$run" | cut -d' ' -f1-2 | tr ' ' '_')
        faults=$(/usr/bin/time -f '%R' $bin/$run 2>&1 >/dev/null | tail -1)
        echo "faults.$name=$faults"
    done
    cp "$bin/dose" "$out/dose.stripped"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$out/dose.stripped"
    echo "size.dose-stripped=$(stat -c %s "$out/dose.stripped")"
    cp "$bin/dose-notify" "$out/dose-notify.stripped"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$out/dose-notify.stripped"
    echo "size.dose-notify-stripped=$(stat -c %s "$out/dose-notify.stripped")"
    rm -rf "$out/deb"
    if (cd "$root" && SKIP_BUILD=1 packaging/build-deb.sh "$out/deb") >"$out/deb.log" 2>&1; then
        echo "size.deb=$(stat -c %s "$out"/deb/daily-dose_*.deb)"
        ! ls "$out"/deb/daily-dose-app_*.deb >/dev/null 2>&1 || echo "size.deb-app=$(stat -c %s "$out"/deb/daily-dose-app_*.deb)"
    fi
} >"$out/startup.txt"
