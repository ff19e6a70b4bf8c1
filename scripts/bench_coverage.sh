#!/usr/bin/env bash
# Dictionary coverage: for every dictionary pair the service lists, the share of the
# 1,000 most frequent words of the source language (PyPI wordfreq 3.1.1, CC-BY-SA 4.0,
# installed into a cached venv) that dictionary/lookup answers with at least one
# translation. Several builds side by side in one run:
#
#   scripts/bench_coverage.sh [GLOSSA_BIN ...]     # default: target/release/glossa
#   scripts/bench_coverage.sh /tmp/glossa-before target/release/glossa
#   COVERAGE_FROM=1000 scripts/bench_coverage.sh …   # ranks 1,001-2,000 instead
#
# Each binary is started as `glossa serve` on loopback; nothing else is contacted.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${GLOSSA_CONFORMANCE_CACHE:-$HOME/.cache/glossa-conformance}
VENV=$CACHE/wordfreq-3.1.1
if [ ! -f "$VENV/.ok" ]; then
  rm -rf "$VENV" && python3 -m venv "$VENV" &&
    "$VENV/bin/pip" install -q --disable-pip-version-check wordfreq==3.1.1 >&2 && touch "$VENV/.ok"
fi
[ $# -gt 0 ] || set -- "$ROOT/target/release/glossa"
exec "$VENV/bin/python" "$ROOT/scripts/bench_coverage/coverage.py" "$@"
