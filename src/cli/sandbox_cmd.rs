//! `glossa sandbox`: where the embedded local service keeps its state (the
//! management sandbox's SQLite and the token signing secret, shared by the
//! workbench and the one-shot commands), and `reset` to start it afresh with
//! the demo data. Asks first on a terminal; a script says `--yes`.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct SandboxArgs {
    #[command(subcommand)]
    pub command: SandboxCommand,
}

#[derive(Debug, Subcommand)]
pub enum SandboxCommand {
    /// The directory of the local service's kept state.
    Path,
    /// Delete that state: the data shares' runs, refreshes and migrations, the token secret.
    /// The next start seeds the demo data again; tokens issued before stop working.
    Reset {
        /// Do not ask (required when stdin is not a terminal).
        #[arg(long, short)]
        yes: bool,
    },
}

/// `$XDG_DATA_HOME/glossa/local-service` (see `session::LocalOptions::kept`).
pub fn dir() -> Option<PathBuf> {
    crate::session::local::dir()
}

pub fn run(args: &SandboxArgs) -> ExitCode {
    let Some(dir) = dir() else {
        eprintln!("glossa: no data directory (set HOME or XDG_DATA_HOME)");
        return ExitCode::from(2);
    };
    match args.command {
        SandboxCommand::Path => {
            println!("{}", dir.display());
            ExitCode::SUCCESS
        }
        SandboxCommand::Reset { yes } => reset(&dir, yes),
    }
}

fn reset(dir: &Path, yes: bool) -> ExitCode {
    let files = listing(dir);
    if files.is_empty() {
        println!("nothing to reset: {} holds no state", dir.display());
        return ExitCode::SUCCESS;
    }
    if !yes {
        if !std::io::stdin().is_terminal() {
            eprintln!(
                "glossa: reset deletes {}; add --yes to do it without asking",
                dir.display()
            );
            return ExitCode::from(2);
        }
        eprint!("Delete {} ({})? [y/N] ", dir.display(), files.join(", "));
        let _ = std::io::stderr().flush();
        let mut answer = String::new();
        let _ = std::io::stdin().lock().read_line(&mut answer);
        if !matches!(answer.trim(), "y" | "Y" | "yes") {
            eprintln!("kept");
            return ExitCode::from(1);
        }
    }
    match std::fs::remove_dir_all(dir) {
        Ok(()) => {
            println!(
                "removed {} ({}): the next start seeds the demo data again",
                dir.display(),
                files.join(", ")
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("glossa: cannot remove {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}

/// The names of the files in `dir`, sorted; none if it does not exist.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}
