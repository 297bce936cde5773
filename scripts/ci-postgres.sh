#!/usr/bin/env bash
# A PostgreSQL for the workspace's tests (docs/workspace.md "Tests"): installs
# Debian's postgresql when missing, starts its cluster, makes a role and an
# empty test database, and prints the URL to use on stdout (the only line it
# prints there; progress goes to stderr). .ci/run exports it as
# WORKSPACE_TEST_DATABASE_URL, which the tests read (DATABASE_URL too, but that
# one is also the server's own setting).
#   export WORKSPACE_TEST_DATABASE_URL="$(scripts/ci-postgres.sh)"
set -euo pipefail

ROLE=workspace_test
PASSWORD=workspace_test
DATABASE=workspace_test
PORT="${PGPORT:-5432}"

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
# A command as the database's superuser (the postgres system user).
as_postgres() {
  if [ -z "$SUDO" ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  echo "== installing Debian's postgresql" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >&2
  $SUDO apt-get install -y -qq postgresql >&2
fi

# The first cluster (Debian makes one on install): its version and name.
read -r version cluster status < <(pg_lsclusters --no-header | awk '{print $1, $2, $4; exit}')
if [ -z "${version:-}" ]; then
  echo "== no PostgreSQL cluster; making one" >&2
  version="$(ls /usr/lib/postgresql | sort -V | tail -n1)"
  cluster=main
  $SUDO pg_createcluster "$version" "$cluster" >&2
  status=down
fi
if [ "$status" != "online" ]; then
  echo "== starting PostgreSQL $version/$cluster" >&2
  $SUDO pg_ctlcluster "$version" "$cluster" start >&2
fi
port="$(pg_lsclusters --no-header | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c {print $3}')"
PORT="${port:-$PORT}"

# Wait until it takes connections (a fresh start needs a moment).
for _ in $(seq 1 30); do
  if as_postgres psql -p "$PORT" -qtAc 'SELECT 1' >/dev/null 2>&1; then break; fi
  sleep 1
done

as_postgres psql -p "$PORT" -qtAc "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE') THEN
    CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD';
  END IF;
END \$\$;" >&2
if [ "$(as_postgres psql -p "$PORT" -qtAc "SELECT 1 FROM pg_database WHERE datname = '$DATABASE'")" != "1" ]; then
  as_postgres createdb -p "$PORT" -O "$ROLE" "$DATABASE" >&2
fi
# The tests make a schema of their own per test: the role owns the database.
as_postgres psql -p "$PORT" -qtAc "ALTER DATABASE $DATABASE OWNER TO $ROLE" >&2

echo "postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DATABASE"
