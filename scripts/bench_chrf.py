#!/usr/bin/env python3
"""chrF of the local engine's translations, per direction, on held-out human translations.

    python3 scripts/bench_chrf.py [--glossa target/release/glossa] [--before OLD_BINARY]
                                  [--split test] [--per-lang 300] [--langs de,fr,...]

The parallel set: the English messages (msgid) of the gettext catalogues that Debian packages
ship under /usr/share/locale and their human translations (msgstr), per locale. Catalogues are
split by domain (the .mo name) with the rule of scripts/detect_eval_set.py (md5 of the domain,
first byte even: `test`, else `dev`). Tune on `dev`; report `test`. Nothing here is bundled.

Kept: messages of 2 to 16 words once printf/markup noise is removed, without digits-only or
identifier-like text, where translation differs from the English; one per English text; a fixed
sample per locale. Each direction en→X translates the English, X→en the translation.

Systems, in one run: copy (the source as its own translation), Glossa (`glossa serve` on loopback,
through POST /translate in batches), the binary given with --before (the same way, e.g. the
build at the issue's filing), and Apertium where `apertium` and the pair's mode are installed.
chrF is sacrebleu's corpus chrF (character 6-grams, β=2), from a venv under
~/.cache/glossa-chrf (created on first use).
"""
import argparse
import gettext
import glob
import hashlib
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from detect_eval_set import clean, split_of  # noqa: E402  the detection set's split rule

CACHE = Path(os.environ.get("GLOSSA_CHRF_CACHE", Path.home() / ".cache" / "glossa-chrf"))
SACREBLEU = "sacrebleu==2.4.3"
# locale directory → the Translator's code. Debian's `pt` is European Portuguese.
LOCALES = {
    "ar": "ar", "bg": "bg", "cs": "cs", "da": "da", "de": "de", "el": "el", "es": "es",
    "fi": "fi", "fr": "fr", "hi": "hi", "hu": "hu", "id": "id", "it": "it", "ja": "ja",
    "ko": "ko", "nb": "nb", "nl": "nl", "pl": "pl", "pt_BR": "pt", "pt": "pt-PT", "ro": "ro",
    "ru": "ru", "sk": "sk", "sv": "sv", "tr": "tr", "uk": "uk", "vi": "vi",
    "zh_CN": "zh-Hans", "zh_TW": "zh-Hant",
}
KEY = "bench-chrf-key-0123456789"


def ensure_sacrebleu():
    try:
        import sacrebleu  # noqa: F401
        return
    except ImportError:
        pass
    venv = CACHE / "venv"
    py = venv / "bin" / "python3"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", SACREBLEU], check=True)
    os.execv(str(py), [str(py), *sys.argv])


def usable(src, dst):
    words = src.split()
    if not 2 <= len(words) <= 16 or not dst or dst == src:
        return False
    letters = sum(c.isalpha() for c in src)
    if letters < 0.6 * len(src.replace(" ", "")) or re.search(r"[A-Za-z]+[A-Z_][A-Za-z]*_", src):
        return False
    return not re.search(r"\b[A-Z]{2,}_|::|=>|\bTODO\b", src)


def in_split(domain, split):
    """`test` and `dev` by the detection set's rule; `dev-a` and `dev-b` halve `dev`
    (by another byte of the md5): senses learned on one half are scored on the other."""
    if split in ("test", "dev"):
        return split_of(domain) == split
    half = "dev-a" if hashlib.md5(domain.encode()).digest()[1] % 2 == 0 else "dev-b"
    return split_of(domain) == "dev" and half == split


def messages(locale, split, root="/usr/share/locale"):
    """(domain, English, translation) of the split's catalogues for the locale, cleaned."""
    for path in sorted(glob.glob(f"{root}/{locale}/LC_MESSAGES/*.mo")):
        if not in_split(Path(path).stem, split):
            continue
        try:
            with open(path, "rb") as f:
                cat = gettext.GNUTranslations(f)._catalog
        except Exception:
            continue
        for key, msgstr in sorted(cat.items(), key=lambda kv: str(kv[0])):
            if isinstance(key, tuple) or not key or not isinstance(msgstr, str):
                continue
            yield Path(path).stem, clean(key), clean(msgstr)


def pairs(locale, split, per_lang, seed):
    seen, out = set(), []
    for _, src, dst in messages(locale, split):
        if usable(src, dst) and src not in seen:
            seen.add(src)
            out.append((src, dst))
    random.Random(f"{seed}-{locale}").shuffle(out)
    return out[:per_lang]


def sources(locale, split):
    """Every cleaned English message of the split's catalogues for the locale."""
    return {src for _, src, _ in messages(locale, split)}


