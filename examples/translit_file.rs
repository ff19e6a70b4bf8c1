//! Transliterates a file with Glossa's engine, for benchmarks against
//! `uconv -x` (scripts/bench_translit.sh).
//!
//! Usage: translit_file LANGUAGE FROM TO [INPUT [OUTPUT]]  (stdin/stdout by default)
//! e.g.   translit_file ru Cyrl Latn corpus.txt out.txt

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [language, from, to, rest @ ..] = args.as_slice() else {
        eprintln!("usage: translit_file LANGUAGE FROM TO [INPUT [OUTPUT]]");
        return ExitCode::from(2);
    };
    let mut text = String::new();
    let read = match rest.first() {
        Some(path) => std::fs::read_to_string(path).map(|t| text = t),
        None => std::io::stdin().read_to_string(&mut text).map(drop),
    };
    if let Err(e) = read {
        eprintln!("cannot read the input: {e}");
        return ExitCode::FAILURE;
    }
    let Some(out) = glossa::engine::translit::transliterate(language, from, to, &text) else {
        eprintln!("{language} {from}→{to} is not in the transliteration scope");
        return ExitCode::from(2);
    };
    let written = match rest.get(1) {
        Some(path) => std::fs::write(path, out),
        None => std::io::stdout().write_all(out.as_bytes()),
    };
    if let Err(e) = written {
        eprintln!("cannot write the output: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
