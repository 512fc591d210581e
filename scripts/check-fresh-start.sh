#!/usr/bin/env bash
# Checks the README's start command as a new machine runs it: a fresh clone of HEAD, an EMPTY package
# store and npm cache, nothing exported but a free port and data folder. Passes once the page and the API
# answer; fails when the install needs anything a warm store hid (a native build, a download from outside).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d -t fg-fresh.XXXXXX)
pgid=""
cleanup() {
  [ -n "$pgid" ] && kill -TERM -- "-$pgid" 2>/dev/null && sleep 1 && kill -KILL -- "-$pgid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "fresh start FAILED: $1"
  tail -40 "$work/start.log" 2>/dev/null
  exit 1
}

git clone -q "$root" "$work/app" || fail "git clone"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
cd "$work/app"
started=$SECONDS
# The README's command, in a process group of its own so that every child stops with it.
setsid env -u npm_config_nodedir pnpm_config_store_dir="$work/store" npm_config_cache="$work/npm-cache" \
  PORT="$port" DATA_DIR="$work/data" pnpm start >"$work/start.log" 2>&1 </dev/null &
pgid=$!
until curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; do
  kill -0 "$pgid" 2>/dev/null || fail "pnpm start exited"
  [ $((SECONDS - started)) -gt 900 ] && fail "no answer on port $port after 900 s"
  sleep 1
done
page=$(curl -sf -H 'accept: text/html' "http://127.0.0.1:$port/t/some-table-id") || fail "no page"
[[ "$page" == *'<div id="root">'* ]] || fail "the page is not the built web app"
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' \
  -d '{"variant":"standard"}' "http://127.0.0.1:$port/api/tables")
[ "$status" = 201 ] || fail "POST /api/tables answered $status"
# No table on a new machine: the server builds one in the background (or says why it cannot) while it serves.
build=$(curl -sf "http://127.0.0.1:$port/api/solution/status") || fail "no GET /api/solution/status"
[[ "$build" =~ \"state\":\"(building|short)\" ]] || fail "the solution is not being built: $build"
echo "fresh start: pnpm start on a fresh clone with an empty package store served the app after $((SECONDS - started)) s"
