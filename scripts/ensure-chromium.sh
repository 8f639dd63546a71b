#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; install it when it is missing (needs root).
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing at $CHROMIUM: install Debian's 'chromium' package (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "== installing Debian's chromium"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
