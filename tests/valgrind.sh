#!/usr/bin/env bash
# Leak check: the end-to-end runs under valgrind must report no leaks and no errors.
set -euo pipefail
: "${XC:?}" "${XC_SOURCE_DIR:?}"
vg=(valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect,possible
    --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99)
rules="$XC_SOURCE_DIR/rules"
runs=0
check() {
  set +e
  "${vg[@]}" "$XC" "$@" >/dev/null 2>"$tmp/err"
  rc=$?
  set -e
  if [ "$rc" -eq 99 ] || [ "$rc" -gt 2 ]; then
    echo "valgrind found problems in: crosscheck $*" >&2
    cat "$tmp/err" >&2
    exit 1
  fi
  runs=$((runs + 1))
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every story once (JSON, two threads), every other format on one story, extraction of
# the corpus and of the odd inputs of the fuzz seeds, the text and GitHub reports of both
# (with their skipped inputs), a draft check, the rule examples.
check --rules "$rules" --jobs 2 --format json --agreements "$XC_SOURCE_DIR/corpus"
check extract --rules "$rules" --jobs 2 "$XC_SOURCE_DIR/corpus" "$XC_SOURCE_DIR/tests/fuzz/seeds/ingest"
# the text and GitHub reports keep what they list of the skipped inputs until their end
for f in text github; do
  check --rules "$rules" --jobs 2 --format "$f" --fail-on never "$XC_SOURCE_DIR/corpus" \
    "$XC_SOURCE_DIR/tests/fuzz/seeds/ingest"
done
for f in text html sarif github jsonl; do
  check --rules "$rules" --jobs 1 --format "$f" "$XC_SOURCE_DIR/corpus/pyongyang-marathon"
done
if [ -d "$XC_SOURCE_DIR/corpus/drafts" ]; then
  for d in "$XC_SOURCE_DIR"/corpus/drafts/*.md; do
    check check "$d" --sources "$XC_SOURCE_DIR/corpus/pyongyang-marathon" --rules "$rules" --format json
  done
fi
check rules test "$rules"
echo "valgrind: $runs runs clean"
