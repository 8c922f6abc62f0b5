#!/usr/bin/env bash
# The main job on the bundled sample content, in a throw-away XDG home:
# import the pack (a planning pass that mirrors the snapshot), then print the next
# morning's notification exactly as the scheduler would arm it, and today's whole dose.
set -euo pipefail
home=${1:?usage: demo.sh HOME_DIR BIN_DIR}
bin=${2:?usage: demo.sh HOME_DIR BIN_DIR}
rm -rf "$home"
mkdir -p "$home"
export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state" XDG_CACHE_HOME="$home/cache"

echo "== dose import content/sample-pack.json"
"$bin/dose" import content/sample-pack.json
echo
echo "== dose-notify --dry-run   (the next notification, from the snapshot alone)"
"$bin/dose-notify" --dry-run
echo
tomorrow=$(date -d tomorrow +%F)
echo "== dose-notify --dry-run --date $tomorrow   (tomorrow morning's notification)"
"$bin/dose-notify" --dry-run --date "$tomorrow"
echo
echo "== dose today --answer   (the whole dose, answer included)"
"$bin/dose" today --answer
echo
echo "== dose calendar   (the coming week, as the scheduler will show it)"
"$bin/dose" calendar
echo
echo "(demo home: $home)"
