#!/usr/bin/env python3
"""Sense tables of the gloss, learned from the dev split of the system's gettext catalogues.

    python3 scripts/build_senses.py [--split dev] [--out assets/senses]

Gathers, for each language in scope, the message pairs (English msgid, human msgstr) of the
catalogues under /usr/share/locale whose domain falls in the `dev` split of
scripts/bench_chrf.py (never `test`: the chrF table is reported on `test`), 1 to 30 words,
cleaned as the benchmark cleans them; then `cargo run --release --example build_senses` counts,
for each word the gloss would look up, which of its dictionary candidates the other side uses
(examples/build_senses/) and writes OUT/<from>-<to>.tsv. No message text is written, only
words with scores. The tables depend on the packages installed (their catalogues), like the
benchmark: rerun after installing more. `--split dev-a` learns from one half of dev, to be
scored on the other (`bench_chrf.py --split dev-b`).

`--extra DIR` (what scripts/fetch_catalogues.py prints) adds the catalogues of packages that are
not installed: of those, only domains in the same split that are not installed under
/usr/share/locale nor lists of places (PLACES), and only messages whose English (lower case,
letters and digits) is none of the held-out messages' (every installed catalogue outside the
split, in any locale: `test`, and `dev-b` when learning from `dev-a`), so that no message the
benchmark scores is learned.
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_chrf import LOCALES, messages  # noqa: E402

INSTALLED = Path("/usr/share/locale")
# Catalogues of place names, not of software text: libgweather's `West Bank` → zh-Hans
# `约旦河西岸` made `bank` → 岸.
PLACES = ("-locations", "-timezones")

# The languages the gloss translates to and from English.
SCOPE = ["ar", "bg", "cs", "de", "el", "es", "fi", "fr", "hi", "id", "it", "ja", "nb", "nl",
         "pl", "pt", "ru", "sv", "tr", "zh-Hans"]


def usable(src, dst):
    if not 1 <= len(src.split()) <= 30 or not dst or dst == src:
        return False
    letters = sum(c.isalpha() for c in src)
    if letters < 0.6 * len(src.replace(" ", "")) or re.search(r"[A-Za-z]+[A-Z_][A-Za-z]*_", src):
        return False
    return not re.search(r"\b[A-Z]{2,}_|::|=>|\bTODO\b", src)


def key(text):
    """What two messages share when they say the same: `Save _As…` ~ `save as`."""
    return " ".join(re.findall(r"\w+", text.lower()))


def held_out(split):
    """The English of every installed catalogue outside `split`, as keys."""
    out = set()
    for locale in LOCALES:
        for other in {"dev-a": ("test", "dev-b"), "dev-b": ("test", "dev-a")}.get(split, ("test",)):
            out |= {key(src) for _, src, _ in messages(locale, other)}
    return out


def pairs(locale, split, used, extra=None, unseen=None):
    """The usable pairs, one per English text; `used` counts them per catalogue. With
    `extra`, the catalogues under it too: domains not installed, English not `unseen`."""
    seen = set()
    installed = {p.stem for p in INSTALLED.glob("*/LC_MESSAGES/*.mo")}
    found = list(messages(locale, split))
    if extra:
        found += [m for m in messages(locale, split, root=extra)
                  if m[0] not in installed and not m[0].endswith(PLACES) and key(m[1]) not in unseen]
    for domain, src, dst in found:
        if "\t" not in src + dst and usable(src, dst) and src not in seen:
            seen.add(src)
            used[domain] = used.get(domain, 0) + 1
            yield src, dst, domain


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="dev", choices=["dev", "dev-a", "dev-b"])
    ap.add_argument("--out", default="assets/senses")
    ap.add_argument("--extra", help="catalogues of packages not installed (fetch_catalogues.py)")
    a = ap.parse_args()
    unseen = held_out(a.split) if a.extra else None
    sources = []
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
        for locale, code in LOCALES.items():
            if code not in SCOPE:
                continue
            used = {}
            for src, dst, domain in pairs(locale, a.split, used, a.extra, unseen):
                f.write(f"{code}\t{src}\t{dst}\t{domain}\n")
            sources += [f"{locale}\t{domain}\t{n}" for domain, n in sorted(used.items())]
            print(f"{code}: {sum(used.values())} pairs", file=sys.stderr)
    subprocess.run(["cargo", "run", "--release", "-q", "--example", "build_senses", "--", f.name, a.out],
                   check=True)
    Path(f.name).unlink()
    # Which catalogues the tables were learned from (locale, domain, message pairs).
    (Path(a.out) / "SOURCES.tsv").write_text("\n".join(sources) + "\n")


if __name__ == "__main__":
    main()
