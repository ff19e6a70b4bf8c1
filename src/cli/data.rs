//! The commands over the user's store (no service involved):
//! `glossa export history|glossary|lookups`, `glossa import glossary FILE`,
//! `glossa glossary list|add|remove`; and the glossary rules the one-shot
//! `glossa translate` applies.
//!
//! The store is `Store::default_path()` (`$XDG_DATA_HOME/glossa/glossa.db`).
//! Reading commands do not create it: without one, an export is its header
//! alone and a list is empty. Exit codes as the other one-shot commands: 0
//! done, 2 bad usage or input (nothing written), 1 the store failed.

use std::io::Write;
use std::process::ExitCode;

use super::Command;
use super::data_args::{ExportArgs, ExportWhat, Format, GlossaryCommand, ImportArgs};
use super::table_io;
use crate::client::glossary::Rule;
use crate::store::Store;
use crate::store::export::Dataset;
use crate::store::glossary::{NewEntry, Upserted, canonical_code};

/// A failure: its exit code and the one line to print.
struct Fail(u8, String);

impl Fail {
    fn usage(m: impl Into<String>) -> Self {
        Fail(2, m.into())
    }
}

impl From<crate::store::StoreError> for Fail {
    fn from(e: crate::store::StoreError) -> Self {
        match e {
            crate::store::StoreError::Entry(e) => Fail(2, e.to_string()),
            e => Fail(1, e.to_string()),
        }
    }
}

/// Runs `export`, `import` or `glossary`.
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Export(a) => export(a),
        Command::Import(a) => import(a),
        Command::Glossary(a) => glossary(a.command),
        _ => Err(Fail::usage("not a data command")),
    };
    match result {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("glossa: cannot write the output: {e}");
                    ExitCode::from(2)
                }
                _ => ExitCode::SUCCESS,
            }
        }
        Err(Fail(code, message)) => {
            eprintln!("glossa: {message}");
            ExitCode::from(code)
        }
    }
}

/// The user's store, created if need be.
fn open() -> Result<Store, Fail> {
    let path =
        Store::default_path().ok_or_else(|| Fail(1, "no data directory (set XDG_DATA_HOME)".into()))?;
    Ok(Store::open(&path)?)
}

/// The user's store when it exists, else an empty one in memory.
fn open_existing() -> Result<Store, Fail> {
    match Store::default_path().filter(|p| p.exists()) {
        Some(path) => Ok(Store::open(&path)?),
        None => Ok(Store::in_memory()?),
    }
}

/// The glossary's rules for `from` → each of `to`, from the user's store if
/// there is one (`glossa translate`); none when it cannot be read.
pub fn rules_for(from: &str, to: &[String]) -> Vec<Rule> {
    let Some(path) = Store::default_path().filter(|p| p.exists()) else {
        return Vec::new();
    };
    let entries = match Store::open(&path).and_then(|s| s.glossary(None)) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("glossa: glossary not applied: {e}");
            return Vec::new();
        }
    };
    entries
        .into_iter()
        .filter(|e| e.from.eq_ignore_ascii_case(from) && to.iter().any(|t| t.eq_ignore_ascii_case(&e.to)))
        .map(|e| Rule {
            from: e.from,
            to: e.to,
            term: e.term,
            translation: e.translation,
            case_sensitive: e.case_sensitive,
        })
        .collect()
}

/// `YYYY-MM-DD` (UTC midnight) or an RFC 3339 time, as unix seconds.
fn parse_since(s: &str) -> Result<i64, Fail> {
    use time::format_description::well_known::Rfc3339;
    if let Ok(t) = time::OffsetDateTime::parse(s, &Rfc3339) {
        return Ok(t.unix_timestamp());
    }
    let bad = || Fail::usage(format!("--since {s:?} is not a date (YYYY-MM-DD or RFC 3339)"));
    let parts: Vec<&str> = s.split('-').collect();
    let [y, m, d] = parts[..] else { return Err(bad()) };
    let (y, m, d) = (
        y.parse().map_err(|_| bad())?,
        m.parse::<u8>().map_err(|_| bad())?,
        d.parse().map_err(|_| bad())?,
    );
    let month = time::Month::try_from(m).map_err(|_| bad())?;
    time::Date::from_calendar_date(y, month, d)
        .map(|d| d.midnight().assume_utc().unix_timestamp())
        .map_err(|_| bad())
}

