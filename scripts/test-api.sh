#!/usr/bin/env bash
# The data-layer and API suites, once per database engine, each test file in its own throw-away database.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-postgres.sh
bash scripts/ensure-redis.sh
echo "-- on PGlite"
TEST_DB=pglite npx vitest run --project db "$@"
echo "-- on PostgreSQL"
TEST_DB=postgres npx vitest run --project db "$@"
