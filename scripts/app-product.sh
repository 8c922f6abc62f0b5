#!/usr/bin/env bash
# Whether Package.swift declares the desktop app's product `daily-dose` (exit 0) or not yet (exit 1,
# with a note on stderr). Usage: scripts/app-product.sh [PACKAGE_SWIFT]
# The Makefile, packaging/build-deb.sh, bench/ and the packaging tests ask this
# instead of assuming: the app and its files are built, installed and packaged once the product exists,
# and until then everything else still builds. Read from the manifest's text (no `swift package`, which
# would write under .build/, also as root under `sudo make install`).
set -euo pipefail
manifest=${1:-"$(cd "$(dirname "$0")/.." && pwd)/Package.swift"}
# `.executable(name: "daily-dose", …)`, however the call is wrapped over lines; comments ignored.
if sed 's|//.*||' "$manifest" | tr '\n' ' ' | grep -Eq '\.executable\([[:space:]]*name:[[:space:]]*"daily-dose"'; then
    exit 0
fi
echo "note: Package.swift declares no daily-dose product yet: the desktop app and its files are left out" >&2
exit 1
