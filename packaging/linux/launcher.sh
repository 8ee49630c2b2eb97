#!/bin/sh
# Starts In the Ruin from its folder.  The bundled program needs a C library
# (glibc) at least as new as the newest symbol version its files use: say so
# in one line rather than let the loader fail with a list of symbols.
here=$(dirname "$(readlink -f "$0")")
need=@GLIBC_FLOOR@
have=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc //p')
if [ -z "$have" ]; then
    echo "In the Ruin needs the GNU C library (glibc) $need or newer; this system has none." >&2
    exit 1
fi
if ! awk -v h="$have" -v n="$need" 'BEGIN { split(h, a, "."); split(n, b, ".");
        exit !(a[1] + 0 > b[1] + 0 || (a[1] + 0 == b[1] + 0 && a[2] + 0 >= b[2] + 0)) }'; then
    echo "In the Ruin needs glibc $need or newer; this system has glibc $have (a newer Linux, or install with pip)." >&2
    exit 1
fi
exec "$here/app/ruin-qt" "$@"
