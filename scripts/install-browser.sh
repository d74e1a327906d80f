#!/usr/bin/env bash
# Install Debian's Chromium for the end-to-end browser tests (tests/e2e), if missing.
# Idempotent: does nothing when /usr/bin/chromium exists. Never downloads a browser
# build of its own (no `playwright install`): Playwright drives this system Chromium.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
test -x /usr/bin/chromium
