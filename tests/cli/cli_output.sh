#!/usr/bin/env bash
# --output is written atomically; write errors exit 2 with a message; a
# closed pipe ends the run quietly.
source "$XC_TEST_DATA/cli/lib.bash"
A="$DATA/story-a/ctv.md"
B="$DATA/story-a/photo.jpg"

# The file holds exactly what stdout would, and no temporary file is left.
mkdir "$SCRATCH/reports"
run --rules "$RULES" extract "$A" "$B"
expect_status 0 "extract to stdout"
want="$out"
run --rules "$RULES" extract "$A" "$B" --output "$SCRATCH/reports/x.jsonl"
expect_status 0 "extract --output"
expect_out_empty "extract --output"
[ "$(cat "$SCRATCH/reports/x.jsonl")" = "$want" ] || fail "--output differs from stdout"
[ "$(ls -A "$SCRATCH/reports")" = "x.jsonl" ] || fail "left over: $(ls -A "$SCRATCH/reports")"
[ -n "$want" ] || fail "extract wrote nothing"

# A failed run leaves an existing report untouched.
echo "previous report" >"$SCRATCH/reports/x.jsonl"
run --rules "$SCRATCH/missing-rules" extract "$A" --output "$SCRATCH/reports/x.jsonl"
expect_status 2 "failed run with --output"
[ "$(cat "$SCRATCH/reports/x.jsonl")" = "previous report" ] || fail "failed run replaced the report"
[ "$(ls -A "$SCRATCH/reports")" = "x.jsonl" ] || fail "left over after failure: $(ls -A "$SCRATCH/reports")"

# Unwritable places: a missing folder, a folder, a trailing slash.
run --rules "$RULES" extract "$A" --output "$SCRATCH/nowhere/x.jsonl"
expect_status 2 "output in a missing folder"
expect_err_has "cannot write '$SCRATCH/nowhere/x.jsonl'" "output in a missing folder"
expect_out_empty "output in a missing folder"
run --rules "$RULES" "$A" --output "$SCRATCH/reports"
expect_status 2 "output onto a folder"
expect_err_has "cannot write '$SCRATCH/reports'" "output onto a folder"
[ "$(ls -A "$SCRATCH/reports")" = "x.jsonl" ] || fail "left over after folder: $(ls -A "$SCRATCH/reports")"
run --rules "$RULES" "$A" --output "$SCRATCH/reports/"
expect_status 2 "output with a trailing slash"
expect_err_has "names a folder" "output with a trailing slash"

# A full device on stdout: exit 2 and a message, for each report format.
for fmt in jsonl text github; do
  "$XC" --rules "$RULES" extract "$A" "$B" --format $fmt >/dev/full 2>"$SCRATCH/err"
  status=$?
  err="$(cat "$SCRATCH/err")"
  expect_status 2 "stdout on /dev/full ($fmt)"
  expect_err_has "cannot write the report" "stdout on /dev/full ($fmt)"
done
"$XC" --rules "$RULES" "$A" "$B" >/dev/full 2>"$SCRATCH/err"
status=$?
err="$(cat "$SCRATCH/err")"
expect_status 2 "cross-check report on /dev/full"
expect_err_has "No space left on device" "cross-check report on /dev/full"

mkdir "$SCRATCH/many"
for i in $(seq 1 1500); do printf 'Item %d: "a quote," said Ann Lee.\n' "$i" >"$SCRATCH/many/doc$i.txt"; done

# An interrupted run removes its temporary file (and leaves no report).
mkdir "$SCRATCH/interrupted"
args=()
for k in 1 2 3 4 5 6 7 8; do args+=("$SCRATCH"/many/*.txt); done
"$XC" --rules "$RULES" extract -j1 "${args[@]}" --output "$SCRATCH/interrupted/r.jsonl" 2>/dev/null &
pid=$!
for _ in $(seq 1 400); do
  [ -n "$(ls -A "$SCRATCH/interrupted")" ] && break
  sleep 0.005
done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
left="$(ls -A "$SCRATCH/interrupted")"
[ -z "$left" ] || [ "$left" = "r.jsonl" ] || fail "interrupted run left: $left"

# A reader that stops early: no message, and the run stops with the status
# a shell gives SIGPIPE (141) instead of reading every input.
set +e
"$XC" --rules "$RULES" extract -j2 "$SCRATCH"/many/*.txt 2>"$SCRATCH/err" | head -c 100 >/dev/null
codes=("${PIPESTATUS[@]}")
err="$(cat "$SCRATCH/err")"
[ -z "$err" ] || fail "closed pipe printed: $err"
[ "${codes[0]}" -eq 141 ] || fail "closed pipe: exit ${codes[0]}"
"$XC" --rules "$RULES" -j2 "$SCRATCH"/many/*.txt 2>"$SCRATCH/err" | head -n 1 >/dev/null
err="$(cat "$SCRATCH/err")"
[ -z "$err" ] || fail "closed pipe (text report) printed: $err"

# Report parts spooled to temporary files go to $TMPDIR, which is left
# empty; a TMPDIR that cannot take them falls back to the system's.
STORY="$XC_SOURCE_DIR/corpus/pyongyang-marathon"
for fmt in json html jsonl; do
  run --rules "$RULES" --format "$fmt" "$STORY"
  want="$out"
  mkdir -p "$SCRATCH/tmpdir"
  TMPDIR="$SCRATCH/tmpdir" run --rules "$RULES" --format "$fmt" "$STORY"
  [ "$out" = "$want" ] || fail "$fmt report differs with TMPDIR set"
  [ -z "$(ls -A "$SCRATCH/tmpdir")" ] || fail "$fmt: files left in TMPDIR: $(ls -A "$SCRATCH/tmpdir")"
  TMPDIR="$SCRATCH/no-such-folder" run --rules "$RULES" --format "$fmt" "$STORY"
  [ "$out" = "$want" ] || fail "$fmt report differs with an unusable TMPDIR"
done

finish
