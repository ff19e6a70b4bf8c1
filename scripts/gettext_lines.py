#!/usr/bin/env python3
"""Distinct translated messages of the system's gettext catalogues, one per line.

    python3 scripts/gettext_lines.py LOCALE OUT LIMIT --match RX [--skip RX] [--min BYTES]

Reads /usr/share/locale/LOCALE/LC_MESSAGES/*.mo in name order and writes to OUT each
distinct message (white space folded) that matches RX and not the --skip RX, up to
LIMIT bytes (lines included whole); fails when fewer than --min bytes came out.
Used by scripts/bench_translit.sh and scripts/roundtrip_cyrillic.sh.
"""

import argparse
import gettext
import glob
import re
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("locale")
    ap.add_argument("out")
    ap.add_argument("limit", type=int)
    ap.add_argument("--match", required=True)
    ap.add_argument("--skip")
    ap.add_argument("--min", type=int, default=0)
    a = ap.parse_args()
    want, skip = re.compile(a.match), re.compile(a.skip) if a.skip else None
    seen, lines, size = set(), [], 0
    for path in sorted(glob.glob(f"/usr/share/locale/{a.locale}/LC_MESSAGES/*.mo")):
        try:
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except Exception:
            continue
        for value in catalog.values():
            if not isinstance(value, str) or not want.search(value) or (skip and skip.search(value)):
                continue
            line = " ".join(value.split())
            if not line or line in seen or size + len(line.encode()) + 1 > a.limit:
                continue
            seen.add(line)
            lines.append(line)
            size += len(line.encode()) + 1
    if size < a.min:
        sys.exit(f"not enough {a.locale} text in the gettext catalogs ({size} bytes)")
    with open(a.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"corpus {a.locale}: {len(lines)} lines, {size} bytes")


if __name__ == "__main__":
    main()
