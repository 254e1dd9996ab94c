#!/usr/bin/env bash
# The server suite also runs against a real PostgreSQL server (scripts/pg-cluster.ts starts
# a throwaway cluster). Find its binaries, install them when we can, fail loudly when we cannot.
set -euo pipefail

has_postgres() {
  if [[ -n "${PG_BIN:-}" && -x "${PG_BIN}/postgres" ]]; then return 0; fi
  compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null && return 0
  command -v pg_config >/dev/null 2>&1 && [[ -x "$(pg_config --bindir)/postgres" ]] && return 0
  return 1
}

if has_postgres; then exit 0; fi

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the PostgreSQL server for the database tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  # Debian 12 ships postgresql-15; other releases only have the unversioned meta package.
  if apt-cache show postgresql-15 >/dev/null 2>&1; then pkg=postgresql-15; else pkg=postgresql; fi
  apt-get install -y -qq --no-install-recommends "$pkg" >/dev/null
  has_postgres && exit 0
fi

echo "Database tests need the PostgreSQL server: install Debian's postgresql package (apt-get install postgresql) or set PG_BIN to its bin directory" >&2
exit 1
