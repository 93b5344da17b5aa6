#!/usr/bin/env bash
# CPack builds a .deb holding what a Debian user expects where they expect it.
set -euo pipefail
: "${XC_BUILD_DIR:?}"
command -v dpkg-deb >/dev/null || { echo "dpkg-deb not found"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$XC_BUILD_DIR" && cpack -G DEB -B "$tmp" >/dev/null)
deb=$(ls "$tmp"/*.deb)
dpkg-deb -c "$deb" | awk '{print $6}' >"$tmp/list"
for f in bin/crosscheck include/crosscheck.h share/crosscheck/rules/en/figures.yaml \
         share/man/man1/crosscheck.1 share/man/man5/crosscheck-rules.5 \
         share/bash-completion/completions/crosscheck share/zsh/vendor-completions/_crosscheck; do
  grep -q "/$f\$" "$tmp/list" || { echo "missing from the .deb: $f"; exit 1; }
done
grep -q '/libcrosscheck\.so\.0$' "$tmp/list" || { echo "missing from the .deb: libcrosscheck.so.0"; exit 1; }
grep -q '/pkgconfig/crosscheck\.pc$' "$tmp/list" || { echo "missing from the .deb: crosscheck.pc"; exit 1; }
dpkg-deb -f "$deb" Depends | grep -q libpcre2-8-0
if [ "${XC_USE_MIMALLOC:-OFF}" = ON ]; then
  dpkg-deb -f "$deb" Depends | grep -q libmimalloc2.0 || { echo "the command needs mimalloc, the .deb does not say so"; exit 1; }
fi
echo "ok: $(basename "$deb")"
