#!/usr/bin/env python3
"""Build the labelled language-detection sets from gettext catalogues.

The human translations that Debian packages ship under
/usr/share/locale/<locale>/LC_MESSAGES/*.mo are labelled by their locale
(mapped to the Translator's codes below; English comes from the msgids).
Catalogues are split by domain (the .mo file name): a stable hash sends
each domain to `test` (the held-out set that scripts/bench_detect.py
reports) or to `dev` (free to tune on). A text drawn for `test` is never
in `dev`. Nothing here is bundled or used to build an asset.

From each split and language it draws, with a fixed seed, up to N single
words, N word pairs (two adjacent words of one translation) and N
sentences (a whole translation of 4+ words), each distinct, and writes
`label TAB bucket TAB text` lines to $GLOSSA_DETECT_CACHE (default
~/.cache/glossa-detect)/eval/{test,dev}.tsv.

    python3 scripts/detect_eval_set.py [--per-bucket 200]
"""
import argparse
import gettext
import hashlib
import os
import random
import re
import unicodedata
from pathlib import Path

LOCALE_DIR = Path("/usr/share/locale")
# locale directory → label. Debian's `pt` is European Portuguese.
LOCALES = {
    "af": "af", "ar": "ar", "be": "be", "bg": "bg", "bn": "bn", "ca": "ca", "cs": "cs",
    "cy": "cy", "da": "da", "de": "de", "el": "el", "eo": "eo", "es": "es", "et": "et",
    "fa": "fa", "fi": "fi", "fr": "fr", "gu": "gu", "he": "he", "hi": "hi", "hr": "hr",
    "hu": "hu", "hy": "hy", "id": "id", "it": "it", "ja": "ja", "ka": "ka", "kk": "kk",
    "ko": "ko", "lt": "lt", "lv": "lv", "mk": "mk", "mr": "mr", "nb": "nb", "nl": "nl",
    "pa": "pa", "pl": "pl", "pt_BR": "pt", "pt": "pt-PT", "pt_PT": "pt-PT", "ro": "ro",
    "ru": "ru", "sk": "sk", "sl": "sl", "sr": "sr-Cyrl", "sr@latin": "sr-Latn", "sv": "sv",
    "ta": "ta", "te": "te", "th": "th", "tr": "tr", "uk": "uk", "vi": "vi",
    "zh_CN": "zh-Hans", "zh_TW": "zh-Hant", "zh_HK": "zh-Hant",
}
UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
NOISE = [
    r"%(\([^)]*\))?[-+ #0-9.*$]*l*[a-zA-Z%]",  # printf and python formats
    r"\{[^}]*\}", r"<[^>]*>", r"&[a-z]+;", r"\$\{?[A-Za-z_]+\}?",
    r"\S+@\S+", r"[a-z]+://\S+", r"\S*[/\\]\S*", r"--?[a-z][-a-z]*",
]
NOISE_RE = re.compile("|".join(NOISE))


def split_of(domain):
    return "test" if hashlib.md5(domain.encode()).digest()[0] % 2 == 0 else "dev"


def clean(text):
    text = text.split("\x00")[0]
    text = NOISE_RE.sub(" ", text)
    text = re.sub(r"_(?=\w)|&(?=\w)", "", text)  # mnemonics
    text = re.sub(r"\s+", " ", text).strip()
    return text


def is_word_char(c):
    return unicodedata.category(c)[0] in "LM"


def tokens(text):
    """Runs of letters and marks, joined by inner apostrophes and hyphens."""
    out, cur = [], ""
    for i, c in enumerate(text):
        inner = c in "'’-" and cur and i + 1 < len(text) and is_word_char(text[i + 1])
        if is_word_char(c) or inner:
            cur += c
        elif cur:
            out.append(cur)
            cur = ""
    return out + ([cur] if cur else [])


