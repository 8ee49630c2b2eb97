#!/bin/sh
# Installs In the Ruin for this user, no root needed:
#   ./install.sh                 program in ~/.local/lib, launcher ~/.local/bin/ruin-qt,
#                                menu entry, icons, record type and AppStream data in
#                                $XDG_DATA_HOME (default ~/.local/share)
#   ./install.sh --prefix DIR    the same under DIR (DIR/bin, DIR/lib, DIR/share)
#   ./install.sh --uninstall     removes every file the install wrote, nothing else
#                                (give the same --prefix / XDG_DATA_HOME as for installing)
# Each installed file is listed in the manifest installed-files.txt beside the program.
set -eu
APP_ID=io.github.ruinqt.RuinQt
here=$(cd "$(dirname "$0")" && pwd)
action=install
prefix=
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --uninstall) action=uninstall; shift ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done
if [ -n "$prefix" ]; then
    prefix=$(mkdir -p "$prefix" && cd "$prefix" && pwd)
    data=$prefix/share bin=$prefix/bin lib=$prefix/lib/$APP_ID
else
    data=${XDG_DATA_HOME:-$HOME/.local/share} bin=$HOME/.local/bin lib=$HOME/.local/lib/$APP_ID
fi
manifest=$lib/installed-files.txt

refresh() {  # the desktop's caches of MIME types and menu entries, when their tools exist
    if [ -d "$data/mime/packages" ] && command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$data/mime" >/dev/null 2>&1 || true
    fi
    if [ -d "$data/applications" ] && command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$data/applications" 2>/dev/null || true
    fi
    if [ -f "$data/icons/hicolor/index.theme" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t "$data/icons/hicolor" 2>/dev/null || true
    fi
}

uninstall() {
    [ -f "$manifest" ] || { echo "In the Ruin is not installed here (no $manifest)"; return 0; }
    # Only the files the install wrote, then the folders it created (deepest
    # first, if empty).  The caches (mime/, mimeinfo.cache, icon-theme.cache)
    # are rebuilt by their own tools from what is left, never deleted: other
    # programs' types and entries stay in them.
    made=$(cat "$manifest.dirs" 2>/dev/null || true)
    grep '^f ' "$manifest" | cut -c3- | while IFS= read -r f; do rm -f "$f"; done
    rm -f "$manifest" "$manifest.dirs"
    refresh
    # A cache the install brought into being is dropped only once nothing is
    # left for it to describe (no other program's type or entry).
    printf '%s\n' "$made" | grep '^g ' | cut -c3- | while IFS= read -r g; do
        case $g in
            */mime)
                if [ -d "$g" ] && [ -z "$(ls -A "$g/packages" 2>/dev/null)" ]; then
                    find "$g" -mindepth 1 -maxdepth 1 ! -name packages -exec rm -rf {} +
                fi ;;
            */mimeinfo.cache)
                if ! grep -q '=' "$g" 2>/dev/null; then rm -f "$g"; fi ;;
        esac
    done
    printf '%s\n' "$made" | grep '^d ' | cut -c3- | sort -r | while IFS= read -r d; do
        rmdir "$d" 2>/dev/null || true
    done
    echo "In the Ruin uninstalled (your saved games and settings are kept)"
}

new_dirs=
track_dir() {  # mkdir -p that remembers each folder it creates
    d=$1 missing=
    while [ ! -d "$d" ]; do missing="$d
$missing"; d=$(dirname "$d"); done
    old_ifs=$IFS IFS='
'
    for m in $missing; do mkdir "$m"; new_dirs="$new_dirs
d $m"; done
    IFS=$old_ifs
}

