#!/usr/bin/env bash
# The command's allocations go where its build says: to mimalloc when it is linked
# with it (optimized builds, XC_MALLOC), else elsewhere (the C library, or a
# sanitizer's). The dynamic linker says, for the command and for each library it
# loads, which file its malloc and free were bound to.
set -euo pipefail
: "${XC:?}"
bindings=$(LD_BIND_NOW=1 LD_DEBUG=bindings "$XC" --version 2>&1 >/dev/null)
fail=0
for from in "$(basename "$XC")" libpcre2-8 libyaml libjansson libutf8proc libc.so; do
  for sym in malloc free; do
    got=$(grep "binding file [^ ]*/$from[^ /]* \[0\] to .*\`$sym'" <<<"$bindings" | head -1 |
          sed 's/.* to \([^ ]*\) .*/\1/')
    if [ -z "$got" ]; then
      echo "$from: no binding of $sym"
      fail=1
    elif [ "${XC_USE_MIMALLOC:-OFF}" = ON ] && [[ "$got" != */libmimalloc.so* ]]; then
      echo "$from: $sym bound to $got, not to mimalloc"
      fail=1
    elif [ "${XC_USE_MIMALLOC:-OFF}" != ON ] && [[ "$got" == */libmimalloc.so* ]]; then
      echo "$from: $sym bound to mimalloc in a build without it"
      fail=1
    fi
  done
done
[ $fail = 0 ] && echo "ok: malloc and free of the command and its libraries (mimalloc: ${XC_USE_MIMALLOC:-OFF})"
exit $fail
