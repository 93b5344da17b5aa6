#!/usr/bin/env bash
# Cross-checks every corpus story that has an expected.json and compares the
# JSON report with it (tests/check_expected.py). corpus/drafts is checked in
# CI mode: its drafts (the documents directly in it) against the folder named by
# its expected.json's "sources" (relative to corpus/drafts), else corpus/drafts/sources/.
# First the checker itself is run on hand-written reports that it must accept
# or reject. Fails when any story fails; skips (exit 0) only when the corpus has
# no expected.json at all, and says so.
set -u
: "${XC:?XC must name the crosscheck binary}"
: "${XC_SOURCE_DIR:?XC_SOURCE_DIR must name the source tree}"
data="${XC_TEST_DATA:-$XC_SOURCE_DIR/tests/data}/reconcile/check"
check="$XC_SOURCE_DIR/tests/check_expected.py"
corpus="$XC_SOURCE_DIR/corpus"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() {
  echo "FAIL: $*"
  failed=$((failed + 1))
}

# The checker accepts a matching report and rejects each kind of mismatch.
for r in "$data"/pass-*.json; do
  if python3 "$check" "$data/story" "$r" >"$tmp/out" 2>&1; then ok; else
    cat "$tmp/out"
    bad "check_expected.py rejected $(basename "$r")"
  fi
done
for r in "$data"/fail-*.json; do
  python3 "$check" "$data/story" "$r" >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" -eq 1 ]; then ok; else
    cat "$tmp/out"
    bad "check_expected.py gave $rc (not 1) on $(basename "$r")"
  fi
done

stories=()
for e in "$corpus"/*/expected.json; do
  [ -f "$e" ] && stories+=("$(dirname "$e")")
done
if [ ${#stories[@]} -eq 0 ]; then
  echo "corpus_expected: no corpus story has an expected.json under $corpus: corpus not checked"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
fi

for dir in "${stories[@]}"; do
  name=$(basename "$dir")
  out="$tmp/$name.json"
  if [ "$name" = drafts ]; then
    drafts=()
    for f in "$dir"/*.md "$dir"/*.txt "$dir"/*.html; do [ -f "$f" ] && drafts+=("$f"); done
    # The sources: expected.json's "sources" (relative to the folder), else sources/.
    src=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("sources") or "")' \
      "$dir/expected.json")
    case "$src" in "") src="$dir/sources" ;; /*) ;; *) src="$dir/$src" ;; esac
    if [ ${#drafts[@]} -eq 0 ] || [ ! -d "$src" ]; then
      bad "$name: expected drafts in $dir and their sources in $src"
      continue
    fi
    "$XC" check "${drafts[@]}" --sources "$src" --rules "$XC_SOURCE_DIR/rules" \
      --format json >"$out" 2>"$tmp/err"
  else
    "$XC" --format json --rules "$XC_SOURCE_DIR/rules" "$dir" >"$out" 2>"$tmp/err"
  fi
  rc=$?
  # 0: nothing at or above --fail-on; 1: findings. Anything else is a failure.
  if [ "$rc" -gt 1 ]; then
    cat "$tmp/err"
    bad "$name: crosscheck exited with $rc"
    continue
  fi
  if python3 "$check" "$dir" "$out"; then ok; else bad "$name: report differs from expected.json"; fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
