#!/usr/bin/env python3
"""Builds assets/profanity/<language>.txt from the npm package naughty-words.

naughty-words packages the "List of Dirty, Naughty, Obscene, and Otherwise Bad Words"
(LDNOOBW, by Shutterstock, Inc. and contributors) under CC-BY-4.0; the script checks the
license field of its package.json and copies its LICENSE.

Usage: scripts/build_profanity.py
  Fetches the tarball with `npm pack naughty-words@VERSION` into
  $GLOSSA_ASSET_CACHE/npm (default /tmp/glossa-asset-cache) unless it is already there.
  Python 3.11, stdlib only (and npm on the PATH for the download).

Output: one file per language, named with the service's language code (zh -> zh-Hans,
no -> nb, tlh -> tlh-Latn, fr-CA-u-sd-caqc -> fr-CA, which also gets the French list),
one entry per line, trimmed, without duplicates, in the package's order. Plus LICENSE
and ATTRIBUTION.md.
"""
import io
import json
import os
import subprocess
import sys
import tarfile

PACKAGE, VERSION = "naughty-words", "1.2.0"
ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
OUT_DIR = os.path.join(ROOT, "assets", "profanity")
# Package code -> the code the service uses.
RENAME = {"zh": "zh-Hans", "no": "nb", "tlh": "tlh-Latn", "fr-CA-u-sd-caqc": "fr-CA"}
# Lists that extend another one (Quebec French swears are French too).
EXTENDS = {"fr-CA-u-sd-caqc": "fr"}


def fetch() -> str:
    cache = os.path.join(os.environ.get("GLOSSA_ASSET_CACHE", "/tmp/glossa-asset-cache"), "npm")
    os.makedirs(cache, exist_ok=True)
    tgz = os.path.join(cache, f"{PACKAGE}-{VERSION}.tgz")
    if not os.path.exists(tgz):
        subprocess.run(["npm", "pack", "--silent", f"{PACKAGE}@{VERSION}"], cwd=cache, check=True,
                       stdout=subprocess.DEVNULL)
    return tgz


def main() -> None:
    with tarfile.open(fetch()) as tar:
        files = {m.name.removeprefix("package/"): tar.extractfile(m).read()
                 for m in tar.getmembers() if m.isfile()}
    meta = json.loads(files["package.json"])
    if meta.get("license") != "CC-BY-4.0" or meta.get("version") != VERSION:
        sys.exit(f"unexpected package.json: license {meta.get('license')}, version {meta.get('version')}")
    lists = {name[:-5]: json.loads(data) for name, data in files.items()
             if name.endswith(".json") and "/" not in name
             and name not in ("package.json", "package-lock.json", "bower.json")}

    os.makedirs(OUT_DIR, exist_ok=True)
    total = 0
    for code in sorted(lists):
        entries = lists.get(EXTENDS.get(code, ""), []) + lists[code]
        seen, out = set(), []
        for entry in entries:
            entry = " ".join(entry.split())
            if entry and entry.casefold() not in seen:
                seen.add(entry.casefold())
                out.append(entry)
        data = ("\n".join(out) + "\n").encode("utf-8")
        total += len(data)
        with open(os.path.join(OUT_DIR, f"{RENAME.get(code, code)}.txt"), "wb") as f:
            f.write(data)
    with open(os.path.join(OUT_DIR, "LICENSE"), "wb") as f:
        f.write(files["LICENSE"])
    with open(os.path.join(OUT_DIR, "ATTRIBUTION.md"), "w", encoding="utf-8") as f:
        f.write(ATTRIBUTION.format(version=VERSION, count=len(lists),
                                   repo=meta["repository"]["url"].removeprefix("git+")))
    print(f"{len(lists)} lists, {total} bytes -> {os.path.relpath(OUT_DIR, ROOT)}")


ATTRIBUTION = """# Profanity word lists

The `*.txt` files are the {count} lists of the npm package `naughty-words` {version}, which packages
the "List of Dirty, Naughty, Obscene, and Otherwise Bad Words" ({repo}),
© 2012–2020 Shutterstock, Inc. and contributors, licensed under CC-BY-4.0 (`LICENSE` beside
this file, copied from the package).

Changes: the JSON arrays are written one entry per line, trimmed, with inner spaces collapsed
and repeated entries (ignoring case) dropped; files are named with the Translator language
codes (zh -> zh-Hans, no -> nb, tlh -> tlh-Latn, fr-CA-u-sd-caqc -> fr-CA, the last one
preceded by the French list). Made by `scripts/build_profanity.py`.

These lists contain material that many will find offensive; they are used only to find
such words for translate's profanityAction.
"""

if __name__ == "__main__":
    main()
