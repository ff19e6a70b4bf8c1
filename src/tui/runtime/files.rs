//! Files the workbench writes for the user: the translations saved next to the
//! file opened as the source (`glossa FILE`, Ctrl+S), and the theme chosen,
//! remembered in the config file.

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
    let is_path =
        value.contains('/') || value.contains(std::path::MAIN_SEPARATOR) || value.ends_with(".toml");
    let value = match is_path {
        true => std::path::absolute(&value).map_or(value, |p| p.display().to_string()),
        false => value,
    };
    crate::store::config::save_theme(&path, &value)?;
    config.theme = Some(value);
    Ok(())
}
