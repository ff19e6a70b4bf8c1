//! The one-shot commands and the user's history: `glossa translate` and
//! `glossa lookup` record what a person asked (stdout a terminal), never
//! what a script pipes through them, and `glossa history` lists or searches
//! what was recorded.
//!
//! Recording happens when stdout is a terminal and `--no-history` is not
//! given; `GLOSSA_RECORD_HISTORY=1` forces it (tests, a wrapper script that
//! wants it), `GLOSSA_RECORD_HISTORY=0` turns it off. When the store cannot
//! be used (no data directory, a newer schema), nothing is recorded and one
//! line on stderr says so; the command itself never fails for it.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Args;

use crate::api::model::{LookupResult, TranslateResult};
use crate::store::Store;
use crate::store::history::{Entry, NewEntry, Rendition};
use crate::store::lookups::{Lookup, NewLookup};

/// The variable that forces recording on (1) or off (0).
pub const RECORD_ENV: &str = "GLOSSA_RECORD_HISTORY";

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// Words to search for in the sources and translations (or the terms, with --lookups); all must occur.
    #[arg(value_name = "QUERY")]
    pub query: Vec<String>,
    /// The dictionary look-ups instead of the translations.
    #[arg(long)]
    pub lookups: bool,
    /// How many to print, newest first.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub limit: u32,
    /// Print the entries as JSON (times in seconds since the epoch).
    #[arg(long)]
    pub json: bool,
}

/// Whether this run records: not with `--no-history`; else as
/// [`RECORD_ENV`] says, else when stdout is a terminal.
pub fn recording(no_history: bool) -> bool {
    if no_history {
        return false;
    }
    match std::env::var(RECORD_ENV).as_deref() {
        Ok("1") => true,
        Ok("0") => false,
        _ => std::io::stdout().is_terminal(),
    }
}

/// The user's store, or `None` with one line on stderr.
fn store() -> Option<Store> {
    let opened = Store::default_path()
        .ok_or_else(|| "no data directory".to_owned())
        .and_then(|p| Store::open(&p).map_err(|e| e.to_string()));
    opened
        .map_err(|e| eprintln!("glossa: not recorded in the history: {e}"))
        .ok()
}

/// Records each text with its translations.
pub fn record_translations(texts: &[String], from: Option<&str>, to: &[String], results: &[TranslateResult]) {
    let Some(store) = store() else { return };
    for (text, r) in texts.iter().zip(results) {
        if text.trim().is_empty() {
            continue;
        }
        let entry = NewEntry {
            profile: String::new(),
            source: text.clone(),
            from: from.map(str::to_owned),
            detected: r.detected_language.as_ref().map(|d| d.language.clone()),
            targets: to.to_vec(),
            results: r
                .translations
                .iter()
                .map(|t| Rendition {
                    to: t.to.clone(),
                    text: t.text.clone(),
                })
                .collect(),
        };
        if let Err(e) = store.record_history(&entry) {
            eprintln!("glossa: not recorded in the history: {e}");
            return;
        }
    }
}

/// Records each term looked up with the number of translations found.
pub fn record_lookups(from: &str, to: &str, terms: &[String], results: &[LookupResult]) {
    let Some(store) = store() else { return };
    for (term, r) in terms.iter().zip(results) {
        let l = NewLookup {
            profile: String::new(),
            from: from.to_owned(),
            to: to.to_owned(),
            term: term.clone(),
            found: u32::try_from(r.translations.len()).unwrap_or(u32::MAX),
        };
        if let Err(e) = store.record_lookup(&l) {
            eprintln!("glossa: not recorded in the history: {e}");
            return;
        }
    }
}

/// `glossa history`: prints the newest matching entries (or look-ups).
pub fn run(args: HistoryArgs) -> ExitCode {
    let fail = |e: String| {
        eprintln!("glossa: history: {e}");
        ExitCode::from(2)
    };
    let Some(path) = Store::default_path() else {
        return fail("no data directory".to_owned());
    };
    let store = match Store::open(&path) {
        Ok(s) => s,
        Err(e) => return fail(e.to_string()),
    };
    let query = args.query.join(" ");
    let limit = args.limit as usize;
    let (out, n) = if args.lookups {
        match store.search_lookups(&query, limit) {
            Ok(found) => {
                let rows: Vec<Lookup> = found.into_iter().map(|f| f.lookup).collect();
                (print(&rows, args.json, lookups_text), rows.len())
            }
            Err(e) => return fail(e.to_string()),
        }
    } else {
        match store.search_history(&query, limit) {
            Ok(found) => {
                let rows: Vec<Entry> = found.into_iter().map(|f| f.entry).collect();
                (print(&rows, args.json, entries_text), rows.len())
            }
            Err(e) => return fail(e.to_string()),
        }
    };
    if n == 0 && !args.json {
        match query.trim() {
            "" => eprintln!("glossa: no history yet"),
            q => eprintln!("glossa: nothing matches '{q}'"),
        }
    }
    print!("{out}");
    ExitCode::SUCCESS
}

fn print<T: serde::Serialize>(rows: &[T], json: bool, text: fn(&[T]) -> String) -> String {
    if json {
        serde_json::to_string(rows).unwrap_or_else(|_| "[]".into()) + "\n"
    } else {
        text(rows)
    }
}

/// `2025-06-15 12:00 UTC` of unix seconds.
fn when(at: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp(at) {
        Ok(d) => format!(
            "{}-{:02}-{:02} {:02}:{:02} UTC",
            d.year(),
            u8::from(d.month()),
            d.day(),
            d.hour(),
            d.minute()
        ),
        Err(_) => at.to_string(),
    }
}

/// Each entry: time and languages, the source, then each translation.
fn entries_text(rows: &[Entry]) -> String {
    let mut out = String::new();
    for (i, e) in rows.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let from = e.from.as_deref().or(e.detected.as_deref()).unwrap_or("auto");
        let _ = writeln!(out, "{} · {from} → {}", when(e.updated), e.targets.join(", "));
        for line in e.source.lines() {
            let _ = writeln!(out, "  {line}");
        }
        let width = e.results.iter().map(|r| r.to.len()).max().unwrap_or(0);
        for r in &e.results {
            for (k, line) in r.text.lines().enumerate() {
                let label = if k == 0 { r.to.as_str() } else { "" };
                let _ = writeln!(out, "  {label:width$}  {line}");
            }
        }
    }
    out
}

/// One line per look-up.
fn lookups_text(rows: &[Lookup]) -> String {
    let mut out = String::new();
    for l in rows {
        let found = match l.found {
            0 => "not found".to_owned(),
            1 => "1 translation".to_owned(),
            n => format!("{n} translations"),
        };
        let _ = writeln!(
            out,
            "{}  {} → {}  {}  ({found})",
            when(l.at),
            l.from,
            l.to,
            l.term
        );
    }
    out
}
