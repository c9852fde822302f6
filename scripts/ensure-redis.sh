#!/usr/bin/env bash
# Makes sure the Redis the scale-out tests use answers on 127.0.0.1:6379, starting one if needed.
set -euo pipefail
url="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
ready() { node -e "
  const r = new (require('ioredis').Redis)(process.argv[1], { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.connect().then(() => r.ping()).then(() => process.exit(0), () => process.exit(1));" "$url" 2>/dev/null; }
ready && exit 0
if command -v redis-server >/dev/null; then
  echo "starting redis-server"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 20); do ready && exit 0; sleep 0.5; done
fi
echo "Redis does not answer at $url. Start it (or set TEST_REDIS_URL) and run the tests again." >&2
exit 1
