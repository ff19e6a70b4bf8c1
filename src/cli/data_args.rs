//! Options of the commands over the user's store (`data.rs` runs them):
//! `glossa export`, `glossa import`, `glossa glossary`.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

/// A table's file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Csv,
    Tsv,
    Json,
}

impl Format {
    /// The format a file name's extension names (`.csv`, `.tsv`/`.tab`, `.json`).
    pub fn of_path(path: &std::path::Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "csv" => Some(Format::Csv),
            "tsv" | "tab" => Some(Format::Tsv),
            "json" => Some(Format::Json),
            _ => None,
        }
    }
}

/// What `glossa export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportWhat {
    History,
    Glossary,
    Lookups,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The table to export.
    #[arg(value_enum)]
    pub what: ExportWhat,
    /// csv, tsv or json [default: from --output's extension, else csv].
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Write to FILE instead of stdout.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Only rows from DATE on (YYYY-MM-DD, UTC, or an RFC 3339 time).
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,
}

/// What `glossa import` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ImportWhat {
    Glossary,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The table to import into.
    #[arg(value_enum)]
    pub what: ImportWhat,
    /// A file with a header row: from,to,term,translation[,case_sensitive,note]
    /// (other columns are ignored); JSON: an array of objects with those keys.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// csv, tsv or json [default: from the file's extension].
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Empty the glossary first, so it holds exactly the file's entries.
    #[arg(long)]
    pub replace: bool,
    /// Check and count, write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Import the good rows even when some are bad (each bad one is reported).
    #[arg(long)]
    pub skip_bad: bool,
}

#[derive(Debug, Args)]
pub struct GlossaryArgs {
    #[command(subcommand)]
    pub command: GlossaryCommand,
}

#[derive(Debug, Subcommand)]
pub enum GlossaryCommand {
    /// The entries (of one pair with --from and --to), tab-separated.
    List {
        #[arg(long, short, value_name = "LANG", requires = "to")]
        from: Option<String>,
        #[arg(long, short, value_name = "LANG", requires = "from")]
        to: Option<String>,
        /// As a JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Add an entry, or replace the one of the same pair and term.
    Add {
        #[arg(long, short, value_name = "LANG")]
        from: String,
        #[arg(long, short, value_name = "LANG")]
        to: String,
        term: String,
        translation: String,
        /// Match the term only as written.
        #[arg(long)]
        case_sensitive: bool,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Remove the entry of a pair and term.
    Remove {
        #[arg(long, short, value_name = "LANG")]
        from: String,
        #[arg(long, short, value_name = "LANG")]
        to: String,
        term: String,
    },
}
