#!/usr/bin/env python3
"""Word lists for the languages detection has no frequency list for (assets/detect/lex-<lang>.tsv.gz).

wordfreq (scripts/build_detect_words.py) has no list for Afrikaans, Belarusian,
Esperanto, Estonian, Kazakh, Marathi, Serbian in Cyrillic or Welsh. Debian's
spelling dictionaries have their words: this writes each dictionary's lowercase
words (hunspell: the stems of the .dic file, without expanding the affixes;
aspell: the expanded word list), one `word TAB 1` line each, sorted, no
proper names (capitalised entries), nothing that starts with a mark, no digits. src/engine/evidence.rs reads
a word found there as a known word of the language, with a weight of its own
(`Weights::lexicon`). examples/build_gld.rs turns them into fst maps.

    apt-get install hunspell-af hunspell-be hunspell-kk hunspell-sr myspell-et \
        myspell-eo aspell aspell-cy aspell-mr
    python3 scripts/build_detect_lexicons.py
"""
import re
import subprocess
import unicodedata
from pathlib import Path

from gz import write_gz

OUT = Path(__file__).resolve().parent.parent / "assets/detect"
HUNSPELL = Path("/usr/share/hunspell")
# our code → (kind, dictionary, Debian package)
SOURCES = {
    "af": ("hunspell", "af_ZA", "hunspell-af"),
    "be": ("hunspell", "be_BY", "hunspell-be"),
    "eo": ("hunspell", "eo", "myspell-eo"),
    "et": ("hunspell", "et_EE", "myspell-et"),
    "kk": ("hunspell", "kk_KZ", "hunspell-kk"),
    "sr-Cyrl": ("hunspell", "sr_RS", "hunspell-sr"),
    "cy": ("aspell", "cy", "aspell-cy"),
    "mr": ("aspell", "mr", "aspell-mr"),
}
ENCODINGS = {"ISO8859-15": "iso8859_15", "ISO8859-2": "iso8859_2", "ISO8859-3": "iso8859_3", "UTF-8": "utf-8"}
MAX_LEN = 30


def hunspell_words(name):
    aff = (HUNSPELL / f"{name}.aff").read_bytes()
    m = re.search(rb"SET\s+(\S+)", aff)
    enc = ENCODINGS.get(m.group(1).decode() if m else "UTF-8", "utf-8")
    lines = (HUNSPELL / f"{name}.dic").read_bytes().decode(enc).lstrip("\ufeff").splitlines()
    return [re.split(r"[/\t ]", line.strip(), maxsplit=1)[0] for line in lines[1:]]


def aspell_words(name):
    dump = subprocess.run(["aspell", "-d", name, "dump", "master"], check=True, capture_output=True).stdout
    expanded = subprocess.run(["aspell", "-l", name, "expand"], input=dump, check=True,
                              capture_output=True).stdout.decode()
    return expanded.split()


def keep(word):
    return (word and len(word) <= MAX_LEN and word[0].isalpha() and not word[0].isupper() and not any(c.isdigit() for c in word)
            and all(c.isalpha() or unicodedata.category(c).startswith("M") or c in "'’-" for c in word))


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for code, (kind, name, package) in SOURCES.items():
        words = hunspell_words(name) if kind == "hunspell" else aspell_words(name)
        kept = sorted({unicodedata.normalize("NFC", w).replace("’", "'") for w in words if keep(w)})
        data = "".join(f"{w}\t1\n" for w in kept).encode()
        write_gz(OUT / f"lex-{code}.tsv.gz", data)
        print(f"lex-{code}: {len(kept)} words from {package} ({name})")


if __name__ == "__main__":
    main()
