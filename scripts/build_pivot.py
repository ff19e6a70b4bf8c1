#!/usr/bin/env python3
"""English -> X and X -> English dictionaries triangulated from FreeDict's WikDict dictionaries.

Run by scripts/build_assets.sh after build_bilingual.py, in the wordfreq venv
(frequencies break ties). Not needed at run time: the output is committed.

For the languages whose GPL dictionary from English is small (FreeDict's Ergane
lists: es, fr, it, pt, nl, sv) or misses common words (WikDict eng-nor, eng-ind),
an English word is translated through every pivot language that WikDict links
both to English and to X (fi, pl, el, bg, nb, id, ja; each pair read in both
directions), and a translation is kept only when at least two pivot languages
lead to it (Tanaka and Umemura's inverse consultation, made stricter). Only the
English headwords the bundled en -> X dictionary lacks are written: the pivot
dictionary fills gaps, it never overrides. Translations are ordered by how many
pivots agree, then by how high each path ranks them, then by how common the
word is (wordfreq).

Sources (Debian dict-freedict-*, 2022.12.07, WikDict from Wiktionary via DBnary,
CC-BY-SA 3.0), fetched with `apt-get download` into $GLOSSA_ASSET_CACHE. Every
input is WikDict data, so the output is CC-BY-SA 3.0 like its sources.

The same for es, fr, it, pt, nl and sv into English (pivot-<X>-en), skipping the
headwords of the bundled X -> en dictionary and the grammatical words of our own
table (assets/morph/function-words.tsv), which answer those better.

Output: assets/dict/dictd/pivot-en-<X>.{index.gz,dict.dz}, pivot-<X>-en.*, and their rows of
assets/dict/manifest.tsv. `--check` writes nothing: it prints, for the English words of
ranks 5,001-20,000 that both the pivot and the bundled GPL dictionary answer, how often
the pivot's first translation is one the GPL dictionary lists.
"""

import functools
import gzip
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_dicts import CACHE, DICTD, OUT, set_manifest_rows, write_one_sense  # noqa: E402

from wordfreq import zipf_frequency  # noqa: E402

ISO = {"en": "eng", "fi": "fin", "pl": "pol", "el": "ell", "bg": "bul", "nb": "nor", "id": "ind",
       "ja": "jpn", "fr": "fra", "it": "ita", "sv": "swe", "pt": "por", "nl": "nld", "es": "spa"}
PIVOTS = ["fi", "pl", "el", "bg", "nb", "id", "ja"]
# Target -> the stem of the bundled en -> X dictionary whose gaps are filled.
TARGETS = {"es": "freedict-en-es", "fr": "freedict-en-fr", "it": "freedict-en-it",
           "pt": "freedict-en-pt", "nl": "freedict-en-nl", "sv": "freedict-en-sv",
           "nb": "freedict-eng-nor", "id": "freedict-eng-ind"}
# Source -> the stem of the bundled X -> en dictionary whose gaps are filled.
SOURCES = {"es": "freedict-es-en", "fr": "freedict-fr-en", "it": "freedict-it-en",
           "pt": "freedict-pt-en", "nl": "freedict-nl-en", "sv": "freedict-sv-en"}
MIN_PIVOTS, MAX_TARGETS = 2, 6
INFO = ("English-{name} dictionary triangulated from FreeDict+WikDict dictionaries "
        "(http://www.wikdict.com/, Wiktionary via DBnary) through {pivots}; CC-BY-SA 3.0")
INFO_BACK = ("{name}-English dictionary triangulated from FreeDict+WikDict dictionaries "
             "(http://www.wikdict.com/, Wiktionary via DBnary) through {pivots}; CC-BY-SA 3.0")
NAMES = {"es": "Spanish", "fr": "French", "it": "Italian", "pt": "Portuguese", "nl": "Dutch",
         "sv": "Swedish", "nb": "Norwegian", "id": "Indonesian"}
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def packages():
    """Every pair of English with a pivot and of a pivot with a target, both ways."""
    pairs = {("en", p) for p in PIVOTS} | {(p, t) for p in PIVOTS for t in TARGETS if p != t}
    return sorted({f"{ISO[a]}-{ISO[b]}" for x, y in pairs for a, b in ((x, y), (y, x))})


