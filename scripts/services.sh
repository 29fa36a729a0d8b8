#!/usr/bin/env bash
# PostgreSQL (127.0.0.1:5432, trust auth, database test) and Redis (127.0.0.1:6379), which the server tests run
# against: run by `npm test`'s set-up (scripts/setup.mjs --browser). Machines of this project's kind start both
# before a session; on a fresh Debian machine this starts them, installing Debian's packages where they are missing
# (as root). Does nothing when both already answer.
set -euo pipefail
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq; APT_UPDATED=1; fi
  apt-get install -y -qq "$@" >/dev/null
}
if ! listening 5432; then
  echo "Starting PostgreSQL…"
  compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || apt_install postgresql
  version=$(basename "$(dirname "$(dirname "$(compgen -G '/usr/lib/postgresql/*/bin/postgres' | sort -V | tail -1)")")")
  [ -d "/etc/postgresql/$version/main" ] || pg_createcluster "$version" main >/dev/null
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  grep -q '^host all all 127.0.0.1/32 trust' "$hba" || sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
  pg_ctlcluster "$version" main start || pg_ctlcluster "$version" main reload
  for _ in $(seq 1 30); do listening 5432 && break; sleep 1; done
  runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 ||
    runuser -u postgres -- createdb test
fi
if ! listening 6379; then
  echo "Starting Redis…"
  command -v redis-server >/dev/null || apt_install redis-server
  redis-server --bind 127.0.0.1 --port 6379 --save '' --appendonly no --daemonize yes >/dev/null
  for _ in $(seq 1 30); do listening 6379 && break; sleep 1; done
fi
listening 5432 && listening 6379 || { echo "PostgreSQL or Redis did not start" >&2; exit 1; }
