#!/usr/bin/env python3
"""Word-frequency lists for language detection (assets/detect/freq-<lang>.tsv.gz).

Language detection weighs a text's words by how common they are in each
candidate language (src/engine/evidence.rs). The languages that already have
a list in assets/dict (scripts/build_bilingual.py) share it; this writes the
others that wordfreq 3.1.1 (CC-BY-SA 4.0) has, in the same format: the 30,000
most frequent words, `word TAB count per 10 million words`, most frequent
first. wordfreq's `sh` (Serbo-Croatian, Latin script) is written as `hr` and
serves hr, bs and sr-Latn. scripts/build_freq_fst.sh turns them into fst maps.
Run by scripts/build_assets.sh in the wordfreq venv:

    python3 -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq==3.1.1
    /tmp/wf/bin/python scripts/build_detect_words.py
"""
from pathlib import Path

from wordfreq import get_frequency_dict, top_n_list

from gz import write_gz

OUT = Path(__file__).resolve().parent.parent / "assets/detect"
# wordfreq's code → ours.
LANGS = {"ca": "ca", "da": "da", "fa": "fa", "fil": "fil", "he": "he", "hu": "hu", "lt": "lt",
         "lv": "lv", "mk": "mk", "ro": "ro", "sh": "hr", "sk": "sk", "sl": "sl", "uk": "uk",
         "ur": "ur", "vi": "vi"}
TOP = 30000


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for wf, ours in LANGS.items():
        freqs = get_frequency_dict(wf)
        rows = [(w, max(1, round(freqs.get(w, 0.0) * 1e7))) for w in top_n_list(wf, TOP) if "\t" not in w]
        rows.sort(key=lambda kv: (-kv[1], kv[0]))
        data = "".join(f"{w}\t{n}\n" for w, n in rows).encode()
        write_gz(OUT / f"freq-{ours}.tsv.gz", data)
        print(f"freq-{ours}: {len(rows)} words")


if __name__ == "__main__":
    main()