def fetch():
    debs, root = CACHE / "debs", CACHE / "root"
    debs.mkdir(parents=True, exist_ok=True)
    root.mkdir(exist_ok=True)
    for pair in packages():
        name = "dict-freedict-" + pair
        version = subprocess.run(["apt-cache", "policy", name], capture_output=True, text=True).stdout
        # Only WikDict's dictionaries (2022.12.07): FreeDict's older ones are GPL data.
        if "2022.12.07" not in version:
            continue
        if not list(debs.glob(name + "_*.deb")):
            subprocess.run(["apt-get", "download", name], cwd=debs, check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["dpkg-deb", "-x", str(next(debs.glob(name + "_*.deb"))), str(root)], check=True)
    return root / "usr/share/dictd"


def unb64(s):
    n = 0
    for ch in s:
        n = n * 64 + B64.index(ch)
    return n


def split_targets(line):
    """A sense line's translations, as the engine reads them (engine::dict::entry)."""
    out, depth, cur = [], 0, ""
    for ch in line:
        depth += ch in "([<"
        depth -= ch in ")]>"
        if ch in ",;" and depth <= 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [t for t in map(clean, out + [cur]) if t]


def clean(t):
    t = re.sub(r"<[^>]*>|\[[^\]]*\]|\([^()]*\)|//[^/]*//|/[^/]*/", " ", t)
    t = re.sub(r"\s+\d+\.?$", "", re.sub(r"\s+", " ", t).strip())
    return t if t and any(c.isalnum() for c in t) and len(t.split()) <= 4 else None


def read(path):
    """A WikDict dictd dictionary: [(headword, pos tag, [[targets]])] (an unnumbered
    line after the first sense is the sense's definition, not a translation)."""
    data = gzip.open(str(path) + ".dict.dz").read()
    out = []
    for line in open(str(path) + ".index", encoding="utf-8"):
        key, off, n = line.rstrip("\n").split("\t")
        if key.startswith("00"):
            continue
        lines = data[unb64(off): unb64(off) + unb64(n)].decode("utf-8", "replace").split("\n")
        m = re.match(r"^(.*?)(?:\s+//.*?//|\s+/.*?/|\s+\[.*?\])*\s*(?:<([^>]*)>)?\s*$", lines[0].strip())
        head, tag = m.group(1).strip(), (m.group(2) or "").split(",")[0].strip()
        senses = []
        for body in lines[1:]:
            body = body.strip()
            if not body or re.fullmatch(r"\d+\.", body):
                continue
            numbered = re.match(r"^\d+\. (.*)$", body)
            if numbered or not senses:
                senses.append(split_targets(numbered.group(1) if numbered else body))
        senses = [s for s in senses if s]
        if head and senses:
            out.append((head, tag, senses))
    return out


class Links:
    """Word -> {word of the other language: rank} for one language pair, from the
    dictionary going that way and the inversion of the one going the other way."""

    def __init__(self, dictd, a, b):
        self.map, self.tags = defaultdict(dict), {}
        for src, dst, inverse in ((a, b, False), (b, a, True)):
            path = dictd / f"freedict-{ISO[src]}-{ISO[dst]}"
            if not Path(str(path) + ".index").exists():
                continue
            for head, tag, senses in read(path):
                for rank, t in enumerate(t for s in senses for t in s):
                    key, val = (t, head) if inverse else (head, t)
                    rank += inverse
                    self.map[key][val] = min(self.map[key].get(val, 99), rank)
                    # A word's part of speech from its own entry, else from the
                    # entry that lists it (`talo <n>` → `house`).
                    if tag:
                        self.tags.setdefault(key if inverse else head, tag)

    def __bool__(self):
        return bool(self.map)

    def get(self, word):
        """Links of a word as spelled, else of its lower case (`main` is not `Main`)."""
        return self.map.get(word) or self.map.get(word.lower()) or {}


@functools.cache
def links(dictd, a, b):
    return Links(dictd, a, b)


