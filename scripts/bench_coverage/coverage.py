"""Coverage of the dictionaries of one or more glossa builds (see bench_coverage.sh)."""

import json
import os
import subprocess
import sys
import urllib.request

import wordfreq

TOP = 1000
# COVERAGE_FROM=1000: the next 1,000 words instead (ranks 1,001-2,000), a set the
# base-form rules were not written against.
SKIP = int(os.environ.get("COVERAGE_FROM", "0"))
KEY = "coverage-bench-key"


def serve(binary):
    env = dict(os.environ, GLOSSA_SERVE_KEY=KEY)
    p = subprocess.Popen([binary, "serve", "--addr", "127.0.0.1:0"], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline().strip()
    return p, line.removeprefix("listening on ")


def call(url, path, body=None):
    req = urllib.request.Request(url + path, data=None if body is None else json.dumps(body).encode(),
                                 headers={"Ocp-Apim-Subscription-Key": KEY,
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


def words(lang):
    code = {"zh-Hans": "zh", "nb": "nb"}.get(lang, lang)
    try:
        words = [w for w in wordfreq.top_n_list(code, (SKIP + TOP) * 2) if any(c.isalpha() for c in w)]
        return words[SKIP:SKIP + TOP]
    except (LookupError, ValueError):
        return []


def coverage(url, src, dst, ws):
    found = 0
    for i in range(0, len(ws), 10):
        batch = ws[i:i + 10]
        res = call(url, f"/dictionary/lookup?api-version=3.0&from={src}&to={dst}",
                   [{"Text": w} for w in batch])
        found += sum(1 for r in res if r["translations"])
    return found


def main(binaries):
    results, pairs = [], set()
    for b in binaries:
        p, url = serve(b)
        try:
            scope = call(url, "/languages?api-version=3.0&scope=dictionary")["dictionary"]
            row = {}
            for src, entry in scope.items():
                ws = words(src)
                for t in entry["translations"]:
                    if ws:
                        row[(src, t["code"])] = (coverage(url, src, t["code"], ws), len(ws))
                        pairs.add((src, t["code"]))
            results.append(row)
        finally:
            p.terminate()
            p.wait()
    names = [os.path.relpath(b) for b in binaries]
    print(f"| pair | words | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for pair in sorted(pairs, key=lambda p: (p[0] != "en", p)):
        n = next(r[pair][1] for r in results if pair in r)
        cells = [f"{r[pair][0] / n:.1%}" if pair in r else "—" for r in results]
        print(f"| {pair[0]}→{pair[1]} | {n} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
