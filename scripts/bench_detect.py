#!/usr/bin/env python3
"""Language detection of short text, Glossa vs lingua, in one run on the same items.

Reads the labelled set of scripts/detect_eval_set.py ($GLOSSA_DETECT_CACHE,
default ~/.cache/glossa-detect, /eval/test.tsv; `--split dev` for the tuning
split), runs Glossa's detector over every item (`cargo run --example
detect_file`) and lingua (PyPI lingua-language-detector, high accuracy mode,
from a venv in the cache dir; never needed by `cargo test`) restricted to
the languages both can name, and prints accuracy per length bucket and per
language.

Both are scored by base language: zh-Hans/zh-Hant → zh, sr-Cyrl/sr-Latn →
sr, pt-PT → pt, since lingua names neither the script nor the variety;
Glossa's strict score (the exact code) is given beside it.

    python3 scripts/detect_eval_set.py        # once: builds the set
    python3 scripts/bench_detect.py [--split test] [--release] [--per-language] [--before-bin PATH]
"""
import argparse
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("GLOSSA_DETECT_CACHE", Path.home() / ".cache/glossa-detect"))
LINGUA_VERSION = "2.1.1"
BUCKETS = ("word", "pair", "sentence")
BASE = {"zh-Hans": "zh", "zh-Hant": "zh", "sr-Cyrl": "sr", "sr-Latn": "sr", "pt-PT": "pt", "fil": "tl"}


def base(code):
    return BASE.get(code, code)


def lingua_python():
    venv = CACHE / f"lingua-{LINGUA_VERSION}"
    py = venv / "bin/python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin/pip"), "install", "-q",
                        f"lingua-language-detector=={LINGUA_VERSION}"], check=True)
    return py


LINGUA_SCRIPT = r"""
import sys
from lingua import Language, LanguageDetectorBuilder, IsoCode639_1
codes = sys.argv[1].split(",")
langs = [Language.from_iso_code_639_1(getattr(IsoCode639_1, c.upper())) for c in codes]
det = LanguageDetectorBuilder.from_languages(*langs).build()  # high accuracy is the default
texts = sys.stdin.read().split("\n")[:-1]
for lang in det.detect_languages_in_parallel_of(texts):
    print(lang.iso_code_639_1.name.lower() if lang else "-")
"""


def run_lingua(texts, codes):
    py = lingua_python()
    supported = subprocess.run([str(py), "-c", "import lingua; print(' '.join(l.iso_code_639_1.name.lower() "
                                "for l in lingua.Language.all()))"], check=True, capture_output=True,
                               text=True).stdout.split()
    langs = sorted({base(c) for c in codes} & set(supported))
    out = subprocess.run([str(py), "-c", LINGUA_SCRIPT, ",".join(langs)], input="\n".join(texts) + "\n",
                         check=True, capture_output=True, text=True).stdout.split("\n")[:-1]
    return out, langs


def run_glossa(texts, release, binary=None):
    cmd = [binary] if binary else ["cargo", "run", "--quiet", "--example", "detect_file"] + (["--release"] if release else [])
    out = subprocess.run(cmd, cwd=ROOT, input="\n".join(texts) + "\n", check=True, capture_output=True,
                         text=True).stdout.split("\n")[:-1]
    return [line.split("\t")[0] for line in out]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="test")
    ap.add_argument("--release", action="store_true")
    ap.add_argument("--per-language", action="store_true")
    ap.add_argument("--glossa-bin", help="a built examples/detect_file (default: cargo run)")
    ap.add_argument("--no-lingua", action="store_true", help="Glossa alone (faster while tuning)")
    ap.add_argument("--before-bin", help="an earlier build of examples/detect_file, scored in the same run")
    args = ap.parse_args()
    items = [line.rstrip("\n").split("\t", 2) for line in open(CACHE / "eval" / f"{args.split}.tsv")]
    items = [(lab, b, t.replace("\n", " ")) for lab, b, t in items]
    texts = [t for _, _, t in items]
    t0 = time.time()
    glossa = run_glossa(texts, args.release, args.glossa_bin)
    t1 = time.time()
    detectors = {"glossa": glossa}
    if args.before_bin:
        detectors["before"] = run_glossa(texts, False, args.before_bin)
    if not args.no_lingua:
        lingua, lingua_langs = run_lingua(texts, [lab for lab, _, _ in items])
        detectors["lingua"] = lingua
        print(f"lingua {LINGUA_VERSION} (high accuracy) restricted to {len(lingua_langs)} languages")
    t2 = time.time()
    assert all(len(v) == len(items) for v in detectors.values())
    hits = defaultdict(lambda: defaultdict(int))  # (detector, bucket|lang) -> count
    totals = defaultdict(int)
    per_lang = defaultdict(lambda: defaultdict(int))
    for i, (lab, bucket, _) in enumerate(items):
        totals[bucket] += 1
        totals[(lab, bucket)] += 1
        for name, out in detectors.items():
            ok = base(out[i]) == base(lab)
            hits[name][bucket] += ok
            per_lang[(name, lab)][bucket] += ok
        hits["glossa-strict"][bucket] += glossa[i] == lab
    labels = sorted({lab for lab, _, _ in items})
    print(f"{args.split}: {len(items)} items, {len(labels)} languages; glossa {t1 - t0:.1f}s, lingua {t2 - t1:.1f}s")
    print(f"{'':14}" + "".join(f"{b:>10}" for b in BUCKETS))
    for name in list(detectors) + ["glossa-strict"]:
        print(f"{name:14}" + "".join(f"{100 * hits[name][b] / totals[b]:9.1f}%" for b in BUCKETS))
    if args.per_language:
        print(f"\n{'lang':9}" + "".join(f"{n[:6] + ' ' + b[:4]:>12}" for b in BUCKETS for n in detectors))
        for lab in labels:
            cells = []
            for b in BUCKETS:
                for name in detectors:
                    n = totals[(lab, b)]
                    cells.append(f"{100 * per_lang[(name, lab)][b] / n:11.0f}%" if n else f"{'-':>12}")
            print(f"{lab:9}" + "".join(cells))


if __name__ == "__main__":
    main()
