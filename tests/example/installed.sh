#!/usr/bin/env bash
# Installs the build into a temporary prefix, builds tests/example/example.c against the
# installed library with pkg-config alone, and runs it on the installed rules.
set -euo pipefail
: "${XC_BUILD_DIR:?}" "${XC_SOURCE_DIR:?}"
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$XC_BUILD_DIR" --prefix "$prefix" >/dev/null
# (lib/, or lib/x86_64-linux-gnu/ when the build's prefix is /usr)
libdir=$(dirname "$(find "$prefix" -name 'libcrosscheck.so.0' | head -n1)")
pcdir=$(dirname "$(find "$prefix" -name crosscheck.pc | head -n1)")
[ -f "$pcdir/crosscheck.pc" ] || { echo "crosscheck.pc not installed"; exit 1; }
for f in bin/crosscheck include/crosscheck.h share/crosscheck/rules share/man/man1/crosscheck.1 \
         share/man/man5/crosscheck-rules.5 share/bash-completion/completions/crosscheck \
         share/zsh/vendor-completions/_crosscheck; do
  [ -e "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
export PKG_CONFIG_PATH="$pcdir"
"${XC_EXAMPLE_CC:-cc}" -std=c11 -Wall -Werror ${XC_EXAMPLE_CFLAGS:-} "$XC_SOURCE_DIR/tests/example/example.c" -o "$prefix/example" \
   $(pkg-config --cflags --libs crosscheck)
out=$(LD_LIBRARY_PATH="$libdir" "$prefix/example" "$prefix/share/crosscheck/rules")
echo "$out"
grep -q '^1,000 runners|1000|runner$' <<<"$out" || { echo "expected the figure '1,000 runners' (runner)"; exit 1; }
grep -q '^version ' <<<"$out"
"$prefix/bin/crosscheck" --version >/dev/null
