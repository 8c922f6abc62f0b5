#!/usr/bin/env bash
# Copies the app's gallery (tests/e2e/app-gallery.test.sh: every page in light, dark, 360 px and German, and
# GNOME Clocks and Text Editor beside it) from an end-to-end run's artifacts to docs/screenshots/, where
# docs/gallery.md and the README show them. Run after a run of that scenario:
#   make release && tests/run-e2e.sh .build/release app-gallery && scripts/gallery.sh
# The pictures are copied as taken (lossless PNG); a missing or blank one stops the copy before anything changes.
set -euo pipefail
cd "$(dirname "$0")/.."
source=$(ls -d artifacts/screenshots/*/gallery 2>/dev/null | head -1)
[ -n "$source" ] || { echo "no artifacts/screenshots/DATE/gallery: run tests/run-e2e.sh .build/release app-gallery first" >&2; exit 1; }
pages=(welcome today upcoming learn study quiz preferences)
styles=(light dark narrow de)
wanted=()
for page in "${pages[@]}"; do for style in "${styles[@]}"; do wanted+=("$page-$style.png"); done; done
wanted+=(clocks-light.png clocks-dark.png text-editor-light.png text-editor-dark.png)
for name in "${wanted[@]}"; do
    [ -s "$source/$name" ] || { echo "$source/$name is missing" >&2; exit 1; }
    [ "$(identify -format '%k' "$source/$name")" -gt 50 ] || { echo "$source/$name is blank" >&2; exit 1; }
done
staging=$(mktemp -d docs/.screenshots.XXXXXX)
trap 'rm -rf "$staging"' EXIT
for name in "${wanted[@]}"; do cp "$source/$name" "$staging/$name"; done
rm -rf docs/screenshots
mv "$staging" docs/screenshots
chmod 755 docs/screenshots
echo "${#wanted[@]} pictures from $source in docs/screenshots/"