class Server:
    """`glossa serve` on a free loopback port."""

    def __init__(self, binary):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        env = dict(os.environ, GLOSSA_SERVE_KEY=KEY, GLOSSA_LOG="error")
        self.proc = subprocess.Popen(
            [binary, "serve", "--addr", f"127.0.0.1:{self.port}"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                self.get("/languages?api-version=3.0&scope=translation")
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit(f"{binary} serve did not answer")

    def get(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=30) as r:
            return json.load(r)

    def translate(self, texts, src, dst):
        out = []
        for i in range(0, len(texts), 100):
            body = json.dumps([{"Text": t} for t in texts[i:i + 100]]).encode()
            req = urllib.request.Request(
                f"http://127.0.0.1:{self.port}/translate?api-version=3.0&from={src}&to={dst}",
                data=body, method="POST",
                headers={"Content-Type": "application/json", "Ocp-Apim-Subscription-Key": KEY})
            try:
                with urllib.request.urlopen(req, timeout=120) as r:
                    out += [item["translations"][0]["text"] for item in json.load(r)]
            except urllib.error.HTTPError as e:
                return None if e.code == 400 else sys.exit(f"{src}→{dst}: HTTP {e.code}")
        return out

    def close(self):
        self.proc.terminate()
        self.proc.wait()


def apertium(texts, src, dst):
    if not shutil.which("apertium"):
        return None
    modes = subprocess.run(["apertium", "-l"], capture_output=True, text=True).stdout.split()
    mode = next((m for m in modes if m in (f"{src}-{dst}", f"{a3(src)}-{a3(dst)}")), None)
    if mode is None:
        return None
    run = subprocess.run(["apertium", "-u", mode], input="\n".join(texts) + "\n",
                         capture_output=True, text=True)
    lines = run.stdout.rstrip("\n").split("\n")
    return lines if len(lines) == len(texts) else None


def a3(code):
    return {"en": "eng", "es": "spa", "fr": "fra", "ca": "cat", "pt": "por", "it": "ita",
            "de": "deu", "nl": "nld", "sv": "swe", "da": "dan", "nb": "nob"}.get(code, code)


class Near:
    """The English messages of a set, to ask whether a text nearly is one of them: the
    Jaccard similarity of their lower-case word sets is 0.5 or more."""

    def __init__(self, texts):
        self.sets, self.index = [], {}
        for text in texts:
            words = frozenset(re.findall(r"\w+", text.lower()))
            if words:
                for w in words:
                    self.index.setdefault(w, []).append(len(self.sets))
                self.sets.append(words)

    def has(self, text):
        words = set(re.findall(r"\w+", text.lower()))
        shared = {}
        for w in words:
            for i in self.index.get(w, ()):
                shared[i] = shared.get(i, 0) + 1
        return any(n / len(words | self.sets[i]) >= 0.5 for i, n in shared.items())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--glossa", default="target/release/glossa")
    ap.add_argument("--before", help="an older glossa binary scored in the same run")
    ap.add_argument("--split", default="test", choices=["test", "dev", "dev-a", "dev-b"])
    ap.add_argument("--per-lang", type=int, default=300)
    ap.add_argument("--seed", default="glossa-chrf-1")
    ap.add_argument("--langs", help="comma-separated codes (default: every one in scope)")
    ap.add_argument("--dump", help="directory for sources, references and outputs")
    ap.add_argument("--unseen-by", choices=["dev", "dev-a"],
                    help="drop messages whose English is also a message of that split's catalogues "
                         "(what the sense tables were learned from)")
    ap.add_argument("--far-from", metavar="DIR",
                    help="drop messages whose English shares half its words or more (Jaccard of "
                         "the word sets) with a dev-split message of the locale's catalogues "
                         "under DIR (scripts/fetch_catalogues.py: what build_senses --extra read)")
    a = ap.parse_args()
    ensure_sacrebleu()
    from sacrebleu.metrics import CHRF
    chrf = CHRF()

    def score(hyps, refs):
        return None if hyps is None else chrf.corpus_score(hyps, [refs]).score

    now = Server(a.glossa)
    before = Server(a.before) if a.before else None
    try:
        scope = set(now.get("/languages?api-version=3.0&scope=translation")["translation"])
        wanted = set(a.langs.split(",")) if a.langs else None
        rows = []
        for locale, code in LOCALES.items():
            if code not in scope or (wanted and code not in wanted):
                continue
            data = pairs(locale, a.split, a.per_lang, a.seed)
            if a.unseen_by:
                seen = sources(locale, a.unseen_by)
                data = [p for p in data if p[0] not in seen]
            if a.far_from:
                near = Near(src for _, src, _ in messages(locale, "dev", root=a.far_from))
                data = [p for p in data if not near.has(p[0])]
            if len(data) < 30:
                print(f"skip {code}: {len(data)} pairs", file=sys.stderr)
                continue
            en, xx = [p[0] for p in data], [p[1] for p in data]
            for src, dst, texts, refs in (("en", code, en, xx), (code, "en", xx, en)):
                hyp = now.translate(texts, src, dst)
                old = before.translate(texts, src, dst) if before else None
                ap_out = apertium(texts, src, dst)
                if a.dump:
                    d = Path(a.dump) / f"{src}-{dst}"
                    d.mkdir(parents=True, exist_ok=True)
                    for name, lines in (("src", texts), ("ref", refs), ("glossa", hyp), ("before", old)):
                        if lines is not None:
                            (d / f"{name}.txt").write_text("\n".join(lines) + "\n")
                rows.append((f"{src}→{dst}", len(texts), score(texts, refs), score(old, refs),
                             score(hyp, refs), score(ap_out, refs)))
                print(f"{rows[-1][0]} done", file=sys.stderr)
    finally:
        now.close()
        if before:
            before.close()

    def f(x):
        return "—" if x is None else f"{x:.1f}"

    print(f"\nchrF, {a.split} split, up to {a.per_lang} messages per language (seed {a.seed})\n")
    print("| direction | messages | copy | before | Glossa | Δ before | Apertium |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for d, n, cp, old, new, apx in rows:
        delta = f"{new - old:+.1f}" if old is not None and new is not None else "—"
        print(f"| {d} | {n} | {f(cp)} | {f(old)} | {f(new)} | {delta} | {f(apx)} |")
    met = [r for r in rows if r[4] is not None]
    print(f"\nmean Glossa {sum(r[4] for r in met) / max(1, len(met)):.1f} over {len(met)} directions;"
          f" ≥ 35: {sum(r[4] >= 35 for r in met)}")


if __name__ == "__main__":
    main()
