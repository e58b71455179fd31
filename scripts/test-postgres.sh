#!/usr/bin/env bash
# The integration suite on a real PostgreSQL server (required: CI fails when it does not answer).
# Every test file creates and drops its own database on it. Besides ./src, it runs the
# PostgreSQL-only files (*.pg-test.ts: driver regressions, fault tests) by name: `bun test` does
# not pick that suffix up, so the PGlite pass neither runs nor reports them as skipped.
#
#   bash scripts/test-postgres.sh            (TEST_DATABASE_URL or CI_POSTGRES_URL, else local 5432)
set -euo pipefail
cd "$(dirname "$0")/.."

PG_URL="${TEST_DATABASE_URL:-${CI_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
for attempt in $(seq 1 20); do
  if PG_URL="$PG_URL" bun -e "const p=(await import('postgres')).default(process.env.PG_URL,{max:1,connect_timeout:2,onnotice:()=>{}});await p\`select 1\`;await p.end()" >/dev/null 2>&1; then
    break
  fi
  if [ "$attempt" = 20 ]; then
    echo "PostgreSQL did not answer on $PG_URL for 20 s: the PostgreSQL pass is required." >&2
    exit 1
  fi
  sleep 1
done

# deploy/nginx.pg-test.ts runs Debian's nginx (its own config and ports, never the system service).
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's nginx for the proxy test..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
    # Only the binary is wanted: the package's own service must not hold port 80.
    (systemctl disable --now nginx || service nginx stop || true) >/dev/null 2>&1
  else
    echo "nginx is missing: install Debian's 'nginx' package (sudo apt-get install nginx)." >&2
    exit 1
  fi
fi

mapfile -t PG_ONLY < <(find src -name '*.pg-test.ts' | sort | sed 's|^|./|')
echo "== integration suite against PostgreSQL ($PG_URL), plus ${#PG_ONLY[@]} PostgreSQL-only files"
# The full 1,000-case fuzz runs on PGlite; here a lighter pass keeps CI well inside its time.
FUZZ_RUNS="${CI_PG_FUZZ_RUNS:-${FUZZ_RUNS:-200}}" TEST_DATABASE_URL="$PG_URL" \
  bun test --timeout 600000 ./src "${PG_ONLY[@]}"
