#!/usr/bin/env bash
# One-shot dictionary look-ups: `glossa lookup` against `dict` (the dictd
# client) on the same entries of the same data. Glossa bundles FreeDict's
# eng-fin dictionary byte for byte as Debian's dict-freedict-eng-fin ships it
# (scripts/build_dicts.py copies it), so both answer from one dictionary.
#
# N headwords are taken evenly from the dictionary's index (plain lowercase
# words). A dictd server is started on a private port with its own config
# serving only that dictionary, in the foreground, and stopped at the end.
# Timed as whole processes, best of RUNS:
#   - one process per word: `glossa lookup -f en -t fi WORD` (it starts its
#     local service in-process and reads the dictionary on first use) vs
#     `dict -C -h 127.0.0.1 -p PORT -d fd-eng-fin WORD` (dictd is warm);
#   - the N words in one process: `glossa lookup … -` (stdin) vs `dict -C … W1 … WN`.
#   - one client process per word against a running `glossa serve` (like `dict`
#     against a running dictd): `GLOSSA_ENDPOINT=… glossa lookup … WORD`;
# `-C` (no spelling suggestions for a word not found; Glossa makes none
# either): without it this dict spends ~30 ms more on every word, found or not.
# Prints a table and `BENCH key value unit` lines (scripts/bench.sh collects them).
#
# Usage: scripts/bench_dict.sh [WORKDIR [GLOSSA [N [RUNS]]]]
# Needs: apt-get install -y dictd dict dict-freedict-eng-fin
# Another bundled dictionary: STEM=ding-en-de FROM=en TO=de scripts/bench_dict.sh
# (dictd then serves assets/dict/dictd/STEM, the source Glossa's GLD file is
# converted from; its index is unpacked into WORKDIR). A bare `glossa --version`
# is timed too, one process per word, as the floor of a process start.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-/tmp/glossa-bench-dict}
GLOSSA=${2:-${CARGO_TARGET_DIR:-target}/release/glossa}
N=${3:-200}
RUNS=${4:-3}
STEM=${STEM:-freedict-eng-fin}
FROM=${FROM:-en}
TO=${TO:-fi}
DATA=/usr/share/dictd/$STEM
if [[ -r assets/dict/dictd/$STEM.index.gz ]]; then
  mkdir -p "$WORK"
  zcat "assets/dict/dictd/$STEM.index.gz" >"$WORK/$STEM.index"
  cp "assets/dict/dictd/$STEM.dict.dz" "$WORK/$STEM.dict.dz"
  DATA=$WORK/$STEM
fi
for tool in dict dictd; do
  command -v $tool >/dev/null || { echo "$tool not found (apt-get install -y dictd dict dict-freedict-eng-fin)"; exit 1; }
done
[[ -r $DATA.index ]] || { echo "no $DATA.index (apt-get install -y dict-freedict-eng-fin)"; exit 1; }
[[ -x $GLOSSA ]] || { echo "no glossa binary at $GLOSSA (cargo build --release)"; exit 1; }
mkdir -p "$WORK"/{home,config,data,cache,state,run}
# dictd drops to its own user before writing its pid file.
chmod 1777 "$WORK/run"

