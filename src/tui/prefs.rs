//! The choices the workbench remembers between runs: the target languages,
//! the source language and the translate options.
//!
//! Kept as JSON in `$XDG_DATA_HOME/glossa/prefs.json`, written atomically
//! (a temporary file renamed over the old one) when a choice changes. A
//! missing file means a first start (Japanese and Chinese Simplified); a
//! damaged one is reported and replaced by the defaults, never fatal.

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::options::TranslateOptions;

/// The targets on a first start.
pub const FIRST_TARGETS: [&str; 2] = ["ja", "zh-Hans"];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub targets: Vec<String>,
    /// `None` is "auto".
    pub from: Option<String>,
    /// A damaged options entry falls back to the defaults alone; the
    /// targets stay remembered.
    #[serde(deserialize_with = "lenient_options")]
    pub options: TranslateOptions,
}

fn lenient_options<'de, D: serde::Deserializer<'de>>(d: D) -> Result<TranslateOptions, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(value).unwrap_or_default())
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            targets: FIRST_TARGETS.iter().map(|s| (*s).to_owned()).collect(),
            from: None,
            options: TranslateOptions::default(),
        }
    }
}

impl Prefs {
    /// Where the file lives: `$XDG_DATA_HOME/glossa/prefs.json`.
    pub fn default_path() -> Option<PathBuf> {
        dirs::data_dir().map(|d| d.join("glossa").join("prefs.json"))
    }

    /// The saved choices, or the defaults with the reason they were not read.
    pub fn load(path: Option<&Path>) -> (Self, Option<String>) {
        let Some(path) = path else {
            return (Self::default(), None);
        };
        match std::fs::read(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => (Self::default(), None),
            Err(e) => (
                Self::default(),
                Some(format!("cannot read {}: {e}", path.display())),
            ),
            Ok(bytes) => match serde_json::from_slice::<Prefs>(&bytes) {
                Ok(p) if !p.targets.is_empty() => (p, None),
                Ok(_) => (Self::default(), None),
                Err(e) => (
                    Self::default(),
                    Some(format!("ignored damaged {}: {e}", path.display())),
                ),
            },
        }
    }

    pub fn save(&self, path: &Path) -> io::Result<()> {
        write_json_atomic(path, self)
    }
}

/// Writes `value` as JSON to `path` atomically: a temporary file beside
/// it, renamed over the old one, so a crash leaves the old or the new file.
pub(crate) fn write_json_atomic<T: Serialize>(path: &Path, value: &T) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("json.tmp");
    let body = serde_json::to_vec_pretty(value).map_err(io::Error::other)?;
    std::fs::write(&tmp, body)?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_start_then_remembered_and_damage_tolerated() {
        let dir = std::env::temp_dir().join(format!("glossa-prefs-{}", uuid::Uuid::new_v4()));
        let path = dir.join("glossa").join("prefs.json");
        let (p, problem) = Prefs::load(Some(&path));
        assert_eq!(
            (p.targets.as_slice(), problem),
            (&["ja".to_owned(), "zh-Hans".to_owned()][..], None)
        );
        let chosen = Prefs {
            targets: vec!["fi".into(), "ar".into()],
            from: Some("en".into()),
            options: TranslateOptions {
                category: "custom-1".into(),
                ..TranslateOptions::default()
            },
        };
        chosen.save(&path).unwrap();
        assert_eq!(Prefs::load(Some(&path)).0, chosen);
        std::fs::write(&path, br#"{"targets":["de"],"options":{"category":"bad id"}}"#).unwrap();
        let (p, problem) = Prefs::load(Some(&path));
        assert_eq!(
            (p.targets, p.options, problem),
            (vec!["de".to_owned()], TranslateOptions::default(), None)
        );
        std::fs::write(&path, b"{not json").unwrap();
        let (p, problem) = Prefs::load(Some(&path));
        assert_eq!(p, Prefs::default());
        assert!(problem.unwrap().contains("damaged"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
