#!/usr/bin/env bash
# Converts the bundled dictionaries from their dictd sources (assets/dict/dictd/,
# written by build_dicts.py) to the GLD files the binary embeds (assets/dict/*.gld:
# each dictionary's direction, and *.inv.gld, its inversion, where no bundled
# dictionary goes the other way), and the word-frequency lists freq-*.tsv.gz to
# fst maps (freq-*.fst), also those of assets/detect, and the example sentences
# (assets/examples/*.tsv.gz) to their indexes (*.gex). Byte-identical output for the
# same sources.
#
# The converter (examples/build_gld.rs) links the library, which embeds the GLD
# files and the indexes: missing ones are first created empty so that it compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
while IFS=$'\t' read -r stem _; do
  case "$stem" in '#'* | '') continue ;; esac
  for f in "assets/dict/$stem.gld" "assets/dict/$stem.inv.gld"; do
    [ -e "$f" ] || : >"$f"
  done
done <assets/dict/manifest.tsv
for tsv in assets/dict/freq-*.tsv.gz assets/detect/freq-*.tsv.gz assets/detect/lex-*.tsv.gz assets/detect/ngram-*.tsv.gz; do
  fst=${tsv%.tsv.gz}.fst
  [ -e "$fst" ] || : >"$fst"
done
for stem in zh-en de-en; do
  [ -e "assets/examples/$stem.gex" ] || : >"assets/examples/$stem.gex"
done
cargo run --quiet --release --example build_gld -- assets/dict
# The lists of language detection that assets/dict has not (build_detect_words.py,
# build_detect_lexicons.py, build_detect_ngrams.py).
cargo run --quiet --release --example build_gld -- assets/detect
# Placeholders of inversions the converter did not need.
find assets/dict -maxdepth 1 -name '*.inv.gld' -empty -delete
