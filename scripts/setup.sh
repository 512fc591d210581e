#!/usr/bin/env bash
# Installs the workspace's packages; with --test, also the system programs the tests drive.
# No native build happens: the SQLite driver (libsql) ships its binary in a registry package, so a
# machine needs neither a C++ toolchain nor Node's headers, and nothing is downloaded from outside.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm install --frozen-lockfile --reporter=append-only
if [ "${1:-}" = "--test" ]; then bash scripts/system-deps.sh; fi