python3 - "$DATA.index" "$N" >"$WORK/words.txt" <<'PY'
import re, sys
index, n = sys.argv[1], int(sys.argv[2])
words = [l.split("\t", 1)[0] for l in open(index, encoding="utf-8")]
words = [w for w in words if re.fullmatch(r"[a-z]{3,12}", w)]
step = max(len(words) // n, 1)
print("\n".join(words[::step][:n]))
PY
mapfile -t WORDS <"$WORK/words.txt"

cat >"$WORK/dictd.conf" <<EOF
access {
  allow 127.0.0.1
}
database fd {
  data  "$DATA.dict.dz"
  index "$DATA.index"
}
EOF
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
dictd -c "$WORK/dictd.conf" -p "$PORT" --listen-to 127.0.0.1 --pid-file "$WORK/run/dictd.pid" \
  -d nodetach 2>"$WORK/dictd.log" &
DICTD=$!
trap 'kill $DICTD 2>/dev/null || true; wait $DICTD 2>/dev/null || true' EXIT
DICT=(dict -C -h 127.0.0.1 -p "$PORT" -d fd)
for _ in $(seq 100); do
  "${DICT[@]}" -D >/dev/null 2>&1 && break
  sleep 0.05
done

glossa() {
  env -i PATH="$PATH" LANG=C.UTF-8 HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/config" \
    XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" \
    GLOSSA_RECORD_HISTORY=0 ${CLIENT_ENV:-} "$GLOSSA" lookup --no-history -f "$FROM" -t "$TO" "$@"
}
version() { "$GLOSSA" --version; }
each() { # one process per word
  local w
  for w in "${WORDS[@]}"; do "$@" "$w" >/dev/null 2>&1 || true; done
}
best() { # best wall time of RUNS runs of "$@", in milliseconds
  local best=999999999 t0 dt
  for _ in $(seq "$RUNS"); do
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    dt=$((($(date +%s%N) - t0) / 1000000))
    ((dt < best)) && best=$dt
  done
  echo "$best"
}
# Like for like with dict + a running dictd: `glossa lookup` as a client of a running
# `glossa serve` (the same bundled data, warm), one process per word.
GPORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
GLOSSA_SERVE_KEY=bench-dict-key "$GLOSSA" serve --addr "127.0.0.1:$GPORT" >"$WORK/serve.log" 2>&1 &
SERVE=$!
trap 'kill $DICTD $SERVE 2>/dev/null || true; wait $DICTD $SERVE 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  grep -q listening "$WORK/serve.log" && break
  sleep 0.05
done
client() {
  CLIENT_ENV="GLOSSA_ENDPOINT=http://127.0.0.1:$GPORT GLOSSA_KEY=bench-dict-key" glossa "$@"
}
client house >/dev/null 2>&1 || true
glossa_batch() { printf '%s\n' "${WORDS[@]}" | glossa -; }
dict_batch() { "${DICT[@]}" "${WORDS[@]}"; }

# Both find the same words? (Not timed.)
found_glossa=$(printf '%s\n' "${WORDS[@]}" | glossa --json - |
  python3 -c 'import json, sys; print(sum(bool(r.get("translations")) for r in json.load(sys.stdin)))')
found_dict=$(dict_batch 2>/dev/null | grep -cE '^[0-9]+ definitions? found' || true)

v1=$(best each version)
g1=$(best each glossa)
d1=$(best each "${DICT[@]}")
c1=$(best each client)
gb=$(best glossa_batch)
db=$(best dict_batch)
n=${#WORDS[@]}
printf "%-34s %12s %12s %7s\n" "$n words, $STEM" "glossa ms" "dict ms" ratio
printf "%-34s %12s %12s %7s\n" "one process per word (total)" "$g1" "$d1" \
  "$(python3 -c "print(f'{$g1 / max($d1, 1):.2f}')")"
printf "%-34s %12s %12s %7s\n" "one client per word, running server" "$c1" "$d1" \
  "$(python3 -c "print(f'{$c1 / max($d1, 1):.2f}')")"
printf "%-34s %12s %12s %7s\n" "all words in one process" "$gb" "$db" \
  "$(python3 -c "print(f'{$gb / max($db, 1):.2f}')")"
echo "found: glossa $found_glossa of $n, dict $found_dict of $n"
echo "glossa --version, one process per word: $v1 ms; lookup / --version: $(python3 -c "print(f'{$g1 / max($v1, 1):.2f}')")"
cat <<EOF
BENCH dict.words $n words
BENCH dict.each_version $v1 ms
BENCH dict.each_glossa $g1 ms
BENCH dict.each_dict $d1 ms
BENCH dict.each_client $c1 ms
BENCH dict.batch_glossa $gb ms
BENCH dict.batch_dict $db ms
BENCH dict.found_glossa $found_glossa words
BENCH dict.found_dict $found_dict words
EOF
