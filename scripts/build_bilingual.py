#!/usr/bin/env python3
"""Rebuild the GPL bilingual dictionaries and the word-frequency lists of assets/dict/.

Run by scripts/build_assets.sh after build_dicts.py, in a venv that has PyPI
wordfreq 3.1.1 (its frequency lists rank and repair the data). Not needed at run
time: the output is committed.

    python3 -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq==3.1.1
    /tmp/wf/bin/python scripts/build_bilingual.py

Sources (Debian packages, fetched with `apt-get download` into $GLOSSA_ASSET_CACHE):
- Ding (`trans-de-en`, GPL-2+): en -> de and de -> en (scripts/bilingual/ding.py);
  its example sentences go to assets/examples/de-en.tsv.gz.
- Mueller's English-Russian dictionary (`mueller7-dict`, GPL-2+; scripts/bilingual/mueller.py),
  with FreeDict eng-rus, for en -> ru and, inverted, ru -> en.
- FreeDict's GPL-2+ dictionaries with English (`dict-freedict-eng-fra`, `-fra-eng`,
  ...; scripts/bilingual/freedict.py repairs them). Each direction en -> X and X -> en
  is one dictionary: the entries going that way, then, for every headword, the
  words that the dictionary going the other way translates to it (its inversion).
- wordfreq 3.1.1 (CC-BY-SA-4.0): freq-<lang>.tsv.gz, the 30,000 most frequent words
  of each language with their frequency per 10 million words.

Output: assets/dict/dictd/<stem>.{index.gz,dict.dz} in the entry layout the engine
reads (`headword <pos, gender>` then numbered senses), rows of assets/dict/manifest.tsv
(those of build_dicts.py are kept), and the license texts.
"""

import os
import re
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "bilingual"))
import ding  # noqa: E402
import freedict  # noqa: E402
import mueller  # noqa: E402
from build_dicts import CACHE, DICTD, LATER_ROWS, OUT, gz_writer, write_dictd  # noqa: E402

from wordfreq import get_frequency_dict, top_n_list  # noqa: E402

# Language -> (en -> X package, X -> en package); None where Debian has none.
FREEDICT = {
    "fr": ("eng-fra", "fra-eng"), "es": ("eng-spa", "spa-eng"), "it": ("eng-ita", "ita-eng"),
    "pt": ("eng-por", "por-eng"), "ru": ("eng-rus", None), "nl": ("eng-nld", "nld-eng"),
    "sv": ("eng-swe", "swe-eng"), "tr": ("eng-tur", "tur-eng"), "ar": ("eng-ara", None),
    "hi": ("eng-hin", None), "cs": ("eng-ces", "ces-eng"),
}
FREQ_LANGS = ["en", "de", *FREEDICT, "fi", "nb", "bg", "id", "pl", "el", "ja", "zh"]
# wordfreq's Chinese is Simplified (its tokenizer maps Traditional to it).
FREQ_FILES = {"zh": "zh-Hans"}
MAX_SENSES, MAX_TARGETS = 12, 8
# The languages whose FreeDict data capitalizes every English word (eng-ara: 85,861 of
# 86,238 headwords, `Picture`, `Not Found`), made lower case where English writes it so.
CAPITALIZED = ("ar",)
# The languages whose FreeDict data from English glues multi-word translations
# (eng-por does too, but its splits are half wrong: `local mente`, `luta dor`).
GLUED = ("es",)


def fetch():
    debs, root = CACHE / "debs", CACHE / "root"
    debs.mkdir(parents=True, exist_ok=True)
    names = ["trans-de-en", "mueller7-dict"] + ["dict-freedict-" + p for ps in FREEDICT.values() for p in ps if p]
    for name in names:
        if not list(debs.glob(name + "_*.deb")):
            subprocess.run(["apt-get", "download", name], cwd=debs, check=True, stdout=subprocess.DEVNULL)
    root.mkdir(exist_ok=True)
    for name in names:
        deb = next(debs.glob(name + "_*.deb"))
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return root


def entry_text(head, pos, gender, senses):
    tag = ", ".join(x for x in (pos, gender) if x)
    line = head + (f" <{tag}>" if tag else "")
    return line + "\n" + "".join(f"{i}. {', '.join(s)}\n" for i, s in enumerate(senses, 1))


