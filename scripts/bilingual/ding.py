"""Ding (trans-de-en, GPL-2+): German <-> English entries and example sentences.

Each line of /usr/share/trans/de-en is `German part :: English part`; each part
is split by ` | ` into aligned sub-entries (the first is the headword, later
ones are inflected forms, phrases and example sentences), each sub-entry by
`; ` into synonyms. Annotations: `{m}` `{f}` `{n}` `{pl}` gender/number,
`{vt}` `{adj}` ... parts of speech, `[ugs.]` `[geol.]` labels, `(...)` notes.
"""

import re

TAG = re.compile(r"\{([^}]*)\}")
# Tags, labels, notes and abbreviations (`Familie {f} /Fam./`).
NOISE = re.compile(r"\{[^}]*\}|\[[^\]]*\]|<[^>]*>|\([^()]*\)|(?<=\s)/[^/\s][^/]*/(?=\s|$)")
SENTENCE = re.compile(r"[^.][.?!]\s*$")

GENDER = {"m": "masc", "f": "fem", "n": "neut"}
POS = {"vt": "v", "vi": "v", "vr": "v", "v": "v", "adj": "adj", "adv": "adv", "prp": "prep",
       "conj": "conj", "pron": "pron", "interj": "interjection", "num": "num", "art": "art",
       "pl": "n", "ppr": "adj", "ppp": "adj"}


def clean(s):
    s = NOISE.sub(" ", s)
    s = NOISE.sub(" ", s)  # nested brackets
    return re.sub(r"\s+", " ", s).strip(" ,;:/")


def tags(s):
    """(pos, gender) of a German synonym from its `{...}` tags."""
    pos = gender = None
    for t in TAG.findall(s):
        for part in re.split(r"[,;]\s*|\s+", t.strip()):
            if part in GENDER:
                gender, pos = GENDER[part], "n"
            elif part in POS and pos is None:
                pos = POS[part]
    return pos, gender


def synonyms(part):
    """Splits a sub-entry at `; ` outside brackets (`to go {went; gone}` is one)."""
    out, depth, cur = [], 0, ""
    for i, ch in enumerate(part):
        depth += ch in "([{"
        depth -= ch in ")]}" and depth > 0
        if ch == ";" and depth == 0 and part[i + 1 : i + 2] == " ":
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [x.strip() for x in out + [cur]]


def is_sentence(de, en):
    de, en = clean(de.split("; ")[0]), clean(en.split("; ")[0])
    return bool(SENTENCE.search(de)) and len(de.split()) >= 3 and len(en.split()) >= 3


# Fields whose senses come after the everyday ones (`good morning`, the [sport]
# exercise, after the greeting). Computing, engineering, business and
# administration stay: their senses are the everyday ones of software and office
# texts (chosen on the dev split of scripts/bench_chrf.py: demoting every field
# cost de↔en 0.6 chrF there).
FIELDS = {"sport", "med.", "ornith.", "chem.", "bot.", "zool.", "jur.", "cook.", "mil.", "constr.",
          "min.", "hist.", "anat.", "textil.", "mus.", "phys.", "agr.", "math.", "geol.", "biol.",
          "relig.", "ling.", "naut.", "aviat.", "psych.", "art", "lit.", "biochem.", "phil.",
          "pharm.", "arch.", "meteo.", "astron.", "zoo.", "gastr.", "geogr.", "envir.", "soc."}
LABEL = re.compile(r"\[([^\]]*)\]")


def field(*parts):
    """Whether a sub-entry is labelled with a field of [`FIELDS`] (`[sport]`)."""
    return any(label in FIELDS for p in parts for label in LABEL.findall(p))


def read(path):
    """Yields (line_no, sub_index, [(german, pos, gender)], [english], sentence?, field?)."""
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f):
            if line.startswith("#") or " :: " not in line:
                continue
            de, en = line.rstrip("\n").split(" :: ", 1)
            dparts, eparts = de.split(" | "), en.split(" | ")
            if len(dparts) != len(eparts):
                continue
            for i, (d, e) in enumerate(zip(dparts, eparts)):
                if is_sentence(d, e):
                    yield no, i, d.strip(), e.strip(), True, False
                    continue
                germans = []
                for syn in synonyms(d):
                    word = clean(syn)
                    if word:
                        germans.append((word, *tags(syn)))
                english = [w for w in (clean(x) for x in synonyms(e)) if w]
                if germans and english:
                    yield no, i, germans, english, False, field(d, e)


def examples(path):
    """(German sentence, English sentence) pairs: the first alternative of each side."""
    out, seen = [], set()
    for _no, _i, de, en, sentence, _field in read(path):
        if not sentence:
            continue
        de = re.sub(r"\s+", " ", re.sub(r"\[[^\]]*\]|\{[^}]*\}", " ", de.split("; ")[0])).strip()
        en = re.sub(r"\s+", " ", re.sub(r"\[[^\]]*\]|\{[^}]*\}", " ", en.split("; ")[0])).strip()
        if de and en and "\t" not in de + en and (de, en) not in seen:
            seen.add((de, en))
            out.append((de, en))
    return out
