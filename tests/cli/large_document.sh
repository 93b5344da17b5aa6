#!/usr/bin/env bash
# A long document (several MiB in one file) takes the paths meant for it: its JSON Lines
# record (and its part of the JSON report) is written as it is made, on the delivering
# thread, and, alone in its story, it drops its matching view once prepared. Every
# report must be byte for byte what the
# ordinary path gives (CROSSCHECK_STREAM_BYTES moves the size where those paths begin),
# for any --jobs, and a short document after the long one stays in input order.
set -euo pipefail
: "${XC:?}" "${XC_SOURCE_DIR:?}"
rules="$XC_SOURCE_DIR/rules"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*" >&2; fail=$((fail + 1)); }

# One file of about 3 MiB: the sample stories' articles one after the other, again and
# again, as a news archive dumped into one text file would be (markup and all: the .html
# and .md files are read as plain text here). A short file sits beside it.
big="$tmp/in/archive.txt"
mkdir -p "$tmp/in"
while [ "$(stat -c %s "$big" 2>/dev/null || echo 0)" -lt 3145728 ]; do
  find "$XC_SOURCE_DIR/corpus" -type f \( -name '*.txt' -o -name '*.md' -o -name '*.html' \) |
    LC_ALL=C sort | xargs cat >>"$big"
done
printf 'A total of 1,000 runners took part, reported CNN.\n' >"$tmp/in/short.txt"
size=$(stat -c %s "$big")
[ "$size" -ge 3145728 ] && ok || bad "the generated document has $size bytes"

never=$((1 << 40)) # no document is that long: the ordinary path for all

# run NAME STREAM_BYTES ARGS...: the output and exit status of one run
run() {
  local name=$1 bytes=$2
  shift 2
  local st=0
  CROSSCHECK_STREAM_BYTES=$bytes "$XC" --rules "$rules" --quiet "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || st=$?
  echo "$st" >"$tmp/$name.status"
}

same() { # same A B WHAT
  if cmp -s "$tmp/$1.out" "$tmp/$2.out" && cmp -s "$tmp/$1.status" "$tmp/$2.status"; then
    ok
  else
    bad "$3: output differs ($(cmp "$tmp/$1.out" "$tmp/$2.out" 2>&1 | head -1))"
  fi
}

# extract: the long record streamed (default size, and every record streamed) against
# every record rendered by its worker; one and two threads.
run ex.ref "$never" extract --jobs 1 "$big" "$tmp/in/short.txt"
for j in 1 2; do
  run "ex.$j" "" extract --jobs "$j" "$big" "$tmp/in/short.txt"
  same ex.ref "ex.$j" "extract --jobs $j, long record streamed"
  run "ex0.$j" 0 extract --jobs "$j" "$big" "$tmp/in/short.txt"
  same ex.ref "ex0.$j" "extract --jobs $j, every record streamed"
done
# the JSON report of extract: the long document's part streamed the same way
run exj.ref "$never" extract --jobs 1 --format json "$big" "$tmp/in/short.txt"
run exj "" extract --jobs 2 --format json "$big" "$tmp/in/short.txt"
same exj.ref exj "extract --format json, long part streamed"
# the records are whole lines, in input order, and the long one holds what was found
python3 - "$tmp/ex.1.out" "$big" "$tmp/in/short.txt" <<'PY' && ok || bad "extract records"
import json, sys
out, big, short = sys.argv[1:]
recs = [json.loads(line) for line in open(out)]
assert [r["path"] for r in recs] == [big, short], [r["path"] for r in recs]
assert recs[0]["bytes"] > 3 * 1024 * 1024
for key in ("quotes", "dates", "figures"):
    assert len(recs[0][key]) > 100, (key, len(recs[0][key]))
assert len(recs[0]["people"]) > 10, len(recs[0]["people"])
assert recs[1]["figures"][0]["value"] == 1000
PY
# the record's line is longer than the writer's buffer many times over
len=$(head -1 "$tmp/ex.1.out" | wc -c)
[ "$len" -gt $((16 * 65536)) ] && ok || bad "the long record has only $len bytes"

# cross-check: the long document alone in its story drops its matching view; every
# report is the same either way, JSON Lines records included.
for fmt in text json jsonl sarif github html; do
  run "xc.ref.$fmt" "$never" --jobs 1 --agreements --format "$fmt" "$big"
  run "xc.$fmt" "" --jobs 2 --agreements --format "$fmt" "$big"
  same "xc.ref.$fmt" "xc.$fmt" "cross-check --format $fmt"
done
# with a second document the story compares quotes: nothing is dropped, same reports
run xc2.ref "$never" --jobs 1 --one-story --format jsonl "$big" "$tmp/in/short.txt"
run xc2 0 --jobs 2 --one-story --format jsonl "$big" "$tmp/in/short.txt"
same xc2.ref xc2 "cross-check of two documents, jsonl"
grep -q '"type": *"finding"' "$tmp/xc.jsonl.out" && ok || bad "the long document has no finding"

# a report that cannot be written is still an error with the record streamed
if [ -w /dev/full ]; then
  st=0
  "$XC" extract --rules "$rules" --quiet --jobs 1 "$big" >/dev/full 2>"$tmp/full.err" || st=$?
  [ "$st" -eq 2 ] && ok || bad "extract to a full device: exit $st"
  grep -q "cannot write" "$tmp/full.err" && ok || bad "extract to a full device: $(cat "$tmp/full.err")"
fi

echo "large_document: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
