#!/usr/bin/env bash
# Builds one libFuzzer binary per target into build/fuzz/: swiftc over Sources/DoseCore plus
# fuzz/Entry.swift, with -sanitize=fuzzer,address (SwiftPM would put the fuzzer main in every target).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="$PATH:/opt/swift/usr/bin"
mkdir -p "$root/build/fuzz"
for target in ${*:-latex pack snapshot time}; do
    upper=$(echo "$target" | tr a-z A-Z)
    out="$root/build/fuzz/$target"
    # Rebuild only when a source is newer than the binary.
    if [ -x "$out" ] && [ -z "$(find "$root/Sources/DoseCore" "$root/fuzz/Entry.swift" -newer "$out" -name '*.swift' | head -1)" ]; then
        continue
    fi
    nice -n 10 swiftc -O -g -sanitize=fuzzer,address -module-name DoseCore -D "FUZZ_$upper" \
        "$root"/Sources/DoseCore/*.swift "$root/fuzz/Entry.swift" -o "$out" >"$out.build.log" 2>&1 \
        || { grep -v "Cannot export local symbol" "$out.build.log" | tail -n 40; exit 1; }
done
