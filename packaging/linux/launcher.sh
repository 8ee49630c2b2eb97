#!/bin/sh
# Starts In the Ruin from its folder.  The bundled program needs a C library
# (glibc) at least as new as the newest symbol version its files use, and a
# few system libraries (X11/Wayland, OpenGL, fonts): when either is missing it
# says so in one line on stderr and, started from a menu (no terminal), in a
# dialog with whatever the desktop has -- zenity, kdialog, xmessage,
# notify-send -- rather than let the loader fail unseen.
here=$(dirname "$(readlink -f "$0")")
need=@GLIBC_FLOOR@

tell() {  # tell MESSAGE: stderr always; a dialog too when no terminal shows stderr
    echo "$1" >&2
    [ -t 2 ] && return 0
    [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || return 0
    if command -v zenity >/dev/null 2>&1; then
        zenity --error --title="In the Ruin" --no-wrap --text="$1" >/dev/null 2>&1 && return 0
    fi
    if command -v kdialog >/dev/null 2>&1; then
        kdialog --title "In the Ruin" --error "$1" >/dev/null 2>&1 && return 0
    fi
    if command -v xmessage >/dev/null 2>&1; then
        xmessage -center -title "In the Ruin" "$1" >/dev/null 2>&1 && return 0
    fi
    if command -v notify-send >/dev/null 2>&1; then
        notify-send -u critical "In the Ruin" "$1" >/dev/null 2>&1 && return 0
    fi
    return 0
}

have=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc //p')
if [ -z "$have" ]; then
    tell "In the Ruin needs the GNU C library (glibc) $need or newer; this system has none."
    exit 1
fi
if ! awk -v h="$have" -v n="$need" 'BEGIN { split(h, a, "."); split(n, b, ".");
        exit !(a[1] + 0 > b[1] + 0 || (a[1] + 0 == b[1] + 0 && a[2] + 0 >= b[2] + 0)) }'; then
    tell "In the Ruin needs glibc $need or newer; this system has glibc $have (a newer Linux, or install with pip)."
    exit 1
fi
if [ -t 2 ] || [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec "$here/app/ruin-qt" "$@"  # a terminal (or no desktop) sees the program's own messages
fi
# From a menu: keep the program's messages to recognise a missing library.
log=$(mktemp "${TMPDIR:-/tmp}/ruin-qt-start.XXXXXX") || exec "$here/app/ruin-qt" "$@"
"$here/app/ruin-qt" "$@" 2>"$log"
status=$?
cat "$log" >&2
if [ "$status" -ne 0 ]; then
    missing=$(grep -o -m 1 -e 'error while loading shared libraries: [^:]*' -e 'Could not load the Qt platform plugin[^.]*' \
        -e 'xcb-cursor0 or libxcb-cursor0 is needed[^.]*' "$log" | head -n 1)
    if [ -n "$missing" ]; then
        tell "In the Ruin cannot start: a system library is missing ($missing). On Debian or Ubuntu: sudo apt install libegl1 libgl1 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libfontconfig1"
    fi
fi
rm -f "$log"
exit "$status"
