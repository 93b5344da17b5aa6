#!/bin/bash
# `crosscheck rules test DIR`: the examples of a rule folder, the summary line,
# the exit code, and rule errors with their position. Messages may go to
# stdout or stderr; the summary is the last line.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
data="$XC_TEST_DATA/rules"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# Every example passes.
"$XC" rules test "$data/good" >"$out" 2>&1; rc=$?
[ "$rc" = 0 ] || fail "good rules: exit $rc: $(cat "$out")"
[ "$(tail -n 1 "$out")" = "9 passed, 0 failed" ] || fail "good rules: $(cat "$out")"

# Wrong examples are counted and explained; exit 1.
"$XC" rules test "$data/wrong-examples" >"$out" 2>&1; rc=$?
[ "$rc" = 1 ] || fail "wrong examples: exit $rc: $(cat "$out")"
[ "$(tail -n 1 "$out")" = "3 passed, 3 failed" ] || fail "wrong examples: $(cat "$out")"
grep -qF "$data/wrong-examples/figures.yaml:15:9: error: in rule 'count-noun': expected match \"200 were\", found no match" "$out" ||
    fail "wrong examples: $(cat "$out")"

# A broken rule file: exit 2, file:line:col, the line and a caret.
"$XC" rules test "$data/cli-broken" >"$out" 2>&1; rc=$?
[ "$rc" = 2 ] || fail "broken rules: exit $rc: $(cat "$out")"
first="$data/cli-broken/en/figures.yaml:6:21: error: in rule 'count-noun': missing closing parenthesis at pattern offset 38"
expected="$first
        (?<noun>\\p{L}+
                      ^"
[ "$(grep -A2 -F "$first" "$out")" = "$expected" ] || fail "broken rules: $(cat "$out")"
exit 0
