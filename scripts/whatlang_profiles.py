#!/usr/bin/env python3
"""Extracts whatlang's trigram profiles into assets/whatlang/profiles.txt.

The engine scores trigrams with an inverted index over these profiles (see
src/engine/trigrams.rs); a test checks its scores equal whatlang's own, so the
profiles must come from the exact whatlang version in Cargo.lock (pinned =0.18.0).

Usage: scripts/whatlang_profiles.py [path/to/whatlang-0.18.0]
(default: the copy cargo unpacked under ~/.cargo/registry/src/)
Output lines: SCRIPT <TAB> lang-code <TAB> the 300 trigrams, concatenated (3 chars each).
"""
import glob
import os
import re
import sys

src = sys.argv[1] if len(sys.argv) > 1 else sorted(
    glob.glob(os.path.expanduser("~/.cargo/registry/src/*/whatlang-0.18.0")))[-1]
text = open(os.path.join(src, "src/trigrams/profiles.rs"), encoding="utf-8").read()
out = []
for m in re.finditer(r"pub static (\w+)_LANGS: LangProfileList = &\[(.*?)\n\];", text, re.S):
    script, body = m.group(1), m.group(2)
    for lm in re.finditer(r"Lang::(\w+),\s*&\[(.*?)\]", body, re.S):
        lang = lm.group(1).lower()
        tris = re.findall(r"Trigram\('(.)', '(.)', '(.)'\)", lm.group(2))
        assert len(tris) == 300, (script, lang, len(tris))
        joined = "".join(a + b + c for a, b, c in tris)
        assert "\t" not in joined and "\n" not in joined
        out.append(f"{script}\t{lang}\t{joined}")
dest = os.path.join(os.path.dirname(__file__), "..", "assets", "whatlang", "profiles.txt")
with open(dest, "w", encoding="utf-8") as f:
    f.write("\n".join(out) + "\n")
print(f"{len(out)} profiles -> {os.path.normpath(dest)}")
