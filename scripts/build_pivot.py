#!/usr/bin/env python3
"""English -> X and X -> English dictionaries triangulated from FreeDict's WikDict dictionaries.

Run by scripts/build_assets.sh after build_bilingual.py, in the wordfreq venv
(frequencies break ties). Not needed at run time: the output is committed.

An English word is translated through every pivot language that WikDict links
both to English and to X (fi, pl, el, bg, nb, id, ja; each pair read in both
directions), and a translation is kept only when at least two pivot languages
lead to it (Tanaka and Umemura's inverse consultation, made stricter).
Translations are ordered by how many pivots agree, then by how high each path
ranks them, then by how common the word is (wordfreq).

For most directions (es, fr, it, pt, nl, sv, ru, ja, bg, de, fi from English; es,
fr, it, pt, nl, sv, ru, ja, pl, el, de into English) the result is a second
opinion over every content word: the engine merges it with the bundled
dictionary, whose senses may be old (Mueller 7), few (the Ergane lists) or in
no order of use (WikDict). Grammatical words and the phrases the bundled
dictionary has are left to it and to our table. For nb and id (WikDict eng-nor,
eng-ind, served both ways by inversion) only the English headwords the bundled
dictionary lacks are written: there it fills gaps and never overrides (as
second opinions they measured lower on the dev split).

Sources (Debian dict-freedict-*, 2022.12.07, WikDict from Wiktionary via DBnary,
CC-BY-SA 3.0), fetched with `apt-get download` into $GLOSSA_ASSET_CACHE. Every
input is WikDict data, so the output is CC-BY-SA 3.0 like its sources.

The same into English (pivot-<X>-en), skipping the grammatical words of our own
table (assets/morph/function-words.tsv), which answer those better.

Output: assets/dict/dictd/pivot-en-<X>.{index.gz,dict.dz}, pivot-<X>-en.*, and their rows of
assets/dict/manifest.tsv. `--check` writes nothing: it prints, for the English words of
ranks 5,001-20,000 that both the pivot and the bundled GPL dictionary answer, how often
the pivot's first translation is one the GPL dictionary lists.
"""

import functools
import gzip
import math
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_dicts import CACHE, DICTD, OUT, set_manifest_rows, write_one_sense  # noqa: E402

from wordfreq import get_frequency_dict, zipf_frequency  # noqa: E402

ISO = {"en": "eng", "fi": "fin", "pl": "pol", "el": "ell", "bg": "bul", "nb": "nor", "id": "ind",
       "ja": "jpn", "fr": "fra", "it": "ita", "sv": "swe", "pt": "por", "nl": "nld", "es": "spa",
       "ru": "rus", "de": "deu"}
PIVOTS = ["fi", "pl", "el", "bg", "nb", "id", "ja"]
# Target -> the stem of the bundled en -> X dictionary (the Ergane lists, WikDict's
# eng-nor and eng-ind) whose gaps are filled or, but for GAPS_ONLY, a second opinion.
TARGETS = {"es": "freedict-en-es", "fr": "freedict-en-fr", "it": "freedict-en-it",
           "pt": "freedict-en-pt", "nl": "freedict-en-nl", "sv": "freedict-en-sv",
           "nb": "freedict-eng-nor", "id": "freedict-eng-ind"}
# Source -> the stem of the bundled X -> en dictionary, the same way.
SOURCES = {"es": "freedict-es-en", "fr": "freedict-fr-en", "it": "freedict-it-en",
           "pt": "freedict-pt-en", "nl": "freedict-nl-en", "sv": "freedict-sv-en"}
# Everywhere else the triangulation is a second opinion over every headword: the
# engine merges it with the bundled dictionary (the weights add up), so a sense two
# pivot languages agree on comes first where the bundled one is old (Mueller 7, a
# general dictionary of the 1990s: `file` -> очередь, no `файл`, no `connection`),
# small (the Ergane lists) or ranks senses in no order of use (WikDict). Into
# English, these directions: (source, the bundled dictionary's stem).
SECOND_TARGETS = {"ru": "mueller-en-ru", "ja": "freedict-eng-jpn", "bg": "freedict-eng-bul",
                  "de": "ding-en-de", "fi": "freedict-eng-fin"}
SECOND_SOURCES = {"ru": "mueller-ru-en", "ja": "edict-ja-en", "pl": "freedict-pol-eng",
                  "el": "freedict-ell-eng", "de": "ding-de-en"}
