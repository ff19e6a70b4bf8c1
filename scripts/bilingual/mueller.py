"""Mueller's English-Russian dictionary (Debian `mueller7-dict`, GPL-2+), read
from its dictd files into (headword, pos, [[targets]]) entries.

An entry lists homonyms (`_I`, `_II`), parts of speech (`1. _n.`, `2. _v.`) and
numbered senses (`1) дом; жилище; здание`). A sense is its Russian words up to
the first English example (`to keep house вести хозяйство`); labels (`_ав.`),
notes in parentheses and cross-references are left out.
"""

import re

from freedict import texts

POS = {"n": "n", "v": "v", "a": "adj", "adv": "adv", "prep": "prep", "cj": "conj",
       "pron": "pron", "int": "interjection", "num": "num", "pl": "n"}
SENSE = re.compile(r"^\s*\d+\)\s*(.*)$")
POSLINE = re.compile(r"^\s*(?:_[IVX]+\s+)?(?:\d+\.\s+)?_(\w+)\.")


def words(text):
    """The Russian translations of one sense's text."""
    out = []
    text = re.sub(r"\{[^}]*\}|\([^()]*\)|\[[^\]]*\]", " ", text)
    text = re.sub(r"(?:^|\s)_[^\s.]+\.", " ", text)
    for item in text.split(";"):
        if re.search(r"[A-Za-z]", item):
            break  # an English example: the translations are over
        for w in item.split(","):
            w = re.sub(r"\s+", " ", w).strip(" .:!?-")
            if w and re.search(r"[а-яё]", w, re.I) and len(w.split()) <= 5 and not w.startswith("="):
                out.append(w)
    return out


def read(base):
    entries = []
    for text in texts(base):
        lines = text.split("\n")
        head = lines[0].strip()
        # Continuation lines join their sense.
        body, cur = [], ""
        for l in lines[1:]:
            if SENSE.match(l) or POSLINE.match(l) or re.match(r"^\s*_[IVX]+\b", l):
                body.append(cur)
                cur = l
            else:
                cur += " " + l.strip()
        body.append(cur)
        by_pos, pos = {}, None
        for l in body:
            m = POSLINE.match(l)
            if m:
                pos = POS.get(m.group(1).lower(), pos)
                l = l[m.end():]
            s = SENSE.match(l)
            text = s.group(1) if s else l
            if not s and m is None:
                # a sense-less entry body: `[ipa] перевод`
                text = re.sub(r"^\s*(?:_[IVX]+\s*)?\[[^\]]*\]", " ", l)
            ws = words(text)
            if ws:
                by_pos.setdefault(pos, []).append(ws)
        for p, senses in by_pos.items():
            entries.append((head, p, senses))
    return entries
