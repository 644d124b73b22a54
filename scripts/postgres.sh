#!/usr/bin/env bash
# Starts or stops a throw-away PostgreSQL 15 on a loopback port for the PostgreSQL test pass.
#   scripts/postgres.sh start [port]   prints the admin URL on its last line
#   scripts/postgres.sh stop
#   scripts/postgres.sh crash          stops it at once (-m immediate: no shutdown checkpoint, as a crash)
#   scripts/postgres.sh resume [port]  starts the existing cluster again (crash recovery runs)
# Debian's server binaries live in /usr/lib/postgresql/15/bin; initdb refuses root, so the
# cluster belongs to the postgres user (STACK.md).
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PGROOT=${PGROOT:-/tmp/ledgerline-pg}
PORT=${2:-${PGPORT:-55480}}

run_as_postgres() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi
}

start_cluster() {
  run_as_postgres "$PGBIN/pg_ctl -D $PGROOT/data -l $PGROOT/log -w -o \"-p $PORT -k $PGROOT/socket -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off\" start >/dev/null"
}

case "${1:-}" in
  start)
    if [ ! -x "$PGBIN/initdb" ]; then
      if [ "$(id -u)" = "0" ]; then
        echo "Installing PostgreSQL 15 from Debian's packages…" >&2
        apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >&2
      else
        echo "PostgreSQL 15 is missing: install Debian's postgresql-15 package (as root: apt-get install postgresql-15)." >&2
        exit 1
      fi
    fi
    # A cluster left running by an earlier pass is stopped before its folder is reused.
    if [ -f "$PGROOT/data/postmaster.pid" ]; then run_as_postgres "$PGBIN/pg_ctl -D $PGROOT/data -m fast stop >/dev/null" || true; fi
    rm -rf "$PGROOT"
    mkdir -p "$PGROOT/data" "$PGROOT/socket"
    if [ "$(id -u)" = "0" ]; then chown -R postgres:postgres "$PGROOT"; fi
    run_as_postgres "$PGBIN/initdb -D $PGROOT/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null"
    start_cluster
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  crash)
    run_as_postgres "$PGBIN/pg_ctl -D $PGROOT/data -m immediate -w stop >/dev/null"
    ;;
  resume)
    start_cluster
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    if [ -d "$PGROOT/data" ]; then run_as_postgres "$PGBIN/pg_ctl -D $PGROOT/data -m fast stop >/dev/null" || true; fi
    ;;
  *)
    echo "usage: scripts/postgres.sh start [port] | stop | crash | resume [port]" >&2
    exit 2
    ;;
esac
