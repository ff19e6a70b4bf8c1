"""FreeDict's GPL dictionaries (Debian dict-freedict-*: eng-fra, fra-eng, ...),
read from their dictd files into (headword, pos, [[targets]]) entries, with
the raw data's faults repaired:

- multi-word translations glued together (`porfavor`, `velocidadinicial`) are
  split where the pieces are common words of the language's frequency list (in
  English and Spanish, where the data glues words often);
- entries whose headword was cut to its first word (eng-spa `initial
  /iniʃlvəlɔsitiː/ velocidad inicial` is `initial velocity`) are left out: of
  the entries of one headword, those whose pronunciation is much longer than
  the shortest one's;
- eng-ara's synonyms joined by an Arabic comma (`ليس، أداة نفي` for `not`,
  `حادّ، قاسي، شديد`) are separate translations;
- translations split at commas inside parentheses (eng-tur `(went`, `gone)
  gitmek`), labels in parentheses, mojibake and trailing full stops;
- eng-hin's `~` between the words of a phrase (`काम~करना`) becomes a space, and a
  Hindi word of one letter and its vowel sign (`दो`, `दिन`) counts as a word.
"""

import gzip
import math
import re
import unicodedata

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
HEAD = re.compile(r"^(.*?)\s*(?:/([^/]*)/)?\s*(?:<([^>]*)>)?\s*$")
POS = {"n": "n", "v": "v", "vt": "v", "vi": "v", "adj": "adj", "adv": "adv", "prep": "prep",
       "conj": "conj", "pron": "pron", "interj": "interjection", "num": "num", "art": "art"}


def unb64(s):
    n = 0
    for ch in s:
        n = n * 64 + B64.index(ch)
    return n


def split_outside_parens(line):
    out, depth, cur = [], 0, ""
    for ch in line:
        depth += ch == "("
        depth -= ch == ")" and depth > 0
        if ch in ",،" and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur]


def two_letters(t):
    """Whether two letters or digits stand side by side, a mark written on a letter
    counting as one (Devanagari's vowel signs are marks: `दो` is two)."""
    word = [c.isalnum() or unicodedata.category(c).startswith("M") for c in t]
    return any(a and b for a, b in zip(word, word[1:]))


def clean_target(t):
    # eng-hin joins the words of a phrase with `~`: `काम~करना`.
    if re.search("[\u0900-\u097f]", t):
        t = t.replace("~", " ")
    # eng-tur runs phrases on after a full stop: `işemek. go a long way ...`.
    t = re.split(r"(?<=\w)\. ", t)[0]
    t = re.sub(r"\([^()]*\)|\[[^\]]*\]|\{[^}]*\}", " ", t)
    t = re.sub(r"\s+", " ", t).strip(" .;:!?\"'")
    if not t or len(t.split()) > 5 or re.search(r"â[^a-zçğıöşü]|[()]", t) or not two_letters(t):
        return None
    return t


# eng-tur marks American usage "ABD" (Amerika Birleşik Devletleri) before a sense:
# `alibi` 2. ABD, (k.dili.) özür; `alumna` 1. ABD bir okul ... mezun olan kız.
USA = {"usa", "us", "u.s.", "u.s.a.", "united states", "america", "the united states"}


# English words eng-tur's grammar notes leave among the Turkish senses.
ENGLISH_GRAMMAR = {"i", "you", "he", "she", "it", "we", "they", "have", "has", "had", "thou",
                   "hast", "hath", "am", "is", "are", "was", "were"}


def usage_label(target, head):
    """A target without eng-tur's "ABD" label (None when it is all there is),
    unless the headword names the country (`USA` → ABD)."""
    if head.strip().lower() in USA:
        return target
    if target == "ABD":
        return None
    return target[4:].strip() if target.startswith("ABD ") else target


def texts(base):
    """The entry texts of a dictd dictionary (`base`.index + `base`.dict.dz), in
    index order, without the `00-database-*` entries."""
    data = gzip.open(base + ".dict.dz").read()
    with open(base + ".index", encoding="utf-8") as f:
        for line in f:
            key, off, n = line.rstrip("\n").split("\t")
            if not key.startswith("00"):
                yield data[unb64(off): unb64(off) + unb64(n)].decode("utf-8", "replace")


def read(base):
    """Entries of a dictd dictionary (`base`.index + `base`.dict.dz)."""
    raw = []
    for text in texts(base):
        lines = text.split("\n")
        m = HEAD.match(lines[0].strip())
        head, ipa, tag = m.group(1).strip(), m.group(2) or "", (m.group(3) or "").lower()
        senses = []
        for body in lines[1:]:
            body = body.strip()
            if not body or body.startswith('"'):
                continue
            body = re.sub(r"^\d+\.\s*", "", body)
            targets = [c for c in (clean_target(t) for t in split_outside_parens(body)) if c]
            targets = [c for c in (usage_label(t, head) for t in targets) if c]
            if base.endswith("eng-tur"):
                # Its grammar notes read as senses: `have` 1. … you, we, they have.
                targets = [t for t in targets if t.lower() not in ENGLISH_GRAMMAR]
            if targets:
                senses.append(targets)
        if head and senses:
            raw.append((head, ipa, POS.get(tag), senses))
    shortest = {}
    for head, ipa, _, _ in raw:
        shortest[head] = min(shortest.get(head, 99), len(ipa) or 99)
    return [(h, p, s) for h, ipa, p, s in raw if len(ipa or "") <= shortest[h] * 1.5 + 2]


class Segmenter:
    """Splits glued words into the words of a frequency list."""

    def __init__(self, freq, listed=0.0):
        self.freq = freq  # word -> relative frequency
        # A token at least this frequent is never split (0: no listed token is).
        self.listed = listed

    def score(self, w, common):
        """A piece's log frequency: a word of six letters or more at least 1e-6
        (`atdaybreak` -> `at daybreak`), of three to five 1e-5, a shorter one 1e-3
        (`a`, `de`, `y`); with `common`, three letters or more and 1e-4. Else None."""
        f = self.freq.get(w, 0.0)
        if common and (len(w) < 3 or f < 1e-4):
            return None
        if f < (1e-3 if len(w) <= 2 else 1e-5 if len(w) < 6 else 1e-6):
            return None
        return math.log(f)

    def split(self, token):
        """`porfavor` -> `por favor`: a token the frequency list lacks into at most 4
        words, each a common word (see `score`); the most probable split wins. Rarer
        pieces split real words at random (ru `хрустеть` -> `хр ус те ть`, tr
        `denetlemek` -> `dene tl emek`), so a listed token is not split, but where
        `listed` allows (the glued form may be listed itself: es `porfavor`, 4e-6),
        and then only into two common words (not `consolar` -> `con solar`)."""
        whole = self.freq.get(token.lower(), 0.0)
        if len(token) < 5 or whole > self.listed or not token.isalpha():
            return token
        common, most = (True, 2) if whole > 0 else (False, 4)
        n = len(token)
        best = [None] * (n + 1)  # best[i] = (score, pieces) for token[:i]
        best[0] = (0.0, [])
        for i in range(1, n + 1):
            for j in range(max(0, i - 20), i):
                if best[j] is None or len(best[j][1]) >= most:
                    continue
                s = self.score(token[j:i].lower(), common)
                if s is None:
                    continue
                cand = (best[j][0] + s - 4.0, best[j][1] + [token[j:i]])
                if best[i] is None or cand[0] > best[i][0]:
                    best[i] = cand
        if best[n] is None or len(best[n][1]) < 2:
            return token
        return " ".join(best[n][1])

    def repair(self, text):
        return " ".join(self.split(w) for w in text.split(" "))
