#!/usr/bin/env bash
# Every test: static checks, unit tests, data-layer and API tests on PGlite and on PostgreSQL, then the built
# shop in Chromium. Starts what it needs (PostgreSQL, Chromium) itself; see scripts/ensure-*.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "lint and format"
npm run lint
step "typecheck"
npm run typecheck
step "unit tests"
npx vitest run --project unit --project storefront --project admin
step "data layer and API tests"
bash scripts/test-api.sh
step "build"
npm run build
step "browser tests"
bash scripts/test-e2e.sh
