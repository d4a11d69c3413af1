#!/bin/sh
# boundary-check.sh - the library's internal boundaries, checked by machine
# (make check):
#   - the core (lib/*.c, lib/*.h) includes nothing from lib/games/ or
#     lib/boards/ and names no game id; only registry.c names the games'
#     op tables;
#   - the boards (lib/boards/) include nothing of the games and name no
#     game id;
#   - a game's files (lib/games/<family>*) include only the core's
#     internal.h, system headers and their own family's headers: no other
#     game's file, no board's private header.
# A game's family is the prefix its files share: dots_and_boxes, china,
# fangqi, chains (chains_of_thought and its boards); groups.c is shared by
# the games and belongs to none.
set -eu
cd "$(dirname "$0")/.."
fail=0
families="dots_and_boxes china fangqi chains"

# The game ids, read off the registry's op tables (mg__<id>_ops).
ids=$(sed -n 's/^extern const mg__game_ops mg__\([a-z_]*\)_ops;.*/\1/p' \
    lib/registry.c | sort -u)
[ -n "$ids" ] || { echo "boundary-check: found no game ids" >&2; exit 1; }
nids=$(echo "$ids" | wc -l)
[ "$nids" -ge 7 ] || { echo "boundary-check: found only $nids game ids: $ids" >&2; exit 1; }

# Headers that live in the folders.
game_headers=$(cd lib/games && ls *.h 2>/dev/null || true)
board_headers=$(cd lib/boards && ls *.h 2>/dev/null || true)

includes() { # file: the quoted includes
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1"
}

complain() {
    echo "boundary-check: $1" >&2
    fail=1
}

for f in lib/*.c lib/*.h; do
    for inc in $(includes "$f"); do
        case "$inc" in
        games/* | boards/* | ../*) complain "$f includes $inc (the core includes nothing of the games or boards)" ;;
        esac
        for h in $game_headers $board_headers; do
            [ "$inc" = "$h" ] && complain "$f includes $inc, a private header of lib/games or lib/boards"
        done
    done
    [ "$f" = lib/registry.c ] && continue
    for id in $ids; do
        if grep -n "\b$id\b" "$f" >/dev/null; then
            complain "$f names the game id $id ($(grep -n "\b$id\b" "$f" | head -n 1 | cut -d: -f1))"
        fi
        if grep -n "mg__${id}_ops" "$f" >/dev/null; then
            complain "$f names the op table of $id (only registry.c may)"
        fi
    done
done

for f in lib/boards/*.c lib/boards/*.h; do
    for inc in $(includes "$f"); do
        for h in $game_headers; do
            [ "$inc" = "$h" ] && complain "$f includes $inc, a game's header (boards know no game)"
        done
        case "$inc" in ../games/* | games/*) complain "$f includes $inc" ;; esac
    done
    for id in $ids; do
        grep -q "\b$id\b" "$f" && complain "$f names the game id $id (boards know no game)"
    done
done

family_of() { # file name -> family, or "" for shared files
    for fam in $families; do
        case "$1" in "$fam"*) echo "$fam"; return ;; esac
    done
    echo ""
}

for f in lib/games/*.c lib/games/*.h; do
    base=$(basename "$f")
    fam=$(family_of "$base")
    for inc in $(includes "$f"); do
        [ "$inc" = internal.h ] && continue
        case "$inc" in
        ../* | boards/* | games/*) complain "$f includes $inc (a game includes only internal.h and its own files)"; continue ;;
        esac
        for h in $board_headers; do
            [ "$inc" = "$h" ] && complain "$f includes $inc, a board's private header (ask the board through internal.h)"
        done
        ifam=$(family_of "$inc")
        if [ -n "$ifam" ] && [ "$ifam" != "$fam" ]; then
            complain "$f ($fam) includes $inc of another game ($ifam)"
        fi
    done
    # another family's op table or private prefix
    for other in $families; do
        [ "$other" = "$fam" ] && continue
        case "$other" in
        dots_and_boxes) pat='mg__dab_\|mg__dots_and_boxes_ops' ;;
        china) pat='mg__china_' ;;
        fangqi) pat='mg__fangqi_\|mg__fq_' ;;
        chains) pat='mg__cot_\|mg__chains_' ;;
        esac
        grep -q "$pat" "$f" && complain "$f ($fam) names $other's internals ($pat)"
    done
done

[ $fail = 0 ] || exit 1
echo "boundary-check: core, boards and $(echo $families | wc -w) game families keep to their own files ($nids games)"
