#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs what it needs, then runs the typecheck,
# the migration check (expand-then-contract), unit + integration tests (PGlite; includes the
# hostile-input, IDOR and fault suites), the client build and its bundle-size budget, the
# dependency audit, and the Playwright e2e suite (incl. axe accessibility checks) in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-bun.sh
bun install --frozen-lockfile

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the e2e suite..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing: install Debian's 'chromium' package (sudo apt-get install chromium)." >&2
    exit 1
  fi
fi

echo "== typecheck"
bun run typecheck

echo "== lint and format (Biome)"
bun run lint
bun run format:check

echo "== dependency boundaries (dependency-cruiser)"
bun run deps:check

echo "== migrations expand only, or are marked contract steps (ADR 0025)"
bun run check:migrations

echo "== unit + integration (bun test; FUZZ_RUNS=${FUZZ_RUNS:-1000} generated cases per procedure and route)"
bun test --timeout 600000 ./src

echo "== client build"
bun run build

echo "== initial bundle budget (120 KB gzipped)"
bun run test:bundle

echo "== dependency audit (production, high and above)"
bun run test:audit

echo "== end-to-end (Playwright, Chromium)"
bunx playwright test
