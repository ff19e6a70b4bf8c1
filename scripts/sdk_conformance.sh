#!/usr/bin/env bash
# SDK conformance: drive `glossa serve` with Microsoft's official SDKs.
#
# Needs: python3 (with venv), node >= 18 + npm, openssl, cargo; network access to PyPI and npm
# on the first run only (the SDKs are cached, keyed by their versions, under
# ${GLOSSA_CONFORMANCE_CACHE:-$HOME/.cache/glossa-conformance}).
#
#   scripts/sdk_conformance.sh            # every scenario, Python then JS
#   GLOSSA_CONFORMANCE_VERBOSE=1 scripts/sdk_conformance.sh   # + the request/response of each FAIL
#   GLOSSA_CONFORMANCE_ONLY=py|js scripts/sdk_conformance.sh  # one language only
#   GLOSSA_BIN=/path/to/glossa scripts/sdk_conformance.sh     # another build (not rebuilt)
#
# It builds target/release/glossa when missing or older than the sources, starts two services on
# loopback (A: key only; B: key + --region + --resource-id), both with --time-scale so the
# Compute migration finishes in seconds, and stops them on exit. One line per scenario
# (PASS/FAIL  py|js  name — detail), then exactly `N passed, M failed`; exit 0 only when M is 0.
# The key is a dummy and is never printed, nor are tokens.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/scripts/sdk_conformance
CACHE=${GLOSSA_CONFORMANCE_CACHE:-$HOME/.cache/glossa-conformance}
PY_PKGS="azure-core==1.41.0 azure-mgmt-core==1.6.0 azure-ai-translation-text==1.0.1 azure-mgmt-datashare==1.0.1 azure-mgmt-compute==39.0.0"
JS_PKGS="@azure-rest/ai-translation-text@1.0.1 @azure/core-auth@1.10.1 @azure/core-rest-pipeline@1.24.0"
BIN=${GLOSSA_BIN:-$ROOT/target/release/glossa}   # GLOSSA_BIN: use another build, never rebuilt
WORK=$(mktemp -d "${TMPDIR:-/tmp}/glossa-conformance.XXXXXX")
PIDS=()
EXTRA_FAIL=0

cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

note() { echo "# $*" >&2; }
setup_fail() { echo "FAIL  --  setup: $*"; EXTRA_FAIL=$((EXTRA_FAIL + 1)); }
key_of() { echo "$1" | sha256sum | cut -c1-12; }

# --- the SDKs, cached by version ----------------------------------------------------------------
PY_ENV=$CACHE/py-$(key_of "$(python3 -c 'import sys; print(sys.version_info[:2])') $PY_PKGS")
if [ ! -f "$PY_ENV/.ok" ]; then
  note "installing the Python SDKs into $PY_ENV"
  rm -rf "$PY_ENV" && python3 -m venv "$PY_ENV" &&
    "$PY_ENV/bin/pip" install -q --disable-pip-version-check $PY_PKGS >&2 && touch "$PY_ENV/.ok" ||
    setup_fail "pip install of $PY_PKGS"
fi
JS_DIR=$CACHE/js-$(key_of "$(node --version) $JS_PKGS")
if [ ! -f "$JS_DIR/.ok" ]; then
  note "installing the JS SDK into $JS_DIR"
  rm -rf "$JS_DIR" && mkdir -p "$JS_DIR" && echo '{"private":true,"type":"module"}' >"$JS_DIR/package.json" &&
    npm install --prefix "$JS_DIR" --no-audit --no-fund --silent $JS_PKGS >&2 && touch "$JS_DIR/.ok" ||
    setup_fail "npm install of $JS_PKGS"
fi

# --- the binary -----------------------------------------------------------------------------------
if [ -z "${GLOSSA_BIN:-}" ] && { [ ! -x "$BIN" ] || [ -n "$(find "$ROOT/src" "$ROOT/Cargo.toml" "$ROOT/Cargo.lock" "$ROOT/assets" -newer "$BIN" -print -quit 2>/dev/null)" ]; }; then
  note "building $BIN (cargo build --release --locked)"
  (cd "$ROOT" && cargo build --release --locked >&2) || setup_fail "cargo build --release --locked"
fi

# --- the services ---------------------------------------------------------------------------------
export GLOSSA_SERVE_KEY="conformance-dummy-key-$RANDOM$RANDOM"   # never printed
REGION=westeurope
RESOURCE_ID=/subscriptions/11111111-1111-1111-1111-111111111111/resourceGroups/demo-rg/providers/Microsoft.CognitiveServices/accounts/glossa-conformance/
TIME_SCALE=100   # a 5-minute sandbox migration takes 3 s; Retry-After becomes 1 s

start() { # var, name, extra args...: sets $var to the base URL
  local var=$1 name=$2; shift 2
  [ -x "$BIN" ] || return 1
  "$BIN" serve --addr 127.0.0.1:0 --time-scale "$TIME_SCALE" "$@" >"$WORK/$name.out" 2>"$WORK/$name.log" &
  local pid=$!; PIDS+=("$pid")
  for _ in $(seq 100); do
    local line; line=$(head -n1 "$WORK/$name.out" 2>/dev/null)
    case $line in "listening on "*) printf -v "$var" '%s' "${line#listening on }"; return 0 ;; esac
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  return 1
}
URL_A= URL_B=
start URL_A a || setup_fail "glossa serve (key) did not start: $(tail -n2 "$WORK/a.log" 2>/dev/null)"
start URL_B b --region "$REGION" --resource-id "$RESOURCE_ID" ||
  setup_fail "glossa serve (region + resource id) did not start: $(tail -n2 "$WORK/b.log" 2>/dev/null)"

# A self-signed certificate for the JS TLS front (core-rest-pipeline refuses bearer tokens over http).
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$WORK/tls.key" -out "$WORK/tls.crt" >/dev/null 2>&1 || setup_fail "openssl self-signed certificate"

export GLOSSA_A=$URL_A GLOSSA_B=$URL_B GLOSSA_REGION=$REGION GLOSSA_RESOURCE_ID=$RESOURCE_ID
export GLOSSA_TLS_CERT=$WORK/tls.crt GLOSSA_TLS_KEY=$WORK/tls.key

# --- the scenarios --------------------------------------------------------------------------------
OUT=$WORK/results.txt
: >"$OUT"
if [ -n "$URL_A" ] && [ -n "$URL_B" ]; then
  if [ "${GLOSSA_CONFORMANCE_ONLY:-py}" != js ] && [ -f "$PY_ENV/.ok" ]; then
    "$PY_ENV/bin/python" "$HERE/python_scenarios.py" 2>"$WORK/py.err" | tee -a "$OUT"
    [ "${PIPESTATUS[0]}" -le 1 ] || setup_fail "python_scenarios.py crashed: $(tail -n1 "$WORK/py.err")"
  fi
  if [ "${GLOSSA_CONFORMANCE_ONLY:-js}" != py ] && [ -f "$JS_DIR/.ok" ]; then
    node "$HERE/js_scenarios.mjs" "$JS_DIR" 2>"$WORK/js.err" | tee -a "$OUT"
    [ "${PIPESTATUS[0]}" -le 1 ] || setup_fail "js_scenarios.mjs crashed: $(tail -n1 "$WORK/js.err")"
  fi
fi

PASSED=$(grep -c '^PASS ' "$OUT")
FAILED=$(( $(grep -c '^FAIL ' "$OUT") + EXTRA_FAIL ))
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
