#!/usr/bin/env bash
# Cyrillic → Latin → Cyrillic round trip of every Cyrillic scheme of the
# transliteration scope, on real text: the translated messages of the
# system's gettext catalogs (/usr/share/locale/<lang>/LC_MESSAGES/*.mo),
# distinct messages, lines holding no Latin letter (a Latin word in Cyrillic
# text is read as Cyrillic on the way back, by design), up to $SIZE bytes
# per language. Prints per language the lines and words that come back
# identical, and the first lines that do not.
#
# Usage: scripts/roundtrip_cyrillic.sh [WORKDIR]
# Env: SIZE (300000), NO_BUILD=1 (the example is built already).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-/tmp/glossa-roundtrip}
SIZE=${SIZE:-300000}
mkdir -p "$WORK"
[[ ${NO_BUILD:-0} == 1 ]] || cargo build --release --quiet --example translit_file
BIN=${CARGO_TARGET_DIR:-target}/release/examples/translit_file

# scope code, locale directory
LANGS=("ru ru" "uk uk" "be be" "bg bg" "mk mk" "sr-Cyrl sr" "kk kk" "ky ky" "mn-Cyrl mn")
printf "%-8s %7s %8s %8s\n" language lines "lines ok" "words ok"
for entry in "${LANGS[@]}"; do
  read -r code dir <<<"$entry"
  python3 scripts/gettext_lines.py "$dir" "$WORK/$dir.txt" "$SIZE" --match '[\u0400-\u04ff]' --skip '[A-Za-z]' >/dev/null
  back=${code/-Cyrl/-Latn}; [[ $code == mn-Cyrl ]] && back=mn-Cyrl
  "$BIN" "$code" Cyrl Latn "$WORK/$dir.txt" "$WORK/$dir.latn"
  "$BIN" "$back" Latn Cyrl "$WORK/$dir.latn" "$WORK/$dir.back"
  python3 - "$code" "$WORK/$dir.txt" "$WORK/$dir.back" <<'PY'
import sys, unicodedata
code, a, b = sys.argv[1:]
a, b = (unicodedata.normalize("NFC", open(p).read()).splitlines() for p in (a, b))
ok = sum(x == y for x, y in zip(a, b))
words = [(x, y) for la, lb in zip(a, b) for x, y in zip(la.split(), lb.split())]
wok = sum(x == y for x, y in words)
print(f"{code:<8} {len(a):>7} {100 * ok / max(len(a), 1):>7.2f}% {100 * wok / max(len(words), 1):>7.2f}%")
for x, y in [(x, y) for x, y in zip(a, b) if x != y][:3]:
    print(f"         {x[:70]}\n       → {y[:70]}")
print(f"BENCH translit.roundtrip.{code}.lines {100 * ok / max(len(a), 1):.2f} %", file=sys.stderr)
PY
done
