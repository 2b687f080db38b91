#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (test/web) when it is missing.
set -euo pipefail
if command -v chromium >/dev/null; then
  exit 0
fi
echo "Installing chromium from Debian's packages"
apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
