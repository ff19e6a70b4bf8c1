#!/usr/bin/env bash
# Japanese readings of compounds, checked against an independent reading
# dictionary: IPAdic (Debian mecab-ipadic, /usr/share/mecab/dic/ipadic).
#
# Takes every noun of Noun.csv and Noun.verbal.csv written with two or more
# kanji and nothing else, sorted, and keeps every STEP-th (default 20: about
# 2,600 words). Each word goes through Glossa's ja Jpan→Latn, and so does each
# of IPAdic's katakana readings of it (kana go through the same romanizer), so
# only the reading is compared, not the romanization convention. A word agrees
# when Glossa's romaji equals the romaji of one of IPAdic's readings (spaces
# ignored). Prints the agreement rate and the first disagreements.
#
# Usage: scripts/check_ja_readings.sh [WORKDIR]   (needs: apt-get install mecab-ipadic)
# Env: STEP (20), NO_BUILD=1 (the example is built already).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-/tmp/glossa-ja-readings}
STEP=${STEP:-20}
DIC=/usr/share/mecab/dic/ipadic
mkdir -p "$WORK"
[[ -f $DIC/Noun.csv ]] || { echo "IPAdic not found (apt-get install mecab-ipadic)"; exit 1; }
[[ ${NO_BUILD:-0} == 1 ]] || cargo build --release --quiet --example translit_file
BIN=${CARGO_TARGET_DIR:-target}/release/examples/translit_file

python3 - "$DIC" "$WORK" "$STEP" <<'PY'
import re, sys
dic, work, step = sys.argv[1], sys.argv[2], int(sys.argv[3])
kanji = re.compile(r"^[\u4e00-\u9fff々]{2,}$")
readings = {}
for name in ("Noun.csv", "Noun.verbal.csv"):
    for line in open(f"{dic}/{name}", encoding="euc_jp", errors="replace"):
        f = line.rstrip("\n").split(",")
        if len(f) > 11 and kanji.match(f[0]):
            readings.setdefault(f[0], set()).add(f[11])
words = sorted(readings)[::step]
with open(f"{work}/words.txt", "w") as w, open(f"{work}/readings.txt", "w") as r:
    for word in words:
        w.write(word + "\n")
        r.write("\t".join(sorted(readings[word])) + "\n")
print(f"{len(words)} words of {len(readings)} (every {step}th)")
PY
"$BIN" ja Jpan Latn "$WORK/words.txt" "$WORK/glossa.txt"
"$BIN" ja Jpan Latn "$WORK/readings.txt" "$WORK/ipadic.txt"
python3 - "$WORK" <<'PY'
import sys
work = sys.argv[1]
words = open(f"{work}/words.txt").read().splitlines()
ours = open(f"{work}/glossa.txt").read().splitlines()
theirs = open(f"{work}/ipadic.txt").read().splitlines()
agree, wrong = 0, []
for word, o, t in zip(words, ours, theirs):
    options = {x.replace(" ", "") for x in t.split("\t")}
    if o.replace(" ", "") in options:
        agree += 1
    else:
        wrong.append(f"  {word}: glossa {o!r}, ipadic {t!r}")
print(f"agree: {agree}/{len(words)} = {100 * agree / len(words):.1f}%")
print("first disagreements:")
print("\n".join(wrong[:25]))
print(f"BENCH translit.ja_readings.agree {100 * agree / len(words):.1f} %")
PY
