#!/usr/bin/env bash
# test/proxy-recipes.test.ts runs deploy/nginx.conf and deploy/Caddyfile in real nginx (with
# the brotli_static module) and Caddy, Debian's packages. Install them when we can, fail loudly
# when we cannot: the test is never skipped.
set -euo pipefail

has_proxies() {
  [[ -x /usr/sbin/nginx && -x /usr/bin/caddy && -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]]
}

if has_proxies; then exit 0; fi

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing nginx and Caddy for the proxy recipe tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  # Installed for their binaries only: the packages' own services are not what the test runs.
  apt-get install -y -qq --no-install-recommends nginx libnginx-mod-http-brotli-static caddy >/dev/null
  has_proxies && exit 0
fi

echo "The proxy recipe tests need nginx, its brotli_static module and Caddy: apt-get install nginx libnginx-mod-http-brotli-static caddy" >&2
exit 1
