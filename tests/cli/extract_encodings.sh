#!/usr/bin/env bash
# `crosscheck extract` on files with CRLF, CR, a late NUL byte and malformed
# front matter: processed, with warnings that name line and column.
set -euo pipefail
dir="$XC_TEST_DATA/input/encodings"
out=$("$XC" extract --rules "$XC_SOURCE_DIR/rules" "$dir/crlf.txt" "$dir/cr.txt" \
    "$dir/nul.txt" "$dir/bad-front.md")
OUT="$out" python3 - <<'PY'
import json, os, sys
recs = {os.path.basename(r["path"]): r
        for r in (json.loads(l) for l in os.environ["OUT"].splitlines() if l.strip())}
def check(got, want, what):
    if got != want:
        sys.exit(f"{what}: got {got!r}, want {want!r}")
def warns(r):
    return [(w["code"], w.get("line"), w.get("column"), w.get("offset")) for w in r["warnings"]]
check(sorted(recs), ["bad-front.md", "cr.txt", "crlf.txt", "nul.txt"], "documents")
for r in recs.values():
    check(r["status"], "ok", r["path"] + " status")
r = recs["crlf.txt"]
check((r["paragraphs"], r["sentences"], warns(r)), (2, 3, []), "crlf")
r = recs["cr.txt"]
check((r["paragraphs"], r["sentences"], warns(r)), (2, 2, []), "cr")
r = recs["nul.txt"]
check(warns(r), [("nul-byte", 1, 9001, 9000)], "nul warnings")
r = recs["bad-front.md"]
check(warns(r), [("front-matter", 2, 9, 12)], "front matter warnings")
check((r["paragraphs"], r["sentences"], r["meta"]["title"]), (1, 1, None), "bad front matter")
PY
