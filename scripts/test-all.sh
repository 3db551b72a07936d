#!/usr/bin/env bash
# Runs every test: contract, API on PGlite and on PostgreSQL, web unit tests and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
bash scripts/system-deps.sh
command -v pnpm >/dev/null 2>&1 || npm install -g pnpm@10.34.9
pnpm install --frozen-lockfile
pnpm typecheck
pnpm lint
pnpm test
