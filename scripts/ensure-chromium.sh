#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright's own browser download does not work on these machines).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null ||
    { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; }
  [ -x "$chromium" ] && exit 0
fi
echo "Chromium is missing at $chromium. Install it (apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
