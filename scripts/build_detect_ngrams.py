#!/usr/bin/env python3
"""Character n-gram models for language detection (assets/detect/ngram-<lang>.tsv.gz).

A word that no frequency list knows (an inflected Finnish or Hungarian form,
a rare German compound) still looks like its language: src/engine/ngrams.rs
scores a word by the log-probability of its letters under each language's
character n-gram model (1- to 5-grams over the word padded with a space at
either end, the longest known n-gram at each position, a fixed penalty per
order backed off). This script trains those models from word lists only:

- the wordfreq 3.1.1 lists (CC-BY-SA 4.0) of the languages wordfreq has
  (the TOP most frequent words, each weighted by its frequency per 10 million
  words raised to DAMPING, so that the common words do not drown the
  morphology of the rest);
- the words of Debian's spelling dictionaries (assets/detect/lex-*.tsv.gz,
  scripts/build_detect_lexicons.py) for af, be, cy, eo, et, kk, mr and sr-Cyrl,
  each word weighted 1; sr-Cyrl also has wordfreq's Serbo-Croatian list
  written in Cyrillic (lj nj dž → љ њ џ, the other letters one to one),
  weighted as above.

Never any text of the gettext catalogues (the evaluation data).

For each order the KEEP[n] n-grams of highest weighted count are kept (and
only those seen with a weight of at least MIN_COUNT), with their conditional
probability given the n-1 letters before them, written as
`ngram TAB round(-ln p × SCALE)` lines; the unigram lines carry -ln p(c).
scripts/build_gld.sh (examples/build_gld.rs) turns them into fst maps.
Run in the wordfreq venv:

    python3 -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq==3.1.1
    /tmp/wf/bin/python scripts/build_detect_ngrams.py
    scripts/build_gld.sh
"""
import gzip
import math
import sys
import unicodedata
from collections import Counter
from pathlib import Path

from gz import write_gz

OUT = Path(__file__).resolve().parent.parent / "assets/detect"
# wordfreq's code → ours: the languages of the scripts detection has to split
# (Latin, Cyrillic, Arabic, Devanagari, Hebrew) that wordfreq has.
WORDFREQ = {"ar": "ar", "bg": "bg", "ca": "ca", "cs": "cs", "da": "da", "de": "de", "en": "en",
            "es": "es", "fa": "fa", "fi": "fi", "fil": "fil", "fr": "fr", "he": "he", "hi": "hi",
            "hu": "hu", "id": "id", "it": "it", "lt": "lt", "lv": "lv", "mk": "mk", "nb": "nb",
            "nl": "nl", "pl": "pl", "pt": "pt", "ro": "ro", "ru": "ru", "sh": "hr", "sk": "sk",
            "sl": "sl", "sv": "sv", "tr": "tr", "uk": "uk", "ur": "ur", "vi": "vi"}
LEXICONS = ["af", "be", "cy", "eo", "et", "kk", "mr", "sr-Cyrl"]
TOP = 150_000
DAMPING = 0.75
MAX_N = 5
KEEP = {1: 400, 2: 4_000, 3: 20_000, 4: 30_000, 5: 30_000}
MIN_COUNT = 2.0
SCALE = 8.0
MAX_VALUE = 255


def is_word(w):
    return w and all(c.isalpha() or unicodedata.category(c).startswith("M") or c == "'" for c in w)


def wordfreq_words(code):
    from wordfreq import get_frequency_dict
    freqs = get_frequency_dict(code, "best")
    out = {}
    for w, f in sorted(freqs.items(), key=lambda kv: (-kv[1], kv[0])):
        if len(out) >= TOP:
            break
        w = unicodedata.normalize("NFC", w.lower()).replace("’", "'")
        if is_word(w) and w not in out:
            out[w] = max(f * 1e7, 0.1) ** DAMPING
    return list(out.items())


LATIN_TO_SERBIAN = dict(zip("abcčćdđefghijklmnoprsštuvzž", "абцчћдђефгхијклмнопрсштувзж"))


def serbian_cyrillic(word):
    """A Serbo-Croatian word in Serbian Cyrillic letters; None when it has other letters."""
    for digraph, letter in (("lj", "љ"), ("nj", "њ"), ("dž", "џ")):
        word = word.replace(digraph, letter)
    out = [LATIN_TO_SERBIAN.get(c, c) for c in word]
    return "".join(out) if all("\u0400" <= c <= "\u04ff" for c in out) else None


def serbian_words():
    """sr-Cyrl: wordfreq's Serbo-Croatian list written in Cyrillic, and the lexicon's words."""
    weights = {}
    for w, weight in wordfreq_words("sh"):
        cyr = serbian_cyrillic(w)
        if cyr:
            weights[cyr] = weights.get(cyr, 0.0) + weight
    for w, weight in lexicon_words("sr-Cyrl"):
        weights[w] = weights.get(w, 0.0) + weight
    return list(weights.items())


def lexicon_words(code):
    text = gzip.open(OUT / f"lex-{code}.tsv.gz", "rt", encoding="utf-8").read()
    return [(line.split("\t")[0].lower(), 1.0) for line in text.splitlines()
            if is_word(line.split("\t")[0].lower())]


def train(words):
    """n-gram → weighted count, for n in 1..=MAX_N, over ` word `."""
    counts = Counter()
    for w, weight in words:
        p = f" {w} "
        for i in range(1, len(p)):
            for n in range(1, MAX_N + 1):
                if i - n + 1 < 0:
                    break
                counts[p[i - n + 1:i + 1]] += weight
    return counts


def model(counts):
    """The kept n-grams with round(-ln p × SCALE): p(c | the letters before)."""
    # Context counts: how often each (n-1)-gram is followed by a letter.
    ctx = Counter()
    for g, c in counts.items():
        if len(g) > 1:
            ctx[g[:-1]] += c
    total = sum(c for g, c in counts.items() if len(g) == 1)
    rows = {}
    for n in range(1, MAX_N + 1):
        grams = sorted(((c, g) for g, c in counts.items() if len(g) == n and c >= MIN_COUNT),
                       key=lambda x: (-x[0], x[1]))[:KEEP[n]]
        for c, g in grams:
            p = c / (total if n == 1 else ctx[g[:-1]])
            rows[g] = min(MAX_VALUE, max(0, round(-math.log(p) * SCALE)))
    return rows


def write(code, rows):
    data = "".join(f"{g}\t{v}\n" for g, v in sorted(rows.items())).encode()
    write_gz(OUT / f"ngram-{code}.tsv.gz", data)


def main():
    only = set(sys.argv[1:])
    sources = [(ours, lambda wf=wf: wordfreq_words(wf)) for wf, ours in WORDFREQ.items()]
    sources += [(code, lambda code=code: serbian_words() if code == "sr-Cyrl" else lexicon_words(code))
                for code in LEXICONS]
    for code, words in sources:
        if only and code not in only:
            continue
        rows = model(train(words()))
        write(code, rows)
        print(f"ngram-{code}: {len(rows)} n-grams", flush=True)


if __name__ == "__main__":
    main()
