#!/usr/bin/env bash
# Makes sure the PostgreSQL the tests use answers on 127.0.0.1:5432, starting the machine's cluster if needed.
set -euo pipefail
url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
ready() { node -e "
  const c = new (require('pg').Client)({ connectionString: process.argv[1] });
  c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));" "$url" 2>/dev/null; }
ready && exit 0
if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  echo "starting PostgreSQL $(ls /etc/postgresql)"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do ready && exit 0; sleep 1; done
fi
echo "PostgreSQL does not answer at $url. Start it (or set TEST_DATABASE_URL) and run the tests again." >&2
exit 1
