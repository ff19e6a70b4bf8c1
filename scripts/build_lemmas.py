#!/usr/bin/env python3
"""Base forms of the frequent words of 11 languages, from Debian's hunspell dictionaries and Voikko.

For each language below, the 30,000 most frequent words of wordfreq 3.1.1
(CC-BY-SA 4.0) are stemmed by `hunspell -s` with that language's Debian
dictionary (its affix rules and the stems it lists: `tengo` → `tener`,
`gick` → `gå`, `alcuni` → `alcuno`). A form whose stems differ from it is
written as `form TAB stem stem…` (Finnish, which hunspell has no dictionary
for here: the BASEFORM of each analysis by Voikko, Debian `voikko-fi`,
GPL-2.0-or-later, through `python3-libvoikko`), the stems ordered by their own wordfreq
frequency (`haciendo` → `hacer hacendar`), to
assets/morph/lemmas-<lang>.tsv (sorted by form, UTF-8, lowercase). src/engine/lemma/table.rs
reads the files in place, by binary search.

Only dictionaries whose Debian copyright allows GPL-3.0-or-later are used
(see assets/morph/ATTRIBUTION.md): not nb (GPL-2 only), ru (4-clause BSD),
bg and cs (GPL-2 only); not el, whose dictionary lists every form and has
no affix rules to stem by.

    apt-get install hunspell hunspell-es hunspell-it hunspell-fr hunspell-sv hunspell-nl \
        hunspell-pl hunspell-pt-br hunspell-tr hunspell-de-de hunspell-ar voikko-fi python3-libvoikko
    python3 -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq==3.1.1
    /tmp/wf/bin/python scripts/build_lemmas.py
    apt-get remove hunspell    # its own catalogues would join the gettext sets of the benchmarks
"""
import shutil
import subprocess
import unicodedata
from pathlib import Path

import wordfreq

OUT = Path(__file__).resolve().parent.parent / "assets/morph"
TOP = 30_000
# our code → hunspell dictionary (/usr/share/hunspell), wordfreq code
DICTS = {
    "ar": ("ar", "ar"), "de": ("de_DE", "de"), "es": ("es_ES", "es"), "fi": ("voikko", "fi"),
    "fr": ("fr", "fr"), "it": ("it_IT", "it"), "nl": ("nl_NL", "nl"), "pl": ("pl_PL", "pl"),
    "pt": ("pt_BR", "pt"), "sv": ("sv_SE", "sv"), "tr": ("tr_TR", "tr"),
}


def wordy(w):
    return w and all(c.isalpha() or unicodedata.category(c).startswith("M") or c in "'’-" for c in w)


# Voikko's Python binding is Debian's (python3-libvoikko), for the system python.
VOIKKO = r"""
import sys, libvoikko
v = libvoikko.Voikko("fi")
for w in sys.stdin.read().split("\n"):
    for a in v.analyze(w) if w else []:
        if a.get("BASEFORM"):
            print(w, a["BASEFORM"])
"""


def stems(dic, words):
    """form → its stems, from `hunspell -s` (or Voikko for `dic` "voikko"): both print `form stem` lines."""
    command = (["/usr/bin/python3", "-c", VOIKKO] if dic == "voikko"
               else ["hunspell", "-s", "-i", "utf-8", "-d", f"/usr/share/hunspell/{dic}"])
    out = subprocess.run(command, input="\n".join(words) + "\n", capture_output=True, text=True,
                         check=True).stdout
    found = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2:
            found.setdefault(parts[0], []).append(parts[1])
    return found


# Debian copyright files copied beside the tables (es, it, pl, pt-br, sv and tr share
# the one of libreoffice-dictionaries).
COPYRIGHTS = {"ar": "hunspell-ar", "de-de": "hunspell-de-de", "fr": "hunspell-fr", "nl": "hunspell-nl",
              "libreoffice": "hunspell-es"}
VOIKKO_COPYRIGHT = "voikko-fi"


def main():
    for name, package in COPYRIGHTS.items():
        shutil.copyfile(f"/usr/share/doc/{package}/copyright", OUT / f"COPYRIGHT-hunspell-{name}")
    shutil.copyfile(f"/usr/share/doc/{VOIKKO_COPYRIGHT}/copyright", OUT / "COPYRIGHT-voikko-fi")
    for lang, (dic, wf) in DICTS.items():
        words = [w for w in wordfreq.top_n_list(wf, TOP) if wordy(w)]
        table = {}
        for form, bases in stems(dic, words).items():
            form = form.lower()
            bases = [b.lower() for b in bases]
            bases = [b for b in dict.fromkeys(bases) if b != form and wordy(b) and len(b) >= 2]
            if bases:
                bases.sort(key=lambda b: -wordfreq.word_frequency(b, wf))
                table[form] = bases
        path = OUT / f"lemmas-{lang}.tsv"
        with open(path, "w", encoding="utf-8") as f:
            for form in sorted(table, key=lambda s: s.encode()):
                f.write(f"{form}\t{' '.join(table[form])}\n")
        print(f"{lang}: {len(words)} words, {len(table)} forms with a base, {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
