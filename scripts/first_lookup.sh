#!/usr/bin/env bash
# First dictionary look-up of a pair in a fresh `glossa serve`, HTTP included:
# for each pair, starts the service, sends one request that is no look-up (the
# connection and the server's first request), then times one look-up with
# curl (time_total); five fresh services per pair, the median printed.
#
# Usage: scripts/first_lookup.sh [GLOSSA]   (default target/release/glossa)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/glossa}
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
for pair in en:fr:house fr:en:maison en:es:house en:ru:house en:de:house de:en:Haus en:zh-Hans:house ja:en:銀行; do
  IFS=: read -r from to word <<<"$pair"
  ts=()
  for _ in 1 2 3 4 5; do
    # Emptied here, not by the background job's redirection, which may run
    # after the wait below has read the previous service's address.
    : >"$OUT"
    GLOSSA_SERVE_KEY=k GLOSSA_DICTD_DIR=/nonexistent "$BIN" serve --addr 127.0.0.1:0 >>"$OUT" 2>/dev/null &
    pid=$!
    for _ in $(seq 100); do grep -q http "$OUT" && break; sleep 0.05; done
    url=$(grep -o 'http://[0-9.:]*' "$OUT" | head -1)
    curl -s -o /dev/null -H 'Ocp-Apim-Subscription-Key: k' "$url/languages?api-version=3.0&scope=dictionary"
    ts+=("$(curl -s -o /dev/null -w '%{time_total}' -H 'Ocp-Apim-Subscription-Key: k' \
      -H 'Content-Type: application/json' -d "[{\"Text\":\"$word\"}]" \
      "$url/dictionary/lookup?api-version=3.0&from=$from&to=$to")")
    kill "$pid"
    wait "$pid" 2>/dev/null || true
  done
  ms=$(printf '%s\n' "${ts[@]}" | sort -n | sed -n 3p | awk '{printf "%.1f", $1 * 1000}')
  printf '%s→%s %s ms\n' "$from" "$to" "$ms"
  echo "BENCH first_lookup.$from-$to $ms ms"
done