def words_of(text):
    """Words, split at script changes for CJK and Thai (written without spaces)."""
    out = []
    for tok in tokens(text):
        if UNSPACED.search(tok):
            out.extend(m.group(0) for m in re.finditer(
                r"[\u3040-\u309f]+|[\u30a0-\u30ff]+|[\u3400-\u9fff\uf900-\ufaff]+|[\u0e00-\u0e7f]+|[^\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u0e00-\u0e7f]+", tok))
        else:
            out.append(tok)
    return out


def letters(text):
    return sum(1 for c in text if unicodedata.category(c).startswith(("L", "M")))


def usable_word(w, src_words):
    if w.lower() in src_words or any(c.isdigit() for c in w):
        return False
    if UNSPACED.search(w):
        return 2 <= len(w) <= 6
    # All-caps or inner capitals: acronyms and identifiers.
    if len(w) > 1 and (w.isupper() or any(c.isupper() for c in w[1:])):
        return False
    return len(w) >= 3


def catalogue_texts(path, english):
    try:
        with open(path, "rb") as f:
            cat = gettext.GNUTranslations(f)._catalog
    except Exception:
        return
    for key, msgstr in cat.items():
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid or not msgstr:
            continue
        src, dst = clean(msgid), clean(msgstr)
        if english:
            yield src, set()
        elif dst and dst != src:
            yield dst, {w.lower() for w in words_of(src)}


def draw(texts, n, rng):
    words, pairs, sentences = set(), set(), set()
    for text, src_words in texts:
        ws = words_of(text)
        for w in ws:
            if usable_word(w, src_words):
                words.add(w)
        for a, b in zip(ws, ws[1:]):
            if usable_word(a, src_words) and usable_word(b, src_words):
                sep = "" if UNSPACED.search(a + b) and f"{a}{b}" in text else " "
                if f"{a}{sep}{b}" in text:
                    pairs.add(f"{a}{sep}{b}")
        unspaced = UNSPACED.search(text)
        enough = len(text) >= 10 if unspaced else len(ws) >= 4
        if enough and len(text) <= 200 and letters(text) >= 0.6 * len(text) and "\n" not in text:
            sentences.add(text)
    pick = lambda s: rng.sample(sorted(s), min(n, len(s)))  # noqa: E731
    return {"word": pick(words), "pair": pick(pairs), "sentence": pick(sentences)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-bucket", type=int, default=200)
    args = ap.parse_args()
    cache = Path(os.environ.get("GLOSSA_DETECT_CACHE", Path.home() / ".cache/glossa-detect")) / "eval"
    cache.mkdir(parents=True, exist_ok=True)
    sources = list(LOCALES.items()) + [("en_GB", "en")]
    drawn = {"test": {}, "dev": {}}
    for split in ("test", "dev"):
        for locale, label in sources:
            texts = []
            for mo in sorted((LOCALE_DIR / locale / "LC_MESSAGES").glob("*.mo")):
                if split_of(mo.stem) == split:
                    texts.extend(catalogue_texts(mo, english=label == "en"))
            # Nothing of the held-out set may reach dev.
            held = {t for items in drawn["test"].get(label, {}).values() for t in items}
            rng = random.Random(f"glossa-detect-{split}-{label}")
            got = draw(texts, args.per_bucket, rng)
            prev = drawn[split].setdefault(label, {"word": [], "pair": [], "sentence": []})
            for bucket, items in got.items():
                room = args.per_bucket - len(prev[bucket])
                prev[bucket].extend([i for i in items if i not in prev[bucket] and i not in held][:room])
    for split, by_label in drawn.items():
        with open(cache / f"{split}.tsv", "w") as f:
            for label in sorted(by_label):
                for bucket in ("word", "pair", "sentence"):
                    for item in by_label[label][bucket]:
                        f.write(f"{label}\t{bucket}\t{item}\n")
        counts = {lab: [len(v[b]) for b in ("word", "pair", "sentence")] for lab, v in by_label.items()}
        thin = {lab: c for lab, c in counts.items() if min(c) < args.per_bucket}
        print(f"{split}: {len(by_label)} languages, {sum(map(sum, counts.values()))} items; short: {thin}")


if __name__ == "__main__":
    main()
