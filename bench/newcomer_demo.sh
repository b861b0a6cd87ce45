#!/usr/bin/env bash
# A newcomer's `make demo`: from a fresh copy of the repository (no .venv, no package cache)
# to the first page answering. Goal: ≤ 90 s on the 2-core machine.
#
#   bash bench/newcomer_demo.sh [commit]        (default HEAD; port NEWCOMER_PORT, 8105)
#
# The copy is `git archive` of the commit in a temporary directory; uv and pip get empty
# caches of their own (UV_CACHE_DIR, PIP_NO_CACHE_DIR), so every package is downloaded as on
# a newcomer's machine. The embedded default (SQLite, no Redis): DATABASE_URL and REDIS_URL
# are unset. Prints the seconds until GET / answers 200, then stops the demo and removes the
# copy.
set -euo pipefail
cd "$(dirname "$0")/.."
COMMIT=${1:-HEAD}
PORT=${NEWCOMER_PORT:-8105}
WORK=$(mktemp -d /tmp/tenace-newcomer.XXXXXX)
git archive "$COMMIT" | tar -x -C "$WORK"
pgid=""
finish() {
  if [ -n "$pgid" ]; then kill -- "-$pgid" 2>/dev/null || true; sleep 1; fi
  rm -rf "$WORK"
}
trap finish EXIT

start=$(date +%s.%N)
(cd "$WORK" && exec env -u DATABASE_URL -u REDIS_URL UV_CACHE_DIR="$WORK/.uv-cache" \
  PIP_NO_CACHE_DIR=1 setsid make demo PORT="$PORT" > "$WORK/demo.log" 2>&1) &
pgid=$!
until curl -sf -o /dev/null "http://127.0.0.1:$PORT/"; do
  if ! kill -0 "$pgid" 2>/dev/null; then echo "make demo stopped:"; tail -20 "$WORK/demo.log"; exit 1; fi
  if (( $(date +%s) - ${start%.*} > 600 )); then echo "no page after 600 s"; exit 1; fi
  sleep 0.2
done
end=$(date +%s.%N)
printf 'commit %s: first page after %.1f s (load average at the end: %s)\n' \
  "$(git rev-parse --short "$COMMIT")" "$(echo "$end - $start" | bc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