def usable(word):
    return word and "," not in word and len(word.split()) <= 6 and "\n" not in word


def strip_to(english):
    """`to go` -> (`go`, True); `to forget sth.` -> (`forget`, True): Ding writes the
    object of a verb as `sth.`/`sb.`, which nobody types (6,975 verbs were reachable
    only with it: know, deny, forget)."""
    verb = english.startswith("to ") and len(english) > 3
    bare = english[3:] if verb else english
    return OBJECT_EN.sub("", bare) or bare, verb


# Placeholder objects: trailing in English (`forget sth.`), leading in German
# (`etw. vergessen`, `jdn. kennen`).
OBJECT_EN = re.compile(r"(?:\s+(?:sth|sb)\.(?:/(?:sth|sb|doing sth)\.)?)+$")
OBJECT_DE = re.compile(r"^(?:(?:etw|jdn|jdm|jds)\.(?:/(?:etw|jdn|jdm|jds)\.)?\s+)+")


def strip_object_de(german):
    """`etw. vergessen` -> `vergessen` (the German word alone)."""
    return OBJECT_DE.sub("", german) or german


def write(stem, info, heads):
    """heads: headword -> [(pos, gender, [[targets]])]; one dictd entry per item."""
    entries = []
    for head in sorted(heads):
        for pos, gender, senses in heads[head]:
            senses = [s for s in senses if s][:MAX_SENSES]
            if senses:
                entries.append((entry_text(head, pos, gender, senses), [head]))
    write_dictd(stem, info, entries)
    return len(entries)


def ding_dicts(path, freq_de, freq_en):
    """(de -> en, en -> de, English parts of speech) from Ding.

    Ding lists its lines by German headword, so the order of an English word's
    translations comes from elsewhere: headword lines before phrases, then how
    common the German word is, divided by 1 + the place at which its own entry
    gives the English word back (a back-translation agreeing) and by 1 + its
    place among the line's synonyms. A German
    word's senses: headword lines first, then lines where it is the first
    synonym, then the most common English word."""
    rows = []
    en_pos = defaultdict(Counter)
    for no, sub, germans, english, sentence, special in ding.read(path):
        if sentence:
            continue
        germans = [(strip_object_de(g), p, gen) for g, p, gen in germans]
        germans = [(g, p, gen) for g, p, gen in germans if usable(g)]
        english = [(b, v) for b, v in map(strip_to, english) if usable(b)]
        if not germans or not english:
            continue
        rows.append((no, sub, germans, english, special))
        pos = next((p for _, p, _ in germans if p), None)
        for bare, verb in english:
            if sub == 0 and (pos or verb):
                en_pos[bare.lower()]["v" if verb else pos] += 1
    de_rows = defaultdict(list)
    for no, sub, germans, english, special in rows:
        best = max(freq_en.get(b.lower(), 0.0) for b, _ in english)
        for i, (g, pos, gender) in enumerate(germans):
            targets = [b for b, _ in english][:MAX_TARGETS]
            for head, ts in bare_phrase(g, targets):
                de_rows[head].append(((sub > 0, special, i > 0, -best, no), pos, gender, ts))
    de_heads, back = {}, {}
    for g, rs in de_rows.items():
        rs.sort(key=lambda r: r[0])
        de_heads[g] = group([r[1:] for r in rs])
        order = [t.lower() for _, _, senses in de_heads[g] for s in senses for t in s]
        back[g] = {t: i for i, t in reversed(list(enumerate(order)))}
    en_rows = defaultdict(list)
    for no, sub, germans, english, special in rows:
        tagged = [g + (f" <{gen}>" if gen else "") for g, _, gen in germans][:MAX_TARGETS]
        pos = next((p for _, p, _ in germans if p), None)
        for bare, verb in english:
            score = max(freq_de.get(g.lower(), 0.0) / (1 + back[g].get(bare.lower(), 99)) / (1 + i)
                        for i, (g, _, _) in enumerate(germans))
            for head, ts in bare_phrase(bare, tagged):
                en_rows[head].append(((sub > 0, special, -score, no), "v" if verb else pos, None, ts))
    en_heads = {}
    for e, rs in en_rows.items():
        rs.sort(key=lambda r: r[0])
        en_heads[e] = group([r[1:] for r in rs])
    return de_heads, en_heads, {w: c.most_common(1)[0][0] for w, c in en_pos.items()}


