#!/usr/bin/env python3
"""Rebuild assets/morph/ from the package it comes from: the English irregular
forms of WordNet 3.0 (Debian wordnet-base, WordNet 3.0 license).

    python3 scripts/build_morph.py            # fetches into $GLOSSA_ASSET_CACHE

Output: assets/morph/en-exceptions.tsv, one line per inflected form:
`form TAB base[,base...]`, the bases in the order verb, noun, adjective,
adverb (WordNet's verb.exc, noun.exc, adj.exc, adv.exc), each once; forms
sorted; multi-word forms (`_` in WordNet) are left out, as the dictionary looks
up single words by their base. Plain text (the engine searches it in
place); a rerun is byte-identical. Needs `apt-get download` and `dpkg-deb`; stdlib only.
"""

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "morph"
CACHE = Path(os.environ.get("GLOSSA_ASSET_CACHE", "/tmp/glossa-asset-cache"))
FILES = ["verb.exc", "noun.exc", "adj.exc", "adv.exc"]


def fetch() -> Path:
    debs, root = CACHE / "debs", CACHE / "root" / "wordnet-base"
    debs.mkdir(parents=True, exist_ok=True)
    if not list(debs.glob("wordnet-base_*.deb")):
        subprocess.run(["apt-get", "download", "wordnet-base"], check=True, cwd=debs,
                       stdout=subprocess.DEVNULL)
    deb = sorted(debs.glob("wordnet-base_*.deb"))[-1]
    if not (root / "usr/share/wordnet/verb.exc").exists():
        root.mkdir(parents=True, exist_ok=True)
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return root / "usr/share/wordnet"


def main() -> None:
    src = fetch()
    bases: dict[str, list[str]] = {}
    for name in FILES:
        for line in (src / name).read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) < 2 or any("_" in p for p in parts):
                continue
            form, found = parts[0], parts[1:]
            out = bases.setdefault(form, [])
            out.extend(b for b in found if b != form and b not in out)
    rows = [f"{form}\t{','.join(b)}\n" for form, b in sorted(bases.items()) if b]
    OUT.mkdir(parents=True, exist_ok=True)
    data = "".join(rows).encode("utf-8")
    # Plain text, sorted by form: the binary searches it in place.
    (OUT / "en-exceptions.tsv").write_bytes(data)
    print(f"en-exceptions: {len(rows)} forms")


if __name__ == "__main__":
    main()
