#!/usr/bin/env bash
# The bad-input table of the README, one check per row: the run goes on, every input is
# accounted for with a reason or a warning, nothing crashes or hangs.
set -euo pipefail
: "${XC:?}" "${XC_SOURCE_DIR:?}"
rules="$XC_SOURCE_DIR/rules"
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0 pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*" >&2; fail=$((fail + 1)); }

# Field of the record of one path in JSON Lines output: field FILE PATH KEY
field() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
out, path, key = sys.argv[1:]
for line in open(out):
    rec = json.loads(line)
    if rec.get("path") == path:
        v = rec.get(key)
        if key == "warnings":
            v = ",".join(w["code"] for w in v)
        print("" if v is None else v)
        break
else:
    print("<missing>")
PY
}

d="$tmp/in"
mkdir -p "$d/loop"
printf '\x00\x01\x02binary\x00data' >"$d/binary.txt"
printf 'ok \xff\xfe bad bytes, then 1,000 runners.\n' >"$d/invalid.txt"
printf 'Caf\xe9 \x93quoted\x94 na\xefve, 1,000 runners.\n' >"$d/latin1.txt"
: >"$d/empty.md"
ln -s ../loop "$d/loop/self"
truncate -s 2G "$d/huge.txt"
printf -- '---\ntitle: [unclosed\n---\nA total of 1,000 runners ran.\n' >"$d/badfront.md"
printf 'not a document\n' >"$d/notes.pdf"

set +e
"$XC" extract --rules "$rules" --jobs 2 "$d" >"$tmp/out.jsonl" 2>"$tmp/err"
rc=$?
set -e
[ "$rc" -eq 0 ] && ok || bad "extract on bad inputs exited $rc: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/out.jsonl")" -eq 8 ] && ok || bad "expected 8 records, got $(wc -l <"$tmp/out.jsonl")"

expect() { # path key expected
  got=$(field "$tmp/out.jsonl" "$d/$1" "$2")
  [ "$got" = "$3" ] && ok || bad "$1: $2 is '$got', expected '$3'"
}
expect binary.txt reason "binary file"
expect invalid.txt status ok
expect latin1.txt status ok
expect latin1.txt warnings latin1
expect empty.md reason "empty file"
expect loop/self reason "symbolic link loop"
expect huge.txt reason "larger than 256 MiB"
expect badfront.md status ok
expect badfront.md warnings front-matter
expect notes.pdf reason "not a document (.pdf)"
case "$(field "$tmp/out.jsonl" "$d/invalid.txt" warnings)" in
  *invalid-utf8* | *latin1*) ok ;;
  *) bad "invalid.txt: no encoding warning" ;;
esac

# Unreadable file: as root permissions do not apply, so read it as nobody when possible.
printf 'A total of 1,000 runners.\n' >"$d/unreadable.txt"
chmod 000 "$d/unreadable.txt"
if [ "$(id -u)" -eq 0 ] && command -v runuser >/dev/null; then
  chmod 755 "$tmp" "$d"
  runuser -u nobody -- "$XC" extract --rules "$rules" "$d/unreadable.txt" >"$tmp/unr.jsonl" 2>/dev/null || true
  got=$(field "$tmp/unr.jsonl" "$d/unreadable.txt" reason)
  [ "$got" = "cannot read: Permission denied" ] && ok || bad "unreadable: '$got'"
elif [ "$(id -u)" -ne 0 ]; then
  "$XC" extract --rules "$rules" "$d/unreadable.txt" >"$tmp/unr.jsonl" 2>/dev/null || true
  got=$(field "$tmp/unr.jsonl" "$d/unreadable.txt" reason)
  [ "$got" = "cannot read: Permission denied" ] && ok || bad "unreadable: '$got'"
fi

