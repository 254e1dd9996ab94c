#!/usr/bin/env bash
# Browser tests need a real Chromium. Use Debian's (Playwright's own download needs
# internet access we do not assume); install it when we can, fail loudly when we cannot.
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" && -x "${CHROMIUM_PATH}" ]]; then exit 0; fi
if [[ -x /usr/bin/chromium ]]; then exit 0; fi

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium package for the browser tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
  [[ -x /usr/bin/chromium ]] && exit 0
fi

echo "Browser tests need Chromium: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH" >&2
exit 1
