#!/usr/bin/env bash
# `crosscheck extract` on a story folder: every file accounted for, in sorted
# order, with its status, reason, format and metadata.
set -euo pipefail
# A missing path still gets its record, and the run ends with exit 2.
status=0
out=$("$XC" extract --rules "$XC_SOURCE_DIR/rules" "$XC_TEST_DATA/input/story" \
    "$XC_TEST_DATA/input/missing.md" 2>/dev/null) || status=$?
[ "$status" = 2 ] || { echo "exit status $status with a missing path, want 2"; exit 1; }
OUT="$out" DATA="$XC_TEST_DATA/input" python3 - <<'PY'
import json, os, sys
recs = [json.loads(l) for l in os.environ["OUT"].splitlines() if l.strip()]
data = os.environ["DATA"]
def check(got, want, what):
    if got != want:
        sys.exit(f"{what}: got {got!r}, want {want!r}")
paths = [r["path"] for r in recs]
check(paths, [f"{data}/story/{p}" for p in [
    "a-front.md", "b-page.html", "c-latin1.txt", "d-invalid.txt", "e-empty.txt",
    "f-binary.txt", "notes.pdf", "sub/g-bom.md"]] + [f"{data}/missing.md"], "paths")
by = {os.path.relpath(r["path"], data): r for r in recs}
skipped = {
    "story/e-empty.txt": "empty file",
    "story/f-binary.txt": "binary file",
    "story/notes.pdf": "not a document (.pdf)",
    "missing.md": "cannot read: No such file or directory",
}
for p, reason in skipped.items():
    check(by[p]["status"], "skipped", p + " status")
    check(by[p]["reason"], reason, p + " reason")
for p in ["story/a-front.md", "story/b-page.html", "story/c-latin1.txt",
          "story/d-invalid.txt", "story/sub/g-bom.md"]:
    check(by[p]["status"], "ok", p + " status")

a = by["story/a-front.md"]
check(a["format"], "markdown", "a format")
check(a["meta"], {"title": "Pyongyang marathon opens to amateurs", "source": "CTV News",
                  "date": "2014-04-14", "url": "https://example.org/pyongyang-marathon",
                  "author": "A. Reporter"}, "a meta")
check(a["warnings"], [], "a warnings")
check((a["paragraphs"], a["sentences"]), (3, 5), "a paragraphs, sentences")

b = by["story/b-page.html"]
check(b["format"], "html", "b format")
check(b["meta"], {"title": "Runners flock to Pyongyang & beyond", "source": "Runner's World",
                  "date": "2014-04-13", "url": "https://example.org/rw/pyongyang",
                  "author": "Jen Loong"}, "b meta")
check((b["paragraphs"], b["sentences"]), (4, 6), "b paragraphs, sentences")

c = by["story/c-latin1.txt"]
check(c["format"], "text", "c format")
check([(w["code"], w["line"], w["column"], w["offset"]) for w in c["warnings"]],
      [("latin1", 1, 4, 3)], "c warnings")
check((c["paragraphs"], c["sentences"]), (2, 3), "c paragraphs, sentences")

d = by["story/d-invalid.txt"]
check([(w["code"], w["line"], w["column"], w["offset"]) for w in d["warnings"]],
      [("invalid-utf8", 2, 10, 15)], "d warnings")
check((d["paragraphs"], d["sentences"]), (2, 3), "d paragraphs, sentences")

g = by["story/sub/g-bom.md"]
check((g["warnings"], g["paragraphs"], g["sentences"]), ([], 2, 2), "g")
PY
