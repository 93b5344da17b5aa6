#!/usr/bin/env bash
# The JSON report validates against extractor/report.schema.json and the
# SARIF report against the SARIF 2.1.0 schema (tests/data/reports), both for
# a hand-made run (written by the report unit tests' --emit mode, findings
# included) and for the command line on a small story folder.
# Needs Debian's python3-jsonschema for /usr/bin/python3: without it this
# test fails, it does not pass.
set -uo pipefail
: "${XC:?XC (the crosscheck binary) is not set}" "${XC_SOURCE_DIR:?}" "${XC_BUILD_DIR:?}"
PY=/usr/bin/python3
VALIDATE="$XC_SOURCE_DIR/tests/validate_json.py"
SCHEMA="$XC_SOURCE_DIR/extractor/report.schema.json"
SARIF_SCHEMA="$XC_SOURCE_DIR/tests/data/reports/sarif-2.1.0-rtm.5.json"
STORY="$XC_SOURCE_DIR/tests/data/reports/story"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

if ! "$PY" -c 'import jsonschema' 2>/dev/null; then
  echo "report_schema: FAIL: $PY cannot import jsonschema; install python3-jsonschema" \
       "(apt-get install -y python3-jsonschema, or run scripts/setup)" >&2
  exit 1
fi

validate() { # schema file what
  if "$PY" "$VALIDATE" "$1" "$2" >/dev/null; then
    echo "ok: $3"
  else
    echo "FAIL: $3 does not validate (errors above)" >&2
    fail=1
  fi
}

# The schema must reject what it documents as wrong, or it checks nothing.
"$XC_BUILD_DIR/tests/test_report_json" --emit "$tmp/hand.json" || { echo "FAIL: --emit json" >&2; exit 1; }
validate "$SCHEMA" "$tmp/hand.json" "hand-made JSON report"
"$PY" - "$tmp/hand.json" "$tmp/broken.json" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["findings"][0]["claims"][0]["high"] = "1000"
del d["summary"]["by_severity"]
json.dump(d, open(sys.argv[2], "w"))
PYEOF
if "$PY" "$VALIDATE" "$SCHEMA" "$tmp/broken.json" >/dev/null 2>&1; then
  echo "FAIL: the schema accepts a report with a string bound and no by_severity" >&2
  fail=1
else
  echo "ok: a broken report is rejected"
fi

"$XC_BUILD_DIR/tests/test_report_sarif" --emit "$tmp/hand.sarif" || { echo "FAIL: --emit sarif" >&2; exit 1; }
validate "$SARIF_SCHEMA" "$tmp/hand.sarif" "hand-made SARIF report"

# The command line on a story folder. The exit status is 0 or 1 (findings);
# 2 would be a usage or rule error.
for fmt in json sarif; do
  "$XC" --format "$fmt" "$STORY" >"$tmp/cli.$fmt" 2>"$tmp/cli.$fmt.err"
  rc=$?
  if [ "$rc" -gt 1 ]; then
    echo "FAIL: crosscheck --format $fmt exited $rc:" >&2
    cat "$tmp/cli.$fmt.err" >&2
    fail=1
    continue
  fi
  if [ "$fmt" = json ]; then
    validate "$SCHEMA" "$tmp/cli.json" "crosscheck --format json"
    # Every input is accounted for, the non-document included.
    "$PY" - "$tmp/cli.json" <<'PYEOF' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
paths = sorted(x["path"].rsplit("/", 1)[-1] for x in d["documents"])
want = ["huff.md", "photo.jpg", "rw.txt"]
if paths != want:
    sys.exit("FAIL: documents %s, want %s" % (paths, want))
status = {x["path"].rsplit("/", 1)[-1]: x["status"] for x in d["documents"]}
if status["photo.jpg"] != "skipped":
    sys.exit("FAIL: photo.jpg is %s, want skipped" % status["photo.jpg"])
print("ok: every input is in documents")
PYEOF
  else
    validate "$SARIF_SCHEMA" "$tmp/cli.sarif" "crosscheck --format sarif"
  fi
done

# JSON Lines: one record per input, then one per finding.
"$XC" --format jsonl "$STORY" >"$tmp/cli.jsonl" 2>"$tmp/cli.jsonl.err"
if [ $? -gt 1 ]; then echo "FAIL: crosscheck --format jsonl" >&2; cat "$tmp/cli.jsonl.err" >&2; fail=1; fi
"$PY" - "$tmp/cli.jsonl" <<'PYEOF' || fail=1
import json, sys
types = [json.loads(line)["type"] for line in open(sys.argv[1])]
docs = types.count("document")
if docs != 3 or types[:docs] != ["document"] * docs or set(types[docs:]) - {"finding"}:
    sys.exit("FAIL: jsonl record types %s" % types)
print("ok: jsonl has 3 document records, then %d finding records" % (len(types) - docs))
PYEOF

# HTML: one page, no script from anywhere, the article's "<" escaped.
"$XC" --format html "$STORY" >"$tmp/cli.html" 2>"$tmp/cli.html.err"
if [ $? -gt 1 ]; then echo "FAIL: crosscheck --format html" >&2; cat "$tmp/cli.html.err" >&2; fail=1; fi
if grep -qi '<script' "$tmp/cli.html"; then echo "FAIL: the HTML page has a <script" >&2; fail=1; fi
if ! grep -q 'a &lt; b &amp; c' "$tmp/cli.html"; then echo "FAIL: the HTML page does not show 'a < b & c' escaped" >&2; fail=1; fi
if [ "$(grep -c '<article class="doc"' "$tmp/cli.html")" -ne 3 ]; then echo "FAIL: the HTML page does not show 3 documents" >&2; fail=1; fi
# 1,000 runners (huff.md) against 800 (rw.txt): drawn as intervals.
if ! grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$tmp/cli.html"; then echo "FAIL: no chart for the 800 vs 1,000 runners conflict" >&2; fail=1; fi
[ "$fail" -eq 0 ] && echo "ok: crosscheck --format html"

[ "$fail" -eq 0 ] && echo "report_schema: passed"
exit "$fail"
