#!/usr/bin/env bash
# .crosscheck.yaml: found by walking up from the working folder or named by
# --config; its errors exit 2 with file:line:col and a caret; the command
# line overrides it.
source "$XC_TEST_DATA/cli/lib.bash"
A="$DATA/story-a/ctv.md"
P="$DATA/story-a/photo.jpg"
mkdir -p "$SCRATCH/newsroom/drafts/today"
ln -s "$RULES" "$SCRATCH/newsroom/house-rules"

# Found two folders up; its rule folder is relative to the file; its format is used.
printf 'rules: house-rules\nformat: github\n' >"$SCRATCH/newsroom/.crosscheck.yaml"
cd "$SCRATCH/newsroom/drafts/today" || exit 1
run "$P"
expect_status 0 "configuration found above"
grep -q '^::notice file=' <<<"$out" || fail "format: github from the configuration not used: $out"
# The command line wins.
run "$P" --format text
expect_status 0 "--format over the configuration"
grep -q '^::' <<<"$out" && fail "--format text did not override: $out"
expect_out_has "skipped" "--format text"

# ignore: matching inputs are reported as skipped by the configuration.
printf 'rules: house-rules\nignore: ["*.jpg", "drafts/*"]\n' >"$SCRATCH/newsroom/.crosscheck.yaml"
run extract "$A" "$P"
expect_status 0 "ignore"
photo="$(grep -F 'photo.jpg' <<<"$out")"
grep -qF "\"reason\":\"ignored by the configuration's pattern '*.jpg'\"" <<<"$photo" ||
  fail "photo.jpg not ignored by the pattern: $photo"
[ "$(wc -l <<<"$out")" -eq 2 ] || fail "ignore: both inputs must be accounted for: $out"

# fail_on and jobs and date are read (bad values are errors at their place).
printf 'rules: house-rules\njobs: 0\n' >"$SCRATCH/newsroom/.crosscheck.yaml"
run "$A"
expect_status 2 "jobs: 0"
expect_err_has "$SCRATCH/newsroom/.crosscheck.yaml:2:7: error: jobs must be a whole number" "jobs: 0"

# An unknown key: file:line:col, the line, a caret under the column.
printf 'rules: house-rules\n  \nfail-on: warning\n' >"$SCRATCH/newsroom/.crosscheck.yaml"
run "$A"
expect_status 2 "unknown key"
want="$SCRATCH/newsroom/.crosscheck.yaml:3:1: error: unknown key 'fail-on'; did you mean 'fail_on'?
  fail-on: warning
  ^"
[ "$err" = "$want" ] || fail "unknown key message: got
$err
expected
$want"
expect_out_empty "unknown key"

# YAML that does not parse.
printf 'rules: house-rules\nignore: [a, b\n' >"$SCRATCH/newsroom/.crosscheck.yaml"
run "$A"
expect_status 2 "broken YAML"
expect_err_has "$SCRATCH/newsroom/.crosscheck.yaml:3:1: error:" "broken YAML"

# A rule folder from the configuration that does not exist.
printf 'rules: no-such-rules\n' >"$SCRATCH/newsroom/.crosscheck.yaml"
run "$A"
expect_status 2 "configured rule folder missing"
expect_err_has "rule folder '$SCRATCH/newsroom/no-such-rules'" "configured rule folder missing"

# --config names another file, and then the one found by walking is not read.
printf 'format: json\nrules: house-rules\n' >"$SCRATCH/newsroom/other.yaml"
printf 'colour: red\n' >"$SCRATCH/newsroom/.crosscheck.yaml"
run --config "$SCRATCH/newsroom/other.yaml" extract --format jsonl "$P"
expect_status 0 "--config"
expect_out_has '"status":"skipped"' "--config"
run --config "$SCRATCH/newsroom/missing.yaml" "$A"
expect_status 2 "--config missing"
expect_err_has "$SCRATCH/newsroom/missing.yaml: error: cannot read the configuration file" "--config missing"

# check takes its sources from the configuration.
printf 'rules: house-rules\nsources: [%s]\n' "$DATA/story-b" >"$SCRATCH/newsroom/.crosscheck.yaml"
run check "$A" --fail-on never
expect_status 0 "sources from the configuration"
expect_out_has "$DATA/story-b" "sources from the configuration name the story"
printf 'rules: house-rules\nsources: missing-sources\n' >"$SCRATCH/newsroom/.crosscheck.yaml"
run check "$A"
expect_status 2 "configured sources missing"
expect_err_has "cannot read '$SCRATCH/newsroom/missing-sources'" "configured sources missing"

# init writes a starter configuration that loads cleanly, and never overwrites one.
mkdir "$SCRATCH/fresh"
cd "$SCRATCH/fresh" || exit 1
run init
expect_status 0 "init"
expect_out_has "wrote .crosscheck.yaml" "init"
[ -f .crosscheck.yaml ] || fail "init wrote no file"
grep -q '^# fail_on: error' .crosscheck.yaml || fail "init: no fail_on line"
run --rules "$RULES" "$A"
expect_status 0 "the starter configuration loads"
[ -z "$err" ] || fail "the starter configuration gives messages: $err"
echo "jobs: 2" >>.crosscheck.yaml
run init
expect_status 2 "init over an existing file"
expect_err_has "cannot write .crosscheck.yaml: it already exists" "init over an existing file"
tail -n 1 .crosscheck.yaml | grep -q '^jobs: 2$' || fail "init changed an existing file"
run init extra
expect_status 2 "init with an argument"

finish