def english_case(cased):
    """A function giving an English word or phrase of all-capitalized data the case
    English writes it in, as the English words of `cased` (other dictionaries'
    headwords) write it: `Paris` stays, `Picture` -> `picture`, `Not Found` -> `not
    found` (word by word where the phrase is not there); a word they lack keeps its
    capital (`Ashley`)."""
    lower = {}
    for h in cased:
        lower.setdefault(h.lower(), set()).add(h)

    def one(w):
        forms = lower.get(w.lower(), ())
        return w if w in forms or w.lower() not in forms else w.lower()

    def fix(text):
        if text.lower() in lower:
            return one(text)
        return " ".join(one(w) for w in text.split(" "))
    return fix


def bare_phrase(head, targets):
    """The headword with its targets, and for a phrase ending in `!` or `?`
    (`Good morning!`) also the phrase without it, its targets without theirs:
    `good morning` typed bare finds `Guten Morgen`, before a field's sense."""
    out = [(head, targets)]
    if len(head.split()) >= 2 and head[-1:] in "!?":
        mark = head[-1]
        out.append((head[:-1].rstrip(), [t[:-1].rstrip() if t.endswith(mark) else t for t in targets]))
    return out


def group(rows):
    """Rows (pos, gender, targets) -> entries by (pos, gender), senses in row order,
    a target listed once per entry."""
    out, index = [], {}
    for pos, gender, targets in rows:
        key = (pos, gender)
        if key not in index:
            index[key] = len(out)
            out.append((pos, gender, [], set()))
        _, _, senses, seen = out[index[key]]
        fresh = [t for t in targets if t.lower() not in seen]
        seen.update(t.lower() for t in fresh)
        if fresh and len(senses) < MAX_SENSES:
            senses.append(fresh)
    return [(p, g, s) for p, g, s, _ in out]


def freedict_direction(direct, reverse, seg, pos_of):
    """One direction: `direct` entries (repaired by `seg`), then each headword's
    words from the inversion of `reverse`."""
    heads = defaultdict(list)
    for head, pos, senses in direct:
        senses = [[seg.repair(t) for t in s][:MAX_TARGETS] for s in senses]
        heads[head].append((pos or pos_of(head), None, senses))
    inverse = defaultdict(list)
    for head, pos, senses in reverse:
        for rank, t in enumerate(t for s in senses for t in s):
            inverse[t].append((rank, head, pos))
    for t, rows in inverse.items():
        rows.sort(key=lambda r: r[0])
        have = {x.lower() for _, _, ss in heads.get(t, []) for s in ss for x in s}
        words = []
        for _, h, _ in rows:
            if h.lower() not in have and usable(h):
                have.add(h.lower())
                words.append(h)
        if words and usable(t):
            pos = rows[0][2] or pos_of(t)
            heads[t].append((pos, None, [words[:MAX_TARGETS]]))
    return heads


def merge_article(heads):
    """Arabic headwords with and without the article share their senses: the
    English-Arabic data writes a noun sometimes one way, sometimes the other
    (`الصورة` picture, image; `صورة` diorama), and a reader types either."""
    for head in sorted(h for h in heads if h.startswith("ال") and h[2:] in heads):
        bare, article = heads[head[2:]], heads[head]
        heads[head[2:]] = bare + [i for i in article if i not in bare]
        heads[head] = article + [i for i in bare if i not in article]


def frequencies():
    for lang in FREQ_LANGS:
        rows = [(w, max(1, round(f * 1e7))) for w in top_n_list(lang, 30000)
                for f in [get_frequency_dict(lang).get(w, 0.0)] if "\t" not in w]
        rows.sort(key=lambda kv: (-kv[1], kv[0]))
        with gz_writer(OUT / f"freq-{FREQ_FILES.get(lang, lang)}.tsv.gz") as f:
            f.write("".join(f"{w}\t{n}\n" for w, n in rows).encode())


