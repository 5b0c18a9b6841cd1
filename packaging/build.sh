#!/usr/bin/env bash
# Build the standalone HarmDesk from a regular (not editable) install in a clean virtual
# environment, then run the smoke test on the result.
#
#   packaging/build.sh            one folder: build/packaging/dist/harmdesk/harmdesk
#   packaging/build.sh --onefile  one file:   build/packaging/dist/harmdesk
#   packaging/build.sh --bare     a bare PySide6 window frozen the same way (a yardstick)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${HARMDESK_BUILD_DIR:-$root/build/packaging}
export HARMDESK_ONEFILE=0 HARMDESK_BARE=0
for arg in "$@"; do
  case "$arg" in
    --onefile) HARMDESK_ONEFILE=1 ;;
    --bare) HARMDESK_BARE=1 ;;
    *) echo "usage: packaging/build.sh [--onefile] [--bare]" >&2; exit 2 ;;
  esac
done

# a clean virtual environment each time (HARMDESK_REUSE_VENV=1 keeps the last one, for
# repeated builds while measuring)
venv="$out/venv"
if [ "${HARMDESK_REUSE_VENV:-0}" != 1 ] || [ ! -x "$venv/bin/pyinstaller" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --upgrade pip
fi
# compile the layouts with this environment's uic, then install HarmDesk for real
"$venv/bin/pip" install -q ".[packaging]"
"$venv/bin/python" ui/build.py >/dev/null
"$venv/bin/pip" install -q --no-deps --force-reinstall .

"$venv/bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --distpath "$out/dist" --workpath "$out/work" packaging/harmdesk.spec

name=harmdesk
[ "$HARMDESK_BARE" = 1 ] && name=bare-window
if [ "$HARMDESK_ONEFILE" = 1 ]; then app="$out/dist/$name"; size_of="$app"
else app="$out/dist/$name/$name"; size_of="$out/dist/$name"; fi
[ "$HARMDESK_BARE" = 1 ] && { echo "built $app"; exit 0; }
if [ "$HARMDESK_ONEFILE" = 0 ] && [ "$(uname)" = Linux ]; then
  # desktop integration: the entry and icons, ready for ~/.local/share
  cp packaging/harmdesk.desktop "$out/dist/harmdesk/"
  for png in packaging/icons/harmdesk-*.png; do
    size=$(basename "$png" .png); size=${size#harmdesk-}
    mkdir -p "$out/dist/harmdesk/icons/hicolor/${size}x${size}/apps"
    cp "$png" "$out/dist/harmdesk/icons/hicolor/${size}x${size}/apps/harmdesk.png"
  done
fi
echo "built $app ($(du -sh "$size_of" | cut -f1))"

# the smoke test, on a virtual screen when there is no display
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then export QT_QPA_PLATFORM=offscreen; fi
"$app" --smoke