fn export(a: ExportArgs) -> Result<String, Fail> {
    let since = a.since.as_deref().map(parse_since).transpose()?;
    let format = a
        .format
        .or_else(|| a.output.as_deref().and_then(Format::of_path))
        .unwrap_or(Format::Csv);
    let what = match a.what {
        ExportWhat::History => Dataset::History,
        ExportWhat::Glossary => Dataset::Glossary,
        ExportWhat::Lookups => Dataset::Lookups,
    };
    let table = open_existing()?.export(what, since)?;
    let mut bytes = Vec::new();
    table_io::write(&table, format, &mut bytes).map_err(|e| Fail(1, e))?;
    match &a.output {
        None => String::from_utf8(bytes).map_err(|e| Fail(1, e.to_string())),
        Some(path) => {
            std::fs::write(path, &bytes)
                .map_err(|e| Fail::usage(format!("cannot write {}: {e}", path.display())))?;
            Ok(String::new())
        }
    }
}

fn import(a: ImportArgs) -> Result<String, Fail> {
    let name = a.file.display().to_string();
    let format = a.format.or_else(|| Format::of_path(&a.file)).ok_or_else(|| {
        Fail::usage(format!(
            "{name}: give --format (csv, tsv or json); the extension does not say"
        ))
    })?;
    let bytes = std::fs::read(&a.file).map_err(|e| Fail::usage(format!("cannot read {name}: {e}")))?;
    let rows = table_io::read_glossary(&bytes, format).map_err(|e| Fail::usage(format!("{name}: {e}")))?;
    let mut good = Vec::with_capacity(rows.len());
    let mut bad = 0;
    for row in rows {
        match row.entry {
            Ok(e) => good.push(e),
            Err(e) => {
                bad += 1;
                eprintln!("glossa: {name} {}: {e}", row.place);
            }
        }
    }
    if bad > 0 && !a.skip_bad {
        return Err(Fail::usage(format!(
            "{bad} bad row{}; nothing imported (--skip-bad imports the others)",
            if bad == 1 { "" } else { "s" }
        )));
    }
    let counts = open()?.glossary_import(&good, a.replace, a.dry_run)?;
    let mut report = format!(
        "added {}, updated {}, unchanged {}",
        counts.added, counts.updated, counts.unchanged
    );
    if a.replace {
        report.push_str(&format!(", removed {}", counts.removed));
    }
    if bad > 0 {
        report.push_str(&format!(", skipped {bad} bad"));
    }
    if a.dry_run {
        report.push_str(" (dry run: nothing written)");
    }
    Ok(report + "\n")
}

fn glossary(command: GlossaryCommand) -> Result<String, Fail> {
    match command {
        GlossaryCommand::List { from, to, json } => {
            let pair = match (&from, &to) {
                (Some(f), Some(t)) => Some((canonical(f)?, canonical(t)?)),
                _ => None,
            };
            let store = open_existing()?;
            let entries = store.glossary(pair.as_ref().map(|(f, t)| (f.as_str(), t.as_str())))?;
            if json {
                return Ok(
                    serde_json::to_string_pretty(&entries).map_err(|e| Fail(1, e.to_string()))? + "\n",
                );
            }
            Ok(entries
                .iter()
                .map(|e| {
                    let case = if e.case_sensitive { "\tcase-sensitive" } else { "" };
                    format!("{}\t{}\t{}\t{}{case}\n", e.from, e.to, e.term, e.translation)
                })
                .collect())
        }
        GlossaryCommand::Add {
            from,
            to,
            term,
            translation,
            case_sensitive,
            note,
        } => {
            let entry = NewEntry {
                from,
                to,
                term,
                translation,
                case_sensitive,
                note,
            };
            let done = open()?.glossary_upsert(&entry)?;
            Ok(match done {
                Upserted::Added(_) => "added\n",
                Upserted::Updated(_) => "updated\n",
                Upserted::Unchanged(_) => "unchanged\n",
            }
            .to_owned())
        }
        GlossaryCommand::Remove { from, to, term } => {
            let (from, to) = (canonical(&from)?, canonical(&to)?);
            let store = open()?;
            let found = store
                .glossary(Some((&from, &to)))?
                .into_iter()
                .find(|e| e.term == term.trim());
            match found {
                Some(e) => {
                    store.glossary_delete(e.id)?;
                    Ok("removed\n".into())
                }
                None => Err(Fail::usage(format!("{from}→{to} has no term {term:?}"))),
            }
        }
    }
}

fn canonical(code: &str) -> Result<String, Fail> {
    canonical_code(code.trim()).map_err(|e| Fail::usage(e.to_string()))
}
