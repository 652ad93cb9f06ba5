#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on a free loopback port and prints its URL; stops it with
# `stop DIR`. Used by .ci/run (and by hand) to run the whole suite on real PostgreSQL.
# Runs as root (CI) through runuser, or as an ordinary user directly.
set -euo pipefail

bin_dir() {
  if command -v pg_ctl >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v pg_ctl)")"; return; fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$d" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }
  echo "$d"
}

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    BIN=$(bin_dir)
    DIR=$(mktemp -d /tmp/leadloom-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
    PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    as_pg "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
      || { cat "$DIR/initdb.log" >&2; exit 1; }
    # Durable settings (fsync and synchronous_commit stay on); only sizing is tuned.
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB" start >/dev/null \
      || { cat "$DIR/server.log" >&2; exit 1; }
    echo "DIR=$DIR"
    echo "URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    BIN=$(bin_dir)
    DIR="${2:?usage: stop DIR}"
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
