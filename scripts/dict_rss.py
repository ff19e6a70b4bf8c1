#!/usr/bin/env python3
"""Peak RSS of `glossa serve` after 1,000 dictionary look-ups in every bundled direction.

    python3 scripts/dict_rss.py [GLOSSA_BINARY ...]     # default target/release/glossa
    PAIRS=en-de,en-fr,en-es,en-it,en-pt,en-ru TRANSLATE=de,fr,es,it,pt,ru python3 scripts/dict_rss.py

PAIRS keeps only those directions; TRANSLATE adds, after the look-ups, one
translation of a paragraph from English into those languages at once.

For each binary: starts `glossa serve` on a free loopback port under `/usr/bin/time -v`,
sends 1,000 POST /dictionary/lookup requests (one word each, keep-alive) for every
direction of the bundled dictionaries (assets/dict/manifest.tsv, both ways), stops it
with SIGTERM and prints `BENCH <name> peak_rss <MiB> MiB` with the requests' wall time.
The words are spread over each dictionary's source (assets/dict/dictd/): its headwords
one way, the translations its entries list the other way.
"""

import gzip
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DICT = ROOT / "assets" / "dict"
N = 1000
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def b64(s):
    n = 0
    for c in s:
        n = n * 64 + DIGITS.index(c)
    return n


def spread(words, n=N):
    words = sorted(set(w for w in words if w and len(w) < 40))
    step = max(len(words) // n, 1)
    return words[::step][:n]


def words_of(stem):
    """(headwords, translations) of a dictd source."""
    index = gzip.open(DICT / "dictd" / f"{stem}.index.gz").read().decode()
    body = gzip.open(DICT / "dictd" / f"{stem}.dict.dz").read()
    heads, targets = [], []
    for line in index.splitlines():
        word, off, length = line.split("\t")[:3]
        if word.startswith("00"):
            continue
        heads.append(word)
        entry = body[b64(off) : b64(off) + b64(length)].decode(errors="replace").splitlines()
        for sense in entry[1:2]:
            sense = re.sub(r"^\d+\.\s*", "", sense.strip())
            targets += [t.strip() for t in re.split(r"[,;]", sense) if re.fullmatch(r"\w[\w ]*", t.strip())]
    return spread(heads), spread(targets)


def directions():
    out = []
    for line in (DICT / "manifest.tsv").read_text().splitlines():
        if line.startswith("#"):
            continue
        stem, a, b = line.split("\t")[:3]
        heads, targets = words_of(stem)
        out.append((a, b, heads))
        if not any(d[0] == b and d[1] == a for d in out):
            out.append((b, a, targets))
    # A direction with its own dictionary uses that dictionary's headwords.
    keep = set(filter(None, os.environ.get("PAIRS", "").split(",")))
    seen, final = set(), []
    for a, b, words in out:
        if (a, b) not in seen and (not keep or f"{a}-{b}" in keep):
            seen.add((a, b))
            final.append((a, b, words))
    return final


def measure(binary, dirs):
    env = dict(os.environ, GLOSSA_SERVE_KEY="rss-key", GLOSSA_DICTD_DIR="/nonexistent")
    proc = subprocess.Popen(
        ["/usr/bin/time", "-v", binary, "serve", "--addr", "127.0.0.1:0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
    )
    first = proc.stdout.readline()
    host, port = re.search(r"http://([\d.]+):(\d+)", first).groups()
    conn = http.client.HTTPConnection(host, int(port))
    headers = {"Ocp-Apim-Subscription-Key": "rss-key", "Content-Type": "application/json"}
    start, found, sent = time.monotonic(), 0, 0
    glossa = None
    peak = (0, "")

    def sample():
        # The largest RSS seen every 50 requests, with its anonymous/file split.
        nonlocal glossa, peak
        if glossa is None:
            pids = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
            glossa = pids[0] if pids else ""
        try:
            status = Path(f"/proc/{glossa}/status").read_text()
        except OSError:
            return
        fields = dict(re.findall(r"^(VmRSS|RssAnon|RssFile):\s+(\d+)", status, re.M))
        if int(fields.get("VmRSS", 0)) > peak[0]:
            peak = (int(fields["VmRSS"]), f"RssAnon {int(fields['RssAnon']) / 1024:.1f} RssFile {int(fields['RssFile']) / 1024:.1f}")

    for a, b, words in dirs:
        for w in words:
            conn.request("POST", f"/dictionary/lookup?api-version=3.0&from={a}&to={b}",
                         json.dumps([{"Text": w}]), headers)
            reply = conn.getresponse()
            data = json.loads(reply.read())
            sent += 1
            found += bool(reply.status == 200 and data[0]["translations"])
            if sent % 50 == 0:
                sample()
    targets = os.environ.get("TRANSLATE")
    if targets:
        text = ("I have a bank account and a small house by the river. The children went to school "
                "early this morning, and we will meet them at the station after work. ") * 20
        query = "".join(f"&to={t}" for t in targets.split(","))
        conn.request("POST", f"/translate?api-version=3.0&from=en{query}", json.dumps([{"Text": text}]), headers)
        reply = conn.getresponse()
        reply.read()
        sent += 1
        found += reply.status == 200
        sample()
    wall = time.monotonic() - start
    conn.close()
    # /usr/bin/time's child is glossa: signal it, not time.
    child = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
    split = ""
    for pid in child:
        status = Path(f"/proc/{pid}/status").read_text()
        split = " ".join(f"{k} {int(v) / 1024:.1f}" for k, v in re.findall(r"^(RssAnon|RssFile):\s+(\d+)", status, re.M))
        os.kill(int(pid), signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", err).group(1))
    return kb / 1024, wall, found, sent, f"{split}; largest sample: {peak[1]}"


def main():
    binaries = sys.argv[1:] or [str(ROOT / "target/release/glossa")]
    dirs = directions()
    print(f"{len(dirs)} directions: " + " ".join(f"{a}>{b}:{len(w)}" for a, b, w in dirs))
    for binary in binaries:
        mib, wall, found, sent, split = measure(binary, dirs)
        print(f"BENCH {binary} peak_rss {mib:.1f} MiB ({sent} look-ups, {found} found, {wall:.1f} s; at the end, MiB: {split})")


if __name__ == "__main__":
    main()
