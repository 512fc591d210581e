#!/usr/bin/env bash
# The system programs some tests drive for real, from Debian's packages. When one is missing, it is
# installed with apt where that can be done (root, apt-get present); otherwise one line says which
# tests will be skipped and how to get the program. Under CI=true a skipped test fails the run.
set -uo pipefail

# package  program-the-tests-run  what-needs-it
needs=(
  "chromium /usr/bin/chromium browser tests"
  "redis-server /usr/bin/redis-server Redis scale-out tests"
  "haproxy /usr/sbin/haproxy proxy test of deploy/haproxy.cfg"
)

missing=()
for need in "${needs[@]}"; do
  read -r package program _ <<<"$need"
  [ -x "$program" ] || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing ${missing[*]} with apt-get (the tests drive them for real)"
  log=$(mktemp)
  if (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}") >"$log" 2>&1; then
    exit 0
  fi
  tail -20 "$log"
  echo "apt-get could not install ${missing[*]}"
fi

for need in "${needs[@]}"; do
  read -r package program what <<<"$need"
  [ -x "$program" ] || echo "SKIPPED: ${what} ($program is missing; install it with: apt-get install -y $package)"
done
exit 0
