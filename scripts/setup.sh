#!/usr/bin/env bash
# Installs the workspace's packages. better-sqlite3 builds natively: where Node's own headers are
# installed (Debian's nodejs), point node-gyp at them, since the header download may be unreachable.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${npm_config_nodedir:-}" ] && [ -d /usr/include/node ]; then
  export npm_config_nodedir=/usr
fi
pnpm install --frozen-lockfile --reporter=append-only
