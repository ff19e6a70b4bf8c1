//! Writing one setting back into the user's config file: the workbench's
//! theme, chosen with Ctrl+T or the command palette, remembered as
//! `theme = "NAME"`.
//!
//! The file is the user's: everything else in it — comments, order, blank
//! lines, the other settings and profiles — stays byte for byte. An existing
//! `theme` keeps its place and its comments (`toml_edit` replaces the value
//! alone); a new one goes after a commented-out `# theme = …` line of the
//! top-level section if there is one (the template `glossa config init`
//! writes has it), else before the first table with the comments above it,
//! else at the end. A file that is not valid TOML is left alone (the error
//! says where it is broken). The new text replaces the file atomically (a
//! temporary file beside it, renamed over it) with the file's permissions.

use std::path::Path;

use toml_edit::{DocumentMut, Item, Value};

use super::line_col;

/// Sets `theme = value` in the config file at `path` (created, with its
/// directory, when there is none).
pub fn save_theme(path: &Path, value: &str) -> Result<(), String> {
    let name = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {name}: {e}")),
    };
    let edited = with_theme(&text, value).map_err(|e| format!("{name}:{e}"))?;
    if edited == text {
        return Ok(());
    }
    write_replacing(path, &edited).map_err(|e| format!("cannot write {name}: {e}"))
}

/// `text` with `theme = value` set, everything else kept; `line:column:
/// message` when `text` is not valid TOML.
pub fn with_theme(text: &str, value: &str) -> Result<String, String> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| format!("{}: {}", line_col(text, e.span()), e.message().trim()))?;
    if let Some(Item::Value(old)) = doc.get_mut("theme") {
        let decor = old.decor().clone();
        let mut new = Value::from(value);
        *new.decor_mut() = decor;
        *old = new;
        return Ok(doc.to_string());
    }
    let line = format!("theme = {}\n", Value::from(value));
    let inserted = insert_line(text, &line);
    // The text insertion is checked by reading it back; where it would not
    // read as meant, toml_edit places the key itself.
    let reads_back = inserted
        .parse::<DocumentMut>()
        .ok()
        .is_some_and(|d| d.get("theme").and_then(Item::as_str) == Some(value));
    if reads_back {
        return Ok(inserted);
    }
    doc["theme"] = toml_edit::value(value);
    Ok(doc.to_string())
}

/// `text` with `line` inserted where a top-level setting reads well (see the
/// module docs).
fn insert_line(text: &str, line: &str) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let header = |l: &&str| l.trim_start().starts_with('[');
    let first_table = lines.iter().position(header).unwrap_or(lines.len());
    let commented = lines[..first_table].iter().position(|l| {
        let l = l.trim_start();
        l.strip_prefix('#')
            .map(str::trim_start)
            .and_then(|l| l.strip_prefix("theme"))
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    });
    let (at, after) = match commented {
        Some(i) => (i + 1, ""),
        None if first_table < lines.len() => {
            // Before the comments that introduce the first table.
            let mut at = first_table;
            while at > 0 && lines[at - 1].trim_start().starts_with('#') {
                at -= 1;
            }
            (at, "\n")
        }
        None => (lines.len(), ""),
    };
    let mut out = String::with_capacity(text.len() + line.len() + 2);
    for l in &lines[..at] {
        out.push_str(l);
    }
    if at > 0 && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(line);
    out.push_str(after);
    for l in &lines[at..] {
        out.push_str(l);
    }
    out
}

/// Replaces `path` with `text` atomically, keeping its permissions.
fn write_replacing(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    let tmp = crate::store::secrets::temp_beside(path);
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        if let Some(p) = permissions {
            f.set_permissions(p)?;
        }
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_existing_theme_is_replaced_in_place_with_its_comments() {
        let text = "# mine\ndefault = \"work\"\ntheme = 'dark'   # what I like\n\n[profiles.work]\nregion = \"x\" # keep\n";
        let out = with_theme(text, "light").unwrap();
        assert_eq!(
            out,
            "# mine\ndefault = \"work\"\ntheme = \"light\"   # what I like\n\n[profiles.work]\nregion = \"x\" # keep\n"
        );
    }

    #[test]
    fn a_new_theme_goes_after_the_templates_commented_line() {
        let out = with_theme(crate::store::config::TEMPLATE, "high-contrast").unwrap();
        assert!(
            out.contains("# theme = \"light\"\ntheme = \"high-contrast\"\n"),
            "{out}"
        );
        // Nothing else changed: the template with the one line taken out again.
        assert_eq!(
            out.replacen("theme = \"high-contrast\"\n", "", 1),
            crate::store::config::TEMPLATE
        );
    }

    #[test]
    fn a_new_theme_goes_before_the_first_table_and_its_comments() {
        let text = "default = \"w\"\n\n# my work account\n[profiles.w]\nendpoint = \"https://x\"\n";
        let out = with_theme(text, "light").unwrap();
        assert_eq!(
            out,
            "default = \"w\"\n\ntheme = \"light\"\n\n# my work account\n[profiles.w]\nendpoint = \"https://x\"\n"
        );
        assert_eq!(with_theme("", "dark").unwrap(), "theme = \"dark\"\n");
        assert_eq!(
            with_theme("default = \"a\"", "dark").unwrap(),
            "default = \"a\"\ntheme = \"dark\"\n"
        );
        // A path is written as a TOML string, escaped.
        let out = with_theme("", "C:\\themes\\\"x\".toml").unwrap();
        let doc: DocumentMut = out.parse().unwrap();
        assert_eq!(doc["theme"].as_str(), Some("C:\\themes\\\"x\".toml"));
    }

    #[test]
    fn a_broken_file_is_left_alone() {
        let e = with_theme("default = \"a\"\n[x\n", "light").unwrap_err();
        assert!(e.starts_with("2:") && e.contains("unclosed table"), "{e}");
    }

    #[test]
    fn save_theme_creates_or_edits_the_file_keeping_the_rest() {
        let dir = std::env::temp_dir().join(format!("glossa-theme-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("sub").join("config.toml");
        save_theme(&path, "light").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theme = \"light\"\n");
        let mine = "# my settings\ntheme = \"light\"\n\n[profiles.demo] # the demo\ntime_scale = 60.0\n";
        std::fs::write(&path, mine).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        }
        save_theme(&path, "paper").unwrap();
        let now = std::fs::read_to_string(&path).unwrap();
        assert_eq!(now, mine.replace("\"light\"", "\"paper\""));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o640, "the file's permissions kept");
        }
        // The config reads it back.
        let paths = crate::store::config::Paths {
            config: Some(path.clone()),
            secrets: None,
        };
        let config = crate::store::config::Config::load_from(paths).unwrap();
        assert_eq!(config.theme.as_deref(), Some("paper"));
        assert!(config.profiles.contains_key("demo"));
        std::fs::write(&path, "theme = [").unwrap();
        assert!(save_theme(&path, "dark").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theme = [", "untouched");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
