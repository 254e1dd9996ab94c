#!/usr/bin/env bash
# The local PostgreSQL image's entrypoint (postgres.Containerfile): what the official postgres
# image's docker-entrypoint.sh does for the settings deploy/compose.yaml uses. On an empty PGDATA:
# initdb with POSTGRES_USER (default postgres) and POSTGRES_PASSWORD, password logins from other
# hosts (scram-sha-256), POSTGRES_DB created, then every /docker-entrypoint-initdb.d/ file run
# against a server that listens on its socket only (*.sh run, or sourced when not executable;
# *.sql through psql), and the server stopped. Then PostgreSQL itself, as the postgres user.
set -Eeuo pipefail

if [[ "${1:-}" == -* ]]; then set -- postgres "$@"; fi

if [[ "$1" == postgres && "$(id -u)" == 0 ]]; then
  # A new volume is root's: make it the server's, then run this again as that user.
  install -d -o postgres -g postgres -m 0700 "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 0700 "$PGDATA"
  install -d -o postgres -g postgres -m 3777 /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
fi

if [[ "$1" == postgres && ! -s "$PGDATA/PG_VERSION" ]]; then
  if [[ -z "${POSTGRES_PASSWORD:-}" ]]; then
    echo 'Database is uninitialized and superuser password is not specified: set POSTGRES_PASSWORD' >&2
    exit 1
  fi
  export POSTGRES_USER=${POSTGRES_USER:-postgres}
  export POSTGRES_DB=${POSTGRES_DB:-$POSTGRES_USER}
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") >/dev/null
  printf '\nhost all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  pg_ctl --pgdata="$PGDATA" --options="-c listen_addresses='' -p 5432" --wait --silent start
  psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc)
  if [[ "$POSTGRES_DB" != postgres ]]; then
    "${psql[@]}" --dbname postgres --set db="$POSTGRES_DB" <<<'create database :"db";'
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh)
        echo "$0: running $f" >&2
        if [[ -x "$f" ]]; then "$f"; else . "$f"; fi
        ;;
      *.sql)
        echo "$0: running $f" >&2
        "${psql[@]}" --dbname "$POSTGRES_DB" --file "$f"
        ;;
      *) [[ -e "$f" ]] && echo "$0: ignoring $f" >&2 ;;
    esac
  done
  pg_ctl --pgdata="$PGDATA" --mode=fast --wait --silent stop
  echo 'PostgreSQL init process complete; ready for start up.' >&2
fi

exec "$@"