# A folder of 100,000 files: all accounted for, in bounded time and memory.
many="$tmp/many/story"
mkdir -p "$many"
(cd "$many" && seq -f "doc%06g.txt" 1 100000 | xargs touch)
printf 'A total of 1,000 runners.\n' >"$many/doc000001.txt"
"$XC" extract --rules "$rules" --jobs 2 "$tmp/many" >"$tmp/many.jsonl"
n=$(wc -l <"$tmp/many.jsonl")
[ "$n" -eq 100000 ] && ok || bad "100,000 files: $n records"
e=$(grep -c '"reason":"empty file"' "$tmp/many.jsonl" || true)
[ "$e" -eq 99999 ] && ok || bad "100,000 files: $e empty"
# The cross-check of the same folder lists every skipped file at the end of
# its report (text and GitHub), keeping only their paths and reasons until
# then: a document kept whole costs kilobytes, and 100,000 of them took
# about 500 MB. Peak memory is not measured under AddressSanitizer, whose
# own bookkeeping takes more than that.
peak_mib() {
  python3 -c 'import resource, subprocess, sys
with open(sys.argv[1], "w") as out:
    subprocess.run(sys.argv[2:], stdout=out)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)' "$@"
}
rss=$(peak_mib "$tmp/many.txt" "$XC" --rules "$rules" --jobs 2 --fail-on never "$tmp/many")
e=$(grep -c '^  .*/doc[0-9]*\.txt: empty file$' "$tmp/many.txt" || true)
[ "$e" -eq 99999 ] && ok || bad "100,000 files, text report: $e skipped listed"
[ "$(tail -n 1 "$tmp/many.txt")" = "1 document read, 99999 skipped, 1 story; 0 errors, 0 warnings, 0 info" ] &&
  ok || bad "100,000 files, text report: $(tail -n 1 "$tmp/many.txt")"
if [ "${XC_SANITIZED:-0}" != 1 ]; then
  [ "$rss" -lt 150 ] && ok || bad "100,000 files, text report: peak RSS $rss MiB"
fi
rss=$(peak_mib "$tmp/many.gh" "$XC" --rules "$rules" --jobs 2 --fail-on never --format github "$tmp/many")
e=$(grep -c '^::notice file=.*/doc[0-9]*\.txt,title=skipped::skipped: empty file$' "$tmp/many.gh" || true)
[ "$e" -eq 99999 ] && ok || bad "100,000 files, GitHub report: $e skipped listed"
if [ "${XC_SANITIZED:-0}" != 1 ]; then
  [ "$rss" -lt 150 ] && ok || bad "100,000 files, GitHub report: peak RSS $rss MiB"
fi

# Few file descriptors (files are opened ahead of their reading when there
# are enough): every file of a folder of 300 is still read.
few="$tmp/few/story"
mkdir -p "$few"
for i in $(seq 1 300); do printf 'A total of %d runners.\n' "$i" >"$few/d$i.txt"; done
for lim in 24 40 140; do
  for jobs in 1 2; do
    n=$( (ulimit -n "$lim" && "$XC" extract --rules "$rules" --jobs "$jobs" "$tmp/few") \
      | grep -c '"status":"ok"' || true)
    [ "$n" -eq 300 ] && ok || bad "ulimit -n $lim, --jobs $jobs: $n of 300 read"
  done
done

# A malformed rule file: exit 2, file:line:column, PCRE2's message, the line and a caret.
mkdir -p "$tmp/rules-bad"
cat >"$tmp/rules-bad/figures.yaml" <<'YAML'
kind: figures
rules:
  - id: count-noun
    pattern: '(?<value>\d+ \s+ (?<noun>\w+)'
YAML
set +e
"$XC" extract --rules "$tmp/rules-bad" "$d/latin1.txt" >/dev/null 2>"$tmp/rules.err"
rc=$?
set -e
[ "$rc" -eq 2 ] && ok || bad "malformed rule file: exit $rc"
grep -q "figures.yaml:4:[0-9]*: error: in rule 'count-noun': missing closing parenthesis" "$tmp/rules.err" \
  && ok || bad "malformed rule file message: $(cat "$tmp/rules.err")"
grep -q '\^' "$tmp/rules.err" && ok || bad "malformed rule file: no caret"

# A rule with catastrophic backtracking: the limit is reported, not a hang.
mkdir -p "$tmp/rules-slow"
long=$(python3 -c 'print("word " * 20000 + "!")')
cat >"$tmp/rules-slow/slow.yaml" <<YAML
kind: figures
rules:
  - id: backtracker
    pattern: '(\w+\s?)+\$'
    trigger: word
    examples:
      - text: "$long"
        match: null
YAML
set +e
timeout 60 "$XC" rules test "$tmp/rules-slow" >"$tmp/slow.out" 2>"$tmp/slow.err"
rc=$?
set -e
[ "$rc" -eq 1 ] && ok || bad "catastrophic rule: exit $rc (124 = timeout)"
grep -qi "limit" "$tmp/slow.err" && ok || bad "catastrophic rule: no limit reported: $(head -c 300 "$tmp/slow.err")"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
