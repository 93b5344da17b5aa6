# Shared by tests/cli/cli_*.sh: the binary, the rules, a scratch folder and
# small assertions. Every expectation is written by hand in the scripts.
set -u
: "${XC:?XC must name the crosscheck binary}"
: "${XC_SOURCE_DIR:?}" "${XC_TEST_DATA:?}"
DATA="$XC_TEST_DATA/cli"
RULES="$XC_SOURCE_DIR/rules"
SCRATCH="$(mktemp -d /tmp/xc-cli-XXXXXX)"
trap 'rm -rf "$SCRATCH"' EXIT
failures=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# run ARGS...: runs crosscheck, keeping stdout, stderr and status.
run() {
  "$XC" "$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
  status=$?
  out="$(cat "$SCRATCH/out")"
  err="$(cat "$SCRATCH/err")"
}

expect_status() { # expected description
  [ "$status" -eq "$1" ] || fail "$2: exit status $status, expected $1 (stderr: $err)"
}
expect_err_has() { # text description
  grep -qF -- "$1" <<<"$err" || fail "$2: stderr lacks '$1' (stderr: $err)"
}
expect_out_has() {
  grep -qF -- "$1" <<<"$out" || fail "$2: stdout lacks '$1' (stdout: $out)"
}
expect_out_empty() {
  [ -z "$out" ] || fail "$1: stdout not empty: $out"
}

# True when xc_walk is still the stub that does not enter folders.
walk_is_stub() {
  "$XC" extract --rules "$RULES" -j1 "$DATA/story-b" 2>/dev/null |
    grep -qF "\"path\":\"$DATA/story-b\""
}

finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures failed" >&2
    exit 1
  fi
  echo "all passed"
  exit 0
}
