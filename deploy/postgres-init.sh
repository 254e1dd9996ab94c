#!/usr/bin/env bash
# deploy/compose.yaml's database, made once, on a new data volume, by the postgres image's
# entrypoint (/docker-entrypoint-initdb.d) as docs/deploy.md's step 2 makes it by hand: a role
# for the server that owns its database and nothing more (neither superuser nor CREATEROLE),
# then deploy/postgres-setup.sql, run by the superuser, for what the migrations cannot do as
# that role. The server applies the migrations itself at its first start.
set -euo pipefail
role=launch-page
if [[ -z "${LAUNCH_PAGE_DB_PASSWORD:-}" ]]; then
  echo "postgres-init.sh: set LAUNCH_PAGE_DB_PASSWORD in compose.env" >&2
  exit 1
fi
psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc)
"${psql[@]}" --dbname postgres --set role="$role" --set password="$LAUNCH_PAGE_DB_PASSWORD" <<'SQL'
create role :"role" login password :'password';
create database :"role" owner :"role";
SQL
"${psql[@]}" --dbname "$role" --set app_role="$role" --file /launch-page/postgres-setup.sql
# The superuser logs in through the socket only, from inside this container (docker compose exec
# db psql -U postgres); from the network, POSTGRES_PASSWORD or not, it is refused.
hba="$PGDATA/pg_hba.conf"
{ printf 'host all "%s" all reject\n' "$POSTGRES_USER"; cat "$hba"; } >"$hba.new"
mv "$hba.new" "$hba"
