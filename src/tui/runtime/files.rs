//! Files the workbench writes for the user: the translations saved next to the
//! file opened as the source (`glossa FILE`, Ctrl+S).

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
