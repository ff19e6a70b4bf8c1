//! Converts the bundled dictionaries from their dictd sources to GLD, the
//! format the binary embeds (src/engine/dict/gld). Run by scripts/build_gld.sh.
//!
//! `build_gld [DIR]` (default assets/dict) reads DIR/manifest.tsv and, for each
//! dictionary `stem from to`, DIR/dictd/<stem>.index.gz + .dict.dz; writes
//! DIR/<stem>.gld (from→to) and, when no dictionary of the manifest goes
//! to→from, DIR/<stem>.inv.gld (its inversion by engine::dict::invert). Each
//! file is read back and every headword checked against the source before
//! the next is written (a DIR without a manifest has no dictionaries). The
//! word-frequency lists DIR/freq-<lang>.tsv.gz become fst maps,
//! DIR/freq-<lang>.fst (engine::dict::freq), and so do the word lists DIR/lex-<lang>.tsv.gz
//! and the character n-gram models DIR/ngram-<lang>.tsv.gz (assets/detect); with a manifest, the example
//! sentences DIR/../examples/<stem>.tsv.gz are indexed into <stem>.gex
//! (engine::examples). The same sources give the same bytes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use glossa::engine::dict::dictd::{Dictd, gunzip_text};
use glossa::engine::dict::entry::Entry;
use glossa::engine::dict::freq;
use glossa::engine::dict::gld::{Gld, write};
use glossa::engine::dict::invert::invert;
use glossa::engine::examples;

fn main() -> ExitCode {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "assets/dict".into()));
    match run(&dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("build_gld: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(dir: &Path) -> Result<(), String> {
    // A directory without a manifest (assets/detect) holds only frequency lists.
    let has_manifest = dir.join("manifest.tsv").exists();
    let manifest = match dir.join("manifest.tsv") {
        path if path.exists() => std::fs::read_to_string(path).map_err(|e| format!("manifest.tsv: {e}"))?,
        _ => String::new(),
    };
    let dicts: Vec<(&str, &str, &str)> = manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?, f.next()?, f.next()?))
        })
        .collect();
    for &(stem, from, to) in &dicts {
        let dict = Dictd::open(&dir.join("dictd").join(stem)).map_err(|e| format!("{stem}: {e}"))?;
        emit(dir, &format!("{stem}.gld"), &write::direct(&dict))?;
        let inverted = !dicts.iter().any(|&(_, f, t)| f == to && t == from);
        if inverted {
            emit(dir, &format!("{stem}.inv.gld"), &write::inverse(&invert(&dict)))?;
        }
    }
    // Frequency lists (freq-*) and, in assets/detect, the word lists of
    // spelling dictionaries (lex-*, every count 1) and the character n-gram
    // models (ngram-*, n-gram → quantized cost): the same format.
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".tsv.gz")?;
            ["freq-", "lex-", "ngram-"]
                .iter()
                .any(|p| stem.starts_with(p))
                .then(|| stem.to_owned())
        })
        .collect();
    names.sort();
    for name in names {
        let gz = std::fs::read(dir.join(format!("{name}.tsv.gz"))).map_err(|e| format!("{name}: {e}"))?;
        let text = gunzip_text(&gz).ok_or_else(|| format!("{name}.tsv.gz: damaged"))?;
        let counts = freq::parse_tsv(&text);
        let bytes = freq::write(&counts).map_err(|e| format!("{name}: {e}"))?;
        std::fs::write(dir.join(format!("{name}.fst")), &bytes).map_err(|e| format!("{name}: {e}"))?;
        let read = freq::Frequencies::new(Box::leak(bytes.into_boxed_slice()))
            .map_err(|e| format!("{name}: {e}"))?;
        if let Some((w, _)) = counts.iter().find(|&(w, n)| read.get(w) != Some(*n)) {
            return Err(format!("{name}.fst: {w:?} reads back wrong"));
        }
        println!("{name}.fst: {} words", counts.len());
    }
    // The example sentences go with the dictionaries (assets/dict), not with
    // assets/detect.
    if has_manifest {
        sentences(&dir.join("../examples"))?;
    }
    Ok(())
}

/// Indexes each bundled sentence corpus, EXAMPLES/<stem>.tsv.gz → <stem>.gex.
fn sentences(dir: &Path) -> Result<(), String> {
    for stem in examples::CORPORA {
        let gz = std::fs::read(dir.join(format!("{stem}.tsv.gz"))).map_err(|e| format!("{stem}: {e}"))?;
        let text = gunzip_text(&gz).ok_or_else(|| format!("{stem}.tsv.gz: damaged"))?;
        let bytes = examples::index_corpus(stem, &text).ok_or_else(|| format!("{stem}: no such corpus"))?;
        std::fs::write(dir.join(format!("{stem}.gex")), &bytes).map_err(|e| format!("{stem}: {e}"))?;
        println!("{stem}.gex: {:.1} MB", bytes.len() as f64 / 1e6);
    }
    Ok(())
}

/// Writes one file, then reads every headword back.
fn emit(dir: &Path, name: &str, records: &BTreeMap<String, Vec<Entry>>) -> Result<(), String> {
    let bytes = write::write_map(records).map_err(|e| format!("{name}: {e}"))?;
    std::fs::write(dir.join(name), &bytes).map_err(|e| format!("{name}: {e}"))?;
    let gld = Gld::new(Box::leak(bytes.into_boxed_slice())).map_err(|e| format!("{name}: {e}"))?;
    if gld.len() != records.len() {
        return Err(format!(
            "{name}: {} headwords written, {} read",
            records.len(),
            gld.len()
        ));
    }
    for (key, entries) in records {
        let read = gld.get(key).map_err(|e| format!("{name} {key:?}: {e}"))?;
        if &read != entries {
            return Err(format!("{name} {key:?}: the entries read back differ"));
        }
    }
    let size = std::fs::metadata(dir.join(name)).map(|m| m.len()).unwrap_or(0);
    println!("{name}: {} headwords, {:.1} MB", records.len(), size as f64 / 1e6);
    Ok(())
}
