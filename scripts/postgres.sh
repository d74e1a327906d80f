#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback, for the tests and the load benchmark.
#   bash scripts/postgres.sh install   install Debian's PostgreSQL server if initdb is missing
#   bash scripts/postgres.sh start     make a cluster in a new temporary directory, start it on a
#                                      free 127.0.0.1 port; prints "URL DIR" on one line
#   bash scripts/postgres.sh stop DIR  stop that cluster and delete DIR
# The cluster trusts local connections (it listens on 127.0.0.1 only) and runs as the
# 'postgres' user when started by root (PostgreSQL refuses to run as root).
set -euo pipefail

bindir() {
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir
    return
  fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$found" ] && [ -x "$found/initdb" ]; then
    echo "$found"
    return
  fi
  return 1
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

case "${1:-}" in
  install)
    if bindir >/dev/null; then
      exit 0
    fi
    if [ "$(id -u)" -ne 0 ]; then
      echo "PostgreSQL is not installed and this user cannot apt-get install it" >&2
      exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq postgresql >/dev/null
    bindir >/dev/null
    ;;
  start)
    bin=$(bindir) || { echo "PostgreSQL is not installed (bash scripts/postgres.sh install)" >&2; exit 1; }
    dir=$(mktemp -d /tmp/dicefront-pg.XXXXXX)
    chmod 755 "$dir"
    if [ "$(id -u)" -eq 0 ]; then
      chown postgres "$dir"
    fi
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$bin/initdb" -D "$dir/data" -U dicefront -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200" start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://dicefront@127.0.0.1:$port/postgres $dir"
    ;;
  stop)
    dir=${2:?usage: postgres.sh stop DIR}
    case "$dir" in /tmp/dicefront-pg.*) ;; *) echo "not a cluster made by this script: $dir" >&2; exit 1 ;; esac
    bin=$(bindir)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: bash scripts/postgres.sh install | start | stop DIR" >&2
    exit 2
    ;;
esac