def triangulate(dictd, source, target, skip):
    """`source` headword -> (pos tag, [translations]) for the headwords not in `skip`."""
    routes = []
    for p in PIVOTS:
        if p in (source, target):
            continue
        s_p, p_t = links(dictd, source, p), links(dictd, p, target)
        if s_p and p_t:
            routes.append((p, s_p, p_t))
    heads = sorted({h for _, s_p, _ in routes for h in s_p.map if h.lower() not in skip})
    out = {}
    for head in heads:
        support, tags = defaultdict(dict), Counter()
        for p, s_p, p_t in routes:
            for q, r1 in s_p.get(head).items():
                for t, r2 in p_t.get(q).items():
                    score = 1 / ((1 + r1) * (1 + r2))
                    support[t][p] = max(support[t].get(p, 0), score)
            tags.update([s_p.tags[head]] if head in s_p.tags else [])
        kept = [(len(v), sum(v.values()), zipf_frequency(t, target), t)
                for t, v in support.items() if len(v) >= MIN_PIVOTS]
        if kept:
            kept.sort(key=lambda k: (-k[0], -k[1], -k[2], k[3]))
            tag = tags.most_common(1)[0][0] if tags else ""
            out[head] = (tag, [k[3] for k in kept[:MAX_TARGETS]])
    return out, [p for p, _, _ in routes]


def grammatical(lang):
    """The grammatical words of `lang` in assets/morph/function-words.tsv (lower case)."""
    table = OUT.parent / "morph" / "function-words.tsv"
    rows = (line.split("\t") for line in table.read_text(encoding="utf-8").splitlines())
    return {r[1].lower() for r in rows if len(r) >= 2 and r[0] == lang}


def headwords(stem):
    """The lower-cased headwords of a bundled dictd dictionary."""
    with gzip.open(DICTD / (stem + ".index.gz"), "rt", encoding="utf-8") as f:
        return {line.split("\t", 1)[0].lower() for line in f if not line.startswith("00")}


def check(dictd, top):
    """The share of English words, of those the pivot dictionary and the bundled GPL one
    both answer, whose first pivot translation the GPL dictionary lists too (a lower bound
    of precision: the small GPL lists omit many synonyms)."""
    for target, primary in TARGETS.items():
        if primary.startswith("freedict-eng-"):
            continue
        gold = defaultdict(set)
        base = DICTD / primary
        data = gzip.open(str(base) + ".dict.dz").read()
        with gzip.open(str(base) + ".index.gz", "rt", encoding="utf-8") as f:
            for line in f:
                key, off, n = line.rstrip("\n").split("\t")
                text = data[unb64(off): unb64(off) + unb64(n)].decode("utf-8", "replace").split("\n")
                gold[key.lower()].update(t.lower() for body in text[1:]
                                         for t in split_targets(re.sub(r"^\d+\. ", "", body.strip())))
        entries, _ = triangulate(dictd, "en", target, set())
        both = [w for w in top if w in entries and w in gold]
        agree = sum(entries[w][1][0].lower() in gold[w] for w in both)
        print(f"en→{target}: {agree}/{len(both)} = {agree / max(len(both), 1):.0%}")


def main():
    dictd = fetch()
    if sys.argv[1:] == ["--check"]:
        # English words of ranks 5,001-20,000, apart from the coverage benchmark's.
        from wordfreq import top_n_list
        return check(dictd, top_n_list("en", 20000)[5000:])
    rows = []
    for target, primary in TARGETS.items():
        entries, pivots = triangulate(dictd, "en", target, headwords(primary))
        stem = f"pivot-en-{target}"
        info = INFO.format(name=NAMES[target], pivots=", ".join(pivots))
        write_one_sense(stem, info, [(h, tag, ts, h) for h, (tag, ts) in sorted(entries.items())])
        rows.append(f"{stem}\ten\t{target}\tWikDict triangulated through {'/'.join(pivots)}, CC-BY-SA-3.0\n")
        print(f"{stem}: {len(entries)} headwords through {', '.join(pivots)}", file=sys.stderr)
    # The other way, into English, where the language has a bundled dictionary
    # into English of its own (nb and id are served by an inversion, which a
    # direct dictionary would switch off).
    for source, primary in SOURCES.items():
        # Grammatical words are left to our table (`måste` → must, not `have`).
        skip = headwords(primary) | grammatical(source)
        entries, pivots = triangulate(dictd, source, "en", skip)
        stem = f"pivot-{source}-en"
        info = INFO_BACK.format(name=NAMES[source], pivots=", ".join(pivots))
        write_one_sense(stem, info, [(h, tag, ts, h) for h, (tag, ts) in sorted(entries.items())])
        rows.append(f"{stem}\t{source}\ten\tWikDict triangulated through {'/'.join(pivots)}, CC-BY-SA-3.0\n")
        print(f"{stem}: {len(entries)} headwords through {', '.join(pivots)}", file=sys.stderr)
    set_manifest_rows("pivot-", rows)


if __name__ == "__main__":
    main()
