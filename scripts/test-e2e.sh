#!/usr/bin/env bash
# The built shop in real Chromium: e2e/global-setup starts the server on a free port over a fresh PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
[ -f apps/storefront/dist/index.html ] || npm run build
npx vitest run --project e2e "$@"
