#!/usr/bin/env bash
# Usage errors exit 2 with a message that names the problem; help and version exit 0.
source "$XC_TEST_DATA/cli/lib.bash"
A="$DATA/story-a/ctv.md"

run
expect_status 2 "no arguments"
expect_err_has "no PATH given" "no arguments"
expect_err_has "Try 'crosscheck --help'" "no arguments"

run --fromat json "$A"
expect_status 2 "misspelt option"
expect_err_has "unknown option '--fromat'; did you mean '--format'?" "misspelt option"
expect_out_empty "misspelt option"

run --fail-onn=warning "$A"
expect_err_has "unknown option '--fail-onn'; did you mean '--fail-on'?" "misspelt option with ="

run --frobnicate "$A"
expect_status 2 "unknown option"
expect_err_has "unknown option '--frobnicate'" "unknown option"
grep -q "did you mean" <<<"$err" && fail "no suggestion expected for --frobnicate: $err"

run --rules "$RULES" --format jsn "$A"
expect_status 2 "unknown format"
expect_err_has "unknown format 'jsn' (did you mean 'json'?)" "unknown format"

run --rules "$RULES" --format=xml "$A"
expect_status 2 "unknown format xml"
expect_err_has "unknown format 'xml'; use text, json, jsonl, sarif, github or html" "format xml"

run --rules "$RULES" --format
expect_status 2 "option without its value"
expect_err_has "option '--format' needs a value" "option without its value"

run --rules "$RULES" --quiet=yes "$A"
expect_status 2 "flag with a value"
expect_err_has "option '--quiet' takes no value" "flag with a value"

for bad in "--jobs 0" "--jobs x" "--jobs -3" "--fail-on sometimes" "--color blue" "--date 2014-13-01" "--date 14-04-13"; do
  # shellcheck disable=SC2086
  run --rules "$RULES" $bad "$A"
  expect_status 2 "bad value: $bad"
  expect_err_has "${bad%% *}" "bad value names its option: $bad"
done

# A missing path is named on stderr, listed as skipped in the report, the other
# paths are still read, and the run ends with exit 2 (even under --quiet, which
# silences warnings, not errors); for check (CI) it stops the run before it starts.
run --rules "$RULES" "$SCRATCH/no-such-story" "$A"
expect_status 2 "missing path"
expect_err_has "cannot read '$SCRATCH/no-such-story': No such file or directory" "missing path"
expect_out_has "  $SCRATCH/no-such-story: " "missing path listed as skipped"
expect_out_has "1 document read" "the other path is still read"
run --rules "$RULES" --quiet "$SCRATCH/no-such-story" "$A"
expect_status 2 "missing path, --quiet"
expect_err_has "cannot read '$SCRATCH/no-such-story'" "missing path, --quiet"
run --rules "$RULES" "$A"
expect_status 0 "the same run without the missing path"
run --rules "$RULES" check "$SCRATCH/no-such-draft.md" --sources "$DATA/story-a"
expect_status 2 "check with a missing draft"
expect_err_has "cannot read '$SCRATCH/no-such-draft.md': No such file or directory" "missing draft"
expect_out_empty "check with a missing draft"

run --rules "$RULES" chek "$A"
expect_status 2 "misspelt command"
expect_err_has "unknown command 'chek'; did you mean 'check'?" "misspelt command"

run --rules "$RULES" rules tset
expect_status 2 "misspelt rules command"
expect_err_has "unknown rules command 'tset' (did you mean 'test'?)" "misspelt rules command"

run --rules "$RULES" rules
expect_status 2 "rules without a command"
expect_err_has "'rules' needs a command" "rules without a command"

run --rules "$RULES" check "$A"
expect_status 2 "check without sources"
expect_err_has "check needs --sources PATH" "check without sources"

run --rules "$RULES" check --sources "$DATA/story-a"
expect_status 2 "check without drafts"
expect_err_has "check needs at least one DRAFT" "check without drafts"

run --rules "$RULES" check "$A" --sources "$SCRATCH/nowhere"
expect_status 2 "check with missing sources"
expect_err_has "cannot read '$SCRATCH/nowhere'" "check with missing sources"

run --rules "$RULES" extract "$A" --sources "$DATA"
expect_status 2 "--sources outside check"
expect_err_has "--sources is an option of 'check'" "--sources outside check"

run --rules "$SCRATCH/no-rules-here" "$A"
expect_status 2 "missing rule folder"
expect_err_has "rule folder '$SCRATCH/no-rules-here'" "missing rule folder"

# Help: the general one and each command's, with examples, on stdout, exit 0.
run --help
expect_status 0 "--help"
expect_out_has "crosscheck check DRAFT... --sources PATH" "--help"
expect_out_has "examples:" "--help"
expect_out_has "--fail-on" "--help"
run -h
expect_status 0 "-h"
run check --help
expect_status 0 "check --help"
expect_out_has "usage: crosscheck check DRAFT... --sources PATH" "check --help"
expect_out_has "crosscheck check drafts/marathon.md --sources sources/marathon/" "check --help"
run extract --help
expect_out_has "usage: crosscheck extract PATH..." "extract --help"
expect_out_has "examples:" "extract --help"
run rules --help
expect_status 0 "rules --help"
expect_out_has "crosscheck rules test [DIR]" "rules --help"
# --help wins over a missing path.
run "$SCRATCH/nothing" --help
expect_status 0 "--help with a missing path"

run --rules "$RULES" --version
expect_status 0 "--version"
[ "$(sed -n 1p <<<"$out")" = "crosscheck 0.1.0" ] || fail "--version first line: $out"
grep -qE '^rules [^ ]+$' <<<"$(sed -n 2p <<<"$out")" || fail "--version rules line: $out"

finish
