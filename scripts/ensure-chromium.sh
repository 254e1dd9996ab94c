#!/usr/bin/env bash
# Browser tests need a real Chromium. Use Debian's (Playwright's own download needs
# internet access we do not assume); install it when we can, fail loudly when we cannot.
# Headless Chromium draws only the scripts it has fonts for: fonts-noto-core brings Arabic and
# Hebrew, for the right-to-left pages' screenshots (docs/decisions/direction.md).
set -euo pipefail

have_chromium() { [[ -n "${CHROMIUM_PATH:-}" && -x "${CHROMIUM_PATH}" ]] || [[ -x /usr/bin/chromium ]]; }
have_fonts() { ! command -v fc-list >/dev/null 2>&1 || fc-list | grep -qi arab; }

if have_chromium && have_fonts; then exit 0; fi

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium and fonts-noto-core packages for the browser tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends chromium fonts-noto-core >/dev/null
  have_chromium && exit 0
fi

have_chromium && exit 0
echo "Browser tests need Chromium: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH" >&2
exit 1
