#!/usr/bin/env bash
# Transliteration throughput: Glossa's engine against ICU4C's `uconv -x` on the
# same ~1 MB of natural text per transform, in one run.
#
# Text: the translated messages of the system's gettext catalogs
# (/usr/share/locale/{ru,el,ko}/LC_MESSAGES/*.mo), distinct messages only,
# cut at $SIZE bytes (default 1,000,000) on a line end. Both tools read the
# same file and write a file; each is timed as a whole process (start-up
# included), best of $RUNS runs. Prints the milliseconds of each and the ratio
# uconv/glossa (> 1: Glossa is faster) and how many output lines agree after
# NFC; then one `BENCH key value unit` line per number (scripts/bench.sh
# collects them).
#
# ru Latn→Cyrl reads Glossa's own (reversible BGN/PCGN) Latin of the Russian
# text; uconv's Latin-Cyrillic is timed on the same input, and "agree" is
# then the round trip: lines that come back identical to the Russian text,
# among the lines with no Latin letter in the original (a Latin word in
# Cyrillic text is read back as Cyrillic).
#
# Usage: scripts/bench_translit.sh [WORKDIR]   (needs uconv: Debian icu-devtools)
# Env: RUNS (3), SIZE (1000000), NO_BUILD=1 (the example is built already).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-/tmp/glossa-bench-translit}
RUNS=${RUNS:-3}
SIZE=${SIZE:-1000000}
mkdir -p "$WORK"
command -v uconv >/dev/null || { echo "uconv not found (apt-get install icu-devtools)"; exit 1; }

[[ ${NO_BUILD:-0} == 1 ]] || cargo build --release --quiet --example translit_file
BIN=${CARGO_TARGET_DIR:-target}/release/examples/translit_file

# language  from  to    uconv transform   corpus
PAIRS=(
  "ru Cyrl Latn ru-ru_Latn/BGN ru"
  "ru Latn Cyrl Latin-Cyrillic ru-latn"
  "el Grek Latn el-el_Latn/BGN el"
  "ko Kore Latn Hangul-Latin ko"
)

for entry in "ru [а-яА-ЯёЁ]" "el [α-ωΑ-Ωά-ώ]" "ko [가-힣]"; do
  read -r lang letters <<<"$entry"
  python3 scripts/gettext_lines.py "$lang" "$WORK/$lang.txt" "$SIZE" --match "$letters" --min $((SIZE * 9 / 10))
done
# Latin input for Latin→Cyrillic: Glossa's own Latin of the Russian text.
"$BIN" ru Cyrl Latn "$WORK/ru.txt" "$WORK/ru-latn.txt"

best() { # best wall time of RUNS runs of "$@", in milliseconds
  local best=999999 t0 t1 dt
  for _ in $(seq "$RUNS"); do
    t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N)
    dt=$(( (t1 - t0) / 1000000 ))
    (( dt < best )) && best=$dt
  done
  echo "$best"
}

BENCH=()
printf "%-18s %-16s %9s %9s %7s %8s\n" pair "uconv -x" "uconv ms" "glossa ms" ratio "agree"
for p in "${PAIRS[@]}"; do
  read -r lang from to icu corpus <<<"$p"
  in="$WORK/$corpus.txt"
  u=$(best uconv -x "$icu" -o "$WORK/out-uconv" "$in")
  g=$(best "$BIN" "$lang" "$from" "$to" "$in" "$WORK/out-glossa")
  ref="$WORK/out-uconv"
  [[ $corpus == ru-latn ]] && ref="$WORK/ru.txt"
  agree=$(python3 - "$ref" "$WORK/out-glossa" "$corpus" <<'PY'
import re, sys, unicodedata
a, b = (unicodedata.normalize("NFC", open(p).read()).splitlines() for p in sys.argv[1:3])
pairs = list(zip(a, b))
if sys.argv[3] == "ru-latn":  # round trip: lines without Latin letters
    pairs = [(x, y) for x, y in pairs if not re.search("[A-Za-z]", x)]
same = sum(x == y for x, y in pairs)
print(f"{100 * same / max(len(pairs), 1):.1f}")
PY
)
  ratio=$(python3 -c "print(f'{$u / max($g, 1):.2f}')")
  printf "%-18s %-16s %9s %9s %7s %8s\n" "$lang $from→$to" "$icu" "$u" "$g" "$ratio" "$agree%"
  key="translit.${lang}_${from}_${to}"
  BENCH+=("$key.uconv $u ms" "$key.glossa $g ms" "$key.agree $agree %" "$key.bytes $(wc -c <"$in") B")
done
printf 'BENCH %s\n' "${BENCH[@]}"
