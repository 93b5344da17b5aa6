#!/usr/bin/env bash
# The examples written in the project's own rule files: all must pass, and there must be some.
set -euo pipefail
: "${XC:?}" "${XC_SOURCE_DIR:?}"
out=$("$XC" rules test "$XC_SOURCE_DIR/rules" 2>&1) || { echo "$out"; exit 1; }
echo "$out" | tail -n 5
last=$(echo "$out" | tail -n 1)
[[ "$last" =~ ^([0-9]+)\ passed,\ 0\ failed$ ]] || { echo "unexpected summary: $last"; exit 1; }
[ "${BASH_REMATCH[1]}" -ge 20 ] || { echo "too few rule examples: ${BASH_REMATCH[1]}"; exit 1; }