# Gaps only (measured lower on the dev split as second opinions): nb and id, whose
# bundled dictionaries are WikDict's own.
GAPS_ONLY = {"nb", "id"}
MIN_PIVOTS, MAX_TARGETS = 2, 6
INFO = ("English-{name} dictionary triangulated from FreeDict+WikDict dictionaries "
        "(http://www.wikdict.com/, Wiktionary via DBnary) through {pivots}; CC-BY-SA 3.0")
INFO_BACK = ("{name}-English dictionary triangulated from FreeDict+WikDict dictionaries "
             "(http://www.wikdict.com/, Wiktionary via DBnary) through {pivots}; CC-BY-SA 3.0")
NAMES = {"es": "Spanish", "fr": "French", "it": "Italian", "pt": "Portuguese", "nl": "Dutch",
         "sv": "Swedish", "nb": "Norwegian", "id": "Indonesian", "ru": "Russian", "ja": "Japanese",
         "bg": "Bulgarian", "pl": "Polish", "el": "Greek", "de": "German", "fi": "Finnish"}
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def packages():
    """Every pair of English with a pivot and of a pivot with a target, both ways."""
    langs = {*TARGETS, *SOURCES, *SECOND_TARGETS, *SECOND_SOURCES}
    pairs = {("en", p) for p in PIVOTS} | {(p, t) for p in PIVOTS for t in langs if p != t}
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


def frequency(word, lang):
    """wordfreq's Zipf frequency; for Japanese the list's own entry (wordfreq's
    tokenizer for Japanese needs MeCab: a headword of the list needs none)."""
    if lang == "ja":
        f = get_frequency_dict("ja").get(word, 0.0)
        return round(math.log10(f * 1e9), 2) if f > 0 else 0.0
    return zipf_frequency(word, lang)


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
        kept = [(len(v), sum(v.values()), frequency(t, target), t)
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


# English's closed classes, which the triangulation renders poorly (`you` -> de ihr,
# `not` -> Nein, `can` -> Konservendose): determiners, pronouns, auxiliaries and
# modals, prepositions, conjunctions, negation.
ENGLISH_CLOSED = set("""
a an the this that these those all no every each some any its their my your our his her
i you he she it we they me him us them who whom whose which what myself yourself itself
be is are was were been being am have has had do does did can could may might must shall
should will would cannot
to in with from for between without on of after before under at by about over above
through during into until like against among within towards
and or but if when than because although while whether nor
not
""".split())


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
    directions = ([("en", t, p) for t, p in TARGETS.items()] + [(x, "en", p) for x, p in SOURCES.items()]
                  + [("en", t, p) for t, p in SECOND_TARGETS.items()]
                  + [(x, "en", p) for x, p in SECOND_SOURCES.items()])
    for source, target, primary in directions:
        lang = target if source == "en" else source
        gaps_only = lang in GAPS_ONLY
        # Into English the grammatical words are left to our table (`måste` →
        # must, not `have`).
        ours = grammatical(source) if target == "en" else set()
        if gaps_only:
            skip = headwords(primary) | ours
        else:
            # A second opinion on content words: the grammatical words stay ours
            # and the bundled dictionary's (`you` → de Sie, du, not ihr), and so
            # does a phrase it has (`good morning` → Guten Morgen, not Morgen);
            # a grammatical word it lacks is still filled (`I` → fr je).
            closed = ours or ENGLISH_CLOSED
            skip = {h for h in headwords(primary) if " " in h or h.lower() in closed} | ours
        entries, pivots = triangulate(dictd, source, target, skip)
        if not gaps_only:
            # A contraction reaches its head's entry (engine::lemma: `don't` → do).
            entries = {h: v for h, v in entries.items() if "'" not in h and "’" not in h}
        stem = f"pivot-{source}-{target}"
        info = (INFO if source == "en" else INFO_BACK).format(name=NAMES[lang], pivots=", ".join(pivots))
        write_one_sense(stem, info, [(h, tag, ts, h) for h, (tag, ts) in sorted(entries.items())])
        rows.append(f"{stem}\t{source}\t{target}\tWikDict triangulated through {'/'.join(pivots)}, "
                    "CC-BY-SA-3.0\n")
        print(f"{stem}: {len(entries)} headwords through {', '.join(pivots)}", file=sys.stderr)
    set_manifest_rows("pivot-", rows)


if __name__ == "__main__":
    main()
