#!/usr/bin/env bash
# The server suite also runs against a real PostgreSQL server (scripts/pg-cluster.ts starts
# a throwaway cluster) and, in front of it, a real PgBouncer in transaction mode
# (scripts/pgbouncer.ts). Find their binaries, install them when we can, fail loudly when we cannot.
set -euo pipefail

has_postgres() {
  if [[ -n "${PG_BIN:-}" && -x "${PG_BIN}/postgres" ]]; then return 0; fi
  compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null && return 0
  command -v pg_config >/dev/null 2>&1 && [[ -x "$(pg_config --bindir)/postgres" ]] && return 0
  return 1
}

has_pgbouncer() {
  for p in /usr/sbin/pgbouncer /usr/bin/pgbouncer /usr/local/bin/pgbouncer; do [[ -x "$p" ]] && return 0; done
  return 1
}

if has_postgres && has_pgbouncer; then exit 0; fi

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the PostgreSQL server and PgBouncer for the database tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  pkgs=()
  if ! has_postgres; then
    # Debian 12 ships postgresql-15; other releases only have the unversioned meta package.
    if apt-cache show postgresql-15 >/dev/null 2>&1; then pkgs+=(postgresql-15); else pkgs+=(postgresql); fi
  fi
  has_pgbouncer || pkgs+=(pgbouncer)
  apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
  # Debian's package starts its own pgbouncer service where there is an init; the tests start theirs.
  if command -v service >/dev/null 2>&1; then service pgbouncer stop >/dev/null 2>&1 || true; fi
  has_postgres && has_pgbouncer && exit 0
fi

has_postgres || echo "Database tests need the PostgreSQL server: install Debian's postgresql package (apt-get install postgresql) or set PG_BIN to its bin directory" >&2
has_pgbouncer || echo "Database tests need PgBouncer: install Debian's pgbouncer package (apt-get install pgbouncer)" >&2
exit 1
