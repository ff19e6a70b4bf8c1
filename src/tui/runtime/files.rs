//! Files the workbench reads and writes for the user: the file opened as the
//! source (`glossa FILE`, the file prompt: read, checked, its directory
//! listed for Tab), the translations saved next to it (Ctrl+S), and the
//! theme chosen, remembered in the config file.

use std::path::PathBuf;

/// Writes every file; the names written, or the first failure (the ones before
/// it are written).
pub(super) fn write_all(files: &[(PathBuf, String)]) -> Result<String, String> {
    let mut names = Vec::with_capacity(files.len());
    for (path, text) in files {
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        names.push(path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ));
    }
    Ok(names.join(", "))
}

/// Writes the theme chosen as the config file's `theme` (`config.toml`, or
/// `GLOSSA_CONFIG`'s file), everything else in it kept; a theme file's path
/// is made absolute, so the next start finds it from any directory.
pub(super) fn remember_theme(config: &mut crate::store::config::Config, value: String) -> Result<(), String> {
    let Some(path) = config.paths.config.clone() else {
        return Err("no config directory (set GLOSSA_CONFIG)".to_owned());
    };
    let value = match crate::tui::widgets::theme::is_path(&value) {
        true => std::path::absolute(&value).map_or(value, |p| p.display().to_string()),
        false => value,
    };
    crate::store::config::save_theme(&path, &value)?;
    config.theme = Some(value);
    Ok(())
}

/// The most a file opened as the source may hold (the service's own limit on one
/// request is 50,000 characters; a longer text is translated in parts).
pub(super) const MAX_FILE: u64 = 4 << 20;

/// The text of a file opened as the source, or why not: missing, a
/// directory, larger than [`MAX_FILE`], binary (a NUL byte) or not UTF-8.
pub(super) fn read_source(file: &std::path::Path) -> Result<String, String> {
    let name = file.display();
    let not = |why: String| format!("{name} not opened: {why}");
    let meta = std::fs::metadata(file).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => not("no such file".into()),
        std::io::ErrorKind::PermissionDenied => not("permission denied".into()),
        _ => not(e.to_string()),
    })?;
    if meta.is_dir() {
        return Err(not("it is a directory".into()));
    }
    let size = meta.len();
    if size > MAX_FILE {
        return Err(not(format!(
            "{size} bytes, more than the {MAX_FILE} (4 MiB) the workbench takes"
        )));
    }
    let bytes = std::fs::read(file).map_err(|e| not(e.to_string()))?;
    if bytes.contains(&0) {
        return Err(not("a binary file, not text".into()));
    }
    String::from_utf8(bytes).map_err(|_| not("not UTF-8 text".into()))
}

/// The file prompt's Enter: `text` (`~` expanded) read as the source; a
/// failure names the file as it was typed.
pub(super) fn read_typed(text: &str) -> Result<(PathBuf, String), String> {
    let path = crate::tui::overlays::prompt::complete::expand(text, dirs::home_dir().as_deref());
    let content = read_source(&path).map_err(|e| e.replacen(&path.display().to_string(), text, 1))?;
    Ok((path, content))
}

/// The most entries of a directory listed for a completion.
const MAX_LISTED: usize = 10_000;

/// The file prompt's Tab: the entries of the directory of `text` (`~`
/// expanded), each with whether it is a directory.
pub(super) fn list_typed(text: &str) -> Result<Vec<(String, bool)>, String> {
    let dir = crate::tui::overlays::prompt::complete::directory(text, dirs::home_dir().as_deref());
    let read = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(read
        .filter_map(Result::ok)
        .take(MAX_LISTED)
        .map(|e| {
            let is_dir = std::fs::metadata(e.path()).is_ok_and(|m| m.is_dir());
            (e.file_name().to_string_lossy().into_owned(), is_dir)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_file_is_read_or_refused_with_the_reason() {
        let dir = std::env::temp_dir().join(format!("glossa-read-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ok = dir.join("notes.md");
        std::fs::write(&ok, "# Notes\n").unwrap();
        assert_eq!(read_source(&ok).unwrap(), "# Notes\n");
        let missing = read_source(&dir.join("nope.txt")).unwrap_err();
        assert!(
            missing.ends_with("nope.txt not opened: no such file"),
            "{missing}"
        );
        let is_dir = read_source(&dir).unwrap_err();
        assert!(is_dir.ends_with("not opened: it is a directory"), "{is_dir}");
        let binary = dir.join("logo.png");
        std::fs::write(&binary, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap();
        assert!(
            read_source(&binary)
                .unwrap_err()
                .ends_with("a binary file, not text")
        );
        let latin1 = dir.join("old.txt");
        std::fs::write(&latin1, b"caf\xe9").unwrap();
        assert!(read_source(&latin1).unwrap_err().ends_with("not UTF-8 text"));
        let big = dir.join("big.txt");
        let f = std::fs::File::create(&big).unwrap();
        f.set_len(MAX_FILE + 1).unwrap();
        let e = read_source(&big).unwrap_err();
        assert!(e.contains("4194305 bytes, more than the 4194304 (4 MiB)"), "{e}");
        // Tab lists the directory; Enter reads what was typed.
        let listed = list_typed(&format!("{}/no", dir.display())).unwrap();
        assert!(listed.contains(&("notes.md".to_owned(), false)), "{listed:?}");
        let (path, text) = read_typed(&ok.display().to_string()).unwrap();
        assert_eq!((path, text.as_str()), (ok.clone(), "# Notes\n"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
