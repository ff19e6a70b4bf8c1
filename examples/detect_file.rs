//! Detects the language of each line of a file with Glossa's engine, for
//! scripts/bench_detect.py (side by side with lingua).
//!
//! Usage: detect_file [INPUT]  (stdin by default); prints one line per input
//! line: the detected language code and its score, tab-separated (`-` and 0
//! when nothing could be said). GLOSSA_DETECT_WEIGHTS="F,Q,L,U,E" overrides the
//! weights of the word evidence (engine::evidence::Weights: function words,
//! frequency for one word and for many, unlisted, English; then, optional, the
//! lexicon weight, the n-gram weight for one word and for many, its sharpness,
//! its value for a language without a model, the Kazakh margin), for tuning on
//! the dev split.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use glossa::engine::evidence::Weights;

fn main() -> ExitCode {
    let input: Box<dyn BufRead> = match std::env::args().nth(1) {
        Some(path) => match std::fs::File::open(&path) {
            Ok(f) => Box::new(std::io::BufReader::new(f)),
            Err(e) => {
                eprintln!("cannot read {path}: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => Box::new(std::io::stdin().lock()),
    };
    let mut weights = Weights::DEFAULT;
    if let Ok(spec) = std::env::var("GLOSSA_DETECT_WEIGHTS") {
        let w: Vec<f64> = spec.split(',').filter_map(|x| x.trim().parse().ok()).collect();
        let fields = [
            &mut weights.function_words,
            &mut weights.frequency,
            &mut weights.frequency_long,
            &mut weights.unlisted,
            &mut weights.english,
            &mut weights.lexicon,
            &mut weights.ngram,
            &mut weights.ngram_long,
            &mut weights.ngram_sharpness,
            &mut weights.ngram_unmodeled,
            &mut weights.kazakh_margin,
        ];
        if w.len() < 5 || w.len() > fields.len() {
            eprintln!("GLOSSA_DETECT_WEIGHTS wants 5 to 11 numbers: F,Q,L,U,E[,X,N,NL,NS,NU,K]");
            return ExitCode::from(2);
        }
        for (field, value) in fields.into_iter().zip(w) {
            *field = value;
        }
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in input.lines() {
        let Ok(line) = line else {
            eprintln!("the input is not UTF-8 text");
            return ExitCode::FAILURE;
        };
        let (code, score) = glossa::engine::detect::detect_with(&line, &weights)
            .map_or(("-", 0.0), |o| (o.best.language, o.best.score));
        if writeln!(out, "{code}\t{score:.3}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
