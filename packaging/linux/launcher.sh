#!/bin/sh
# Starts In the Ruin from its folder.  The bundled program needs a C library
# (glibc) at least as new as the newest symbol version its files use, and a
# few system libraries (X11/Wayland, OpenGL, fonts): when either is missing it
# says so in one line on stderr and, started from a menu (no terminal), in a
# dialog with whatever the desktop has -- zenity, kdialog, xmessage,
# notify-send -- rather than let the loader fail unseen.  The dialog's text is
# word-wrapped, so the whole apt command shows on any screen.
here=$(dirname "$(readlink -f "$0")")
need=@GLIBC_FLOOR@
# What the .deb depends on, as one apt command's packages; and which package holds which library.
apt="@APT_PACKAGES@"
sonames="@SONAME_PACKAGES@"

tell() {  # tell MESSAGE: stderr always (one line); a dialog too when no terminal shows stderr
    echo "$1" >&2
    [ -t 2 ] && return 0
    [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || return 0
    # Lines of at most 64 characters, broken between words (xmessage never wraps; the others, unevenly).
    wrapped=$(printf '%s\n' "$1" | fold -s -w 64 | sed 's/[[:space:]]*$//')
    if command -v zenity >/dev/null 2>&1; then
        zenity --error --title="In the Ruin" --no-wrap --text="$wrapped" >/dev/null 2>&1 && return 0
    fi
    if command -v kdialog >/dev/null 2>&1; then
        kdialog --title "In the Ruin" --error "$wrapped" >/dev/null 2>&1 && return 0
    fi
    if command -v xmessage >/dev/null 2>&1; then
        printf '%s\n' "$wrapped" | xmessage -center -title "In the Ruin" -file - >/dev/null 2>&1 && return 0
    fi
    if command -v notify-send >/dev/null 2>&1; then
        notify-send -u critical "In the Ruin" "$wrapped" >/dev/null 2>&1 && return 0
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
internal="$here/app/_internal"
lacking() {  # lacking FILE: the libraries FILE needs that the loader cannot find, one a line
    [ -f "$1" ] || return 0
    ldd "$1" 2>/dev/null | sed -n 's/^[[:space:]]*\([^[:space:]]*\) => not found.*/\1/p'
}
if [ ! -t 2 ] && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && command -v ldd >/dev/null 2>&1; then
    # From a menu (no terminal to show the loader's or Qt's own message): ask the loader first which
    # system library the widgets or the X11 platform plugin lack.  Qt itself would only name xcb-cursor0,
    # whatever is missing.
    missing=$( {
        lacking "$internal/PySide6/QtWidgets.abi3.so"
        if [ -z "${WAYLAND_DISPLAY:-}" ] && { [ -z "${QT_QPA_PLATFORM:-}" ] || [ "$QT_QPA_PLATFORM" = xcb ]; }; then
            lacking "$internal/PySide6/Qt/plugins/platforms/libqxcb.so"
        fi
    } | awk '!seen[$0]++ { printf "%s%s", (n++ ? ", " : ""), $0 }')
    if [ -n "$missing" ]; then
        # Each library's package, from the table the .deb's Depends is made from.
        packages=$(printf '%s\n' "$sonames" | awk -v missing="$missing" '
            BEGIN { n = split(missing, lib, ", ") }
            { for (i = 1; i <= n; i++) if (!(i in pkg) && index(lib[i], $1) == 1) pkg[i] = $2 }
            END { for (i = 1; i <= n; i++) if ((i in pkg) && !seen[pkg[i]]++) printf "%s%s", (c++ ? ", " : ""), pkg[i] }')
        tell "In the Ruin cannot start: this system lacks $missing${packages:+ (Debian package: $packages)}. On Debian or Ubuntu, install every library the game needs with: sudo apt install $apt"
        exit 1
    fi
fi
# The launcher becomes the program: nothing of it stays behind when the program ends or is killed.
exec "$here/app/ruin-qt" "$@"
