#!/usr/bin/env bash
# The built shop in real Chromium: e2e/global-setup starts the server on a free port over a fresh PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
# A private build named by STOREFRONT_DIST / ADMIN_DIST (see apps/admin/README.md) is used as it is.
[ -n "${STOREFRONT_DIST:-}" ] || [ -f apps/storefront/dist/index.html ] || npm run build -w @shop/storefront
[ -n "${ADMIN_DIST:-}" ] || [ -f apps/admin/dist/index.html ] || npm run build -w @shop/admin
npx vitest run --project e2e "$@"