def main():
    root = fetch()
    DICTD.mkdir(parents=True, exist_ok=True)
    frequencies()
    manifest = []
    de_heads, en_heads, en_pos = ding_dicts(
        root / "usr/share/trans/de-en", get_frequency_dict("de"), get_frequency_dict("en"))
    info = "Ding {} (trans-de-en 1.9, Frank Richter, TU Chemnitz), GPL-2-or-later"
    n1 = write("ding-de-en", info.format("de -> en"), de_heads)
    n2 = write("ding-en-de", info.format("en -> de"), en_heads)
    manifest += [("ding-en-de", "en", "de", "Ding (trans-de-en 1.9), GPL-2+"),
                 ("ding-de-en", "de", "en", "Ding (trans-de-en 1.9), GPL-2+")]
    print(f"ding: {n2} en->de entries, {n1} de->en entries")
    seg_en = freedict.Segmenter(get_frequency_dict("en"))
    for lang, (fwd, bwd) in FREEDICT.items():
        base = root / "usr/share/dictd"
        to_x = freedict.read(str(base / f"freedict-{fwd}")) if fwd else []
        stem, names = "freedict", " + ".join(f"freedict-{p}" for p in (fwd, bwd) if p)
        if lang == "ru":
            # Mueller's 50,000 entries first, then FreeDict's 1,700.
            to_x = mueller.read(str(base / "mueller7")) + to_x
            stem, names = "mueller", "Mueller 7 (mueller7-dict) + " + names
        to_en = freedict.read(str(base / f"freedict-{bwd}")) if bwd else []
        if lang in CAPITALIZED:
            cased = set(en_heads)
            for other in ("eng-fra", "eng-ces", "eng-spa"):
                cased.update(h for h, _, _ in freedict.read(str(base / f"freedict-{other}")))
            fix = english_case(cased)
            to_x = [(fix(h), p, senses) for h, p, senses in to_x]
        # Only eng-spa glues words this often (`porfavor`); elsewhere a split
        # cuts rare words (nl `zwaarmoedigheid`, Turkish and Slavic endings).
        seg_x = freedict.Segmenter(get_frequency_dict(lang) if lang in GLUED else {}, 1e-5)
        en_x = freedict_direction(to_x, to_en, seg_x, lambda w: en_pos.get(w.lower()))
        x_en = freedict_direction(to_en, to_x, seg_en, lambda w: None)
        if lang == "ar":
            merge_article(x_en)
        a = write(f"{stem}-en-{lang}", f"{names}, en -> {lang}, GPL-2-or-later", en_x)
        b = write(f"{stem}-{lang}-en", f"{names}, {lang} -> en, GPL-2-or-later", x_en)
        print(f"{lang}: {a} en->{lang} entries, {b} {lang}->en entries")
        source = f"{names}, GPL-2+"
        manifest += [(f"{stem}-en-{lang}", "en", lang, source), (f"{stem}-{lang}-en", lang, "en", source)]
    rows = [l for l in (OUT / "manifest.tsv").read_text(encoding="utf-8").splitlines()
            if not l.startswith(("ding-", "mueller-", "freedict-en-", *[f"freedict-{x}-en" for x in FREEDICT]))]
    # build_pivot.py's rows, then build_names.py's, stay last (the order of
    # engine::dict::library::BUNDLED).
    pivots = [l for p in LATER_ROWS for l in rows if l.startswith(p)]
    rows = [l for l in rows if not l.startswith(LATER_ROWS)]
    with open(OUT / "manifest.tsv", "w", encoding="utf-8") as f:
        f.write("\n".join(rows + ["\t".join(r) for r in manifest] + pivots) + "\n")
    shutil.copy("/usr/share/common-licenses/GPL-2", OUT / "LICENSE-GPL-2")
    shutil.copy(root / "usr/share/doc/trans-de-en/copyright", OUT / "COPYRIGHT-ding")
    shutil.copy(root / "usr/share/doc/dict-freedict-eng-fra/copyright", OUT / "COPYRIGHT-freedict")
    shutil.copy(root / "usr/share/doc/mueller7-dict/copyright", OUT / "COPYRIGHT-mueller7")
    ex = ding.examples(root / "usr/share/trans/de-en")
    ex.sort(key=lambda p: (len(p[1]), p))
    with gz_writer(OUT.parent / "examples" / "de-en.tsv.gz") as f:
        f.write("".join(f"{d}\t{e}\n" for d, e in ex).encode())
    print(f"examples: {len(ex)} de-en sentence pairs")


if __name__ == "__main__":
    os.umask(0o022)
    main()