exec_path() {  # the launcher's path as the desktop entry's Exec wants it
    # Plain when it can be: xdg-open's generic mode (openbox, i3 and other
    # plain sessions) runs Exec's first word as it stands and cannot run a
    # quoted path.  A path with a character the desktop entry spec reserves
    # (a space, a quote, $...) must be quoted: gio, KDE and GNOME read that.
    case $1 in
        *[!A-Za-z0-9_./+,:@=-]*)
            printf '"%s"' "$(printf '%s' "$1" | sed -e 's/[\\"`$]/\\\\&/g' -e 's/%/%%/g')" ;;
        *) printf '%s' "$1" ;;
    esac
}

install_app() {
    [ -x "$here/app/ruin-qt" ] || { echo "install.sh: run it from the unpacked folder (app/ruin-qt missing)" >&2; exit 1; }
    [ ! -f "$manifest" ] || uninstall >/dev/null
    files=
    put() {  # put SOURCE DEST
        track_dir "$(dirname "$2")"
        cp -P "$1" "$2"
        files="$files
f $2"
    }
    generated=
    [ -e "$data/applications/mimeinfo.cache" ] || generated="g $data/applications/mimeinfo.cache"
    [ -e "$data/mime/mime.cache" ] || generated="$generated
g $data/mime"
    track_dir "$lib"
    cp -R "$here/app" "$here/ruin-qt" "$here/install.sh" "$lib/"
    for doc in LICENSE README.txt; do [ ! -f "$here/$doc" ] || cp "$here/$doc" "$lib/"; done
    files="$files
$(cd "$lib" && find . \( -type f -o -type l \) | sed "s|^\./|f $lib/|")"
    new_dirs="$new_dirs
$(cd "$lib" && find . -mindepth 1 -type d | sed "s|^\./|d $lib/|")"
    track_dir "$bin"
    ln -sf "$lib/ruin-qt" "$bin/ruin-qt"
    files="$files
f $bin/ruin-qt"
    track_dir "$data/applications"
    exec_line="Exec=$(exec_path "$bin/ruin-qt") %f"
    while IFS= read -r line; do
        case $line in Exec=*) printf '%s\n' "$exec_line" ;; *) printf '%s\n' "$line" ;; esac
    done < "$here/share/applications/$APP_ID.desktop" > "$data/applications/$APP_ID.desktop"
    files="$files
f $data/applications/$APP_ID.desktop"
    put "$here/share/metainfo/$APP_ID.metainfo.xml" "$data/metainfo/$APP_ID.metainfo.xml"
    put "$here/share/mime/packages/$APP_ID.xml" "$data/mime/packages/$APP_ID.xml"
    for icon in "$here"/share/icons/hicolor/*/apps/*; do
        put "$icon" "$data/icons/hicolor/${icon#"$here"/share/icons/hicolor/}"
    done
    printf '%s\n' "$files" | sed '/^$/d' > "$manifest"
    printf '%s\n' "$new_dirs" "$generated" | sed '/^$/d' > "$manifest.dirs"
    echo "f $manifest" >> "$manifest"
    refresh
    if [ -n "$prefix" ]; then
        # A menu shows the entry only if $data is among the folders it reads.
        case ":${XDG_DATA_DIRS:-/usr/local/share:/usr/share}:${XDG_DATA_HOME:-$HOME/.local/share}:" in
            *":$data:"*|*":$data/:"*) echo "In the Ruin installed: $bin/ruin-qt, and in the menu (Games)" ;;
            *) echo "In the Ruin installed: $bin/ruin-qt"
               echo "(its menu entry is in $data/applications: menus show it once $data is in XDG_DATA_DIRS)" ;;
        esac
    else
        echo "In the Ruin installed: $bin/ruin-qt, and in the menu (Games)"
    fi
    case ":$PATH:" in *":$bin:"*) ;; *)
        if [ -n "$prefix" ]; then echo "($bin is not on your PATH: start it as $bin/ruin-qt)"
        else echo "($bin is not on your PATH: start it from the menu or as $bin/ruin-qt)"; fi ;;
    esac
}

if [ "$action" = uninstall ]; then uninstall; else install_app; fi
