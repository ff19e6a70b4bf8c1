//! `glossa themes`: the workbench's themes (the built-ins, then the theme
//! files of the config directory's `themes/`), the one the command line or
//! the config file chooses marked with `*`. Theme files that cannot be used
//! are reported on stderr with the key at fault, and the exit code is 1, so
//! the command also checks a theme being written.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::tui::widgets::theme::{Catalog, Origin, Start, Wanted, no_color};

/// Lists the themes of `dir` with `wanted` chosen.
pub fn run(dir: Option<&Path>, wanted: Option<&Wanted>) -> ExitCode {
    let no_color = no_color(std::env::var_os("NO_COLOR").as_deref());
    let start = Catalog::start(dir, wanted, no_color);
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(listing(&start, wanted.is_some()).as_bytes());
    let problems: Vec<String> = start
        .refused
        .iter()
        .map(|e| format!("{e} — the workbench uses dark"))
        .chain(start.left_out.iter().map(|e| format!("{e} — left out")))
        .collect();
    for p in &problems {
        eprintln!("glossa: {p}");
    }
    if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// One line per theme: `*` on the chosen one (when one was asked for and
/// found), its name, and where it comes from.
pub(crate) fn listing(start: &Start, asked: bool) -> String {
    let catalog = &start.catalog;
    let chosen = (asked && start.refused.is_none()).then(|| catalog.current().name.as_str());
    let width = catalog
        .entries()
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    for e in catalog.entries() {
        let mark = if Some(e.name.as_str()) == chosen { '*' } else { ' ' };
        let from = match &e.origin {
            Origin::Builtin(_) => "built-in".to_owned(),
            Origin::File(path) => path.display().to_string(),
        };
        text.push_str(&format!("{mark} {:width$}  {from}\n", e.name));
    }
    if catalog.no_color() {
        text.push_str("NO_COLOR is set: the workbench shows monochrome whatever is chosen\n");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chosen_theme_is_marked_and_files_show_their_path() {
        let dir = std::env::temp_dir().join(format!("glossa-themes-cli-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("paper.toml"), "base = \"light\"\n").unwrap();
        let wanted = Wanted::pick(Some("paper"), None);
        let start = Catalog::start(Some(&dir), wanted.as_ref(), false);
        let text = listing(&start, true);
        let path = dir.join("paper.toml").display().to_string();
        assert_eq!(
            text,
            format!(
                "  dark           built-in\n  light          built-in\n  high-contrast  built-in\n  \
                 monochrome     built-in\n* paper          {path}\n"
            )
        );
        let start = Catalog::start(Some(&dir), None, true);
        let text = listing(&start, false);
        assert!(!text.contains('*'), "{text}");
        assert!(text.ends_with("NO_COLOR is set: the workbench shows monochrome whatever is chosen\n"));
        let _ = std::fs::remove_dir_all(dir);
    }
}
