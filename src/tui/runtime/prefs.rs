//! The choices the workbench remembers between runs: the target languages,
//! the source language and the translate options.
//!
//! Kept as JSON in the store (`kv`, key `prefs`), written when a choice
//! changes. None kept means a first start (Japanese and Chinese
//! Simplified); a damaged value is reported and replaced by the defaults,
//! never fatal. An earlier version's `prefs.json` is imported once.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::store::Store;
use crate::store::kv::PREFS;
use crate::tui::overlays::options::TranslateOptions;
use crate::tui::tabs::dictionary::Pair;

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
    /// The Dictionary tab's languages; `None` until first chosen (then
    /// English → the first target).
    pub dictionary: Option<Pair>,
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
            dictionary: None,
        }
    }
}

impl Prefs {
    /// `$XDG_DATA_HOME/glossa/prefs.json`, where earlier versions kept them.
    pub fn legacy_path() -> Option<PathBuf> {
        dirs::data_dir().map(|d| d.join("glossa").join("prefs.json"))
    }

    /// The saved choices, or the defaults with the reason they were not read.
    pub fn load(store: Option<&Store>) -> (Self, Option<String>) {
        let Some(store) = store else {
            return (Self::default(), None);
        };
        match store.get_json::<Prefs>(PREFS) {
            Ok(Some(p)) if !p.targets.is_empty() => (p, None),
            Ok(_) => (Self::default(), None),
            Err(e) => (Self::default(), Some(format!("ignored {e}"))),
        }
    }

    pub fn save(&self, store: &Store) -> Result<(), crate::store::StoreError> {
        store.put_json(PREFS, self)
    }

    /// Moves an earlier version's `prefs.json` into the store, unless the
    /// store has choices already, and renames it `prefs.json.imported`.
    pub fn import_legacy(store: &Store, path: &Path) -> Option<String> {
        let bytes = std::fs::read(path).ok()?;
        let prefs = match serde_json::from_slice::<Prefs>(&bytes) {
            Ok(p) => p,
            Err(e) => return Some(format!("{} not imported: {e}", path.display())),
        };
        if matches!(store.get_json::<serde_json::Value>(PREFS), Ok(None))
            && let Err(e) = prefs.save(store)
        {
            return Some(format!("{} not imported: {e}", path.display()));
        }
        let _ = std::fs::rename(path, path.with_extension("json.imported"));
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_start_then_remembered_and_damage_tolerated() {
        let store = Store::in_memory().unwrap();
        let (p, problem) = Prefs::load(Some(&store));
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
            dictionary: Some(Pair::new("fi", "en")),
        };
        chosen.save(&store).unwrap();
        assert_eq!(Prefs::load(Some(&store)).0, chosen);
        let put = |raw: &str| {
            store
                .conn()
                .execute("UPDATE kv SET value = ?1 WHERE key = 'prefs'", [raw])
                .unwrap()
        };
        put(r#"{"targets":["de"],"options":{"category":"bad id"}}"#);
        let (p, problem) = Prefs::load(Some(&store));
        assert_eq!(
            (p.targets, p.options, problem),
            (vec!["de".to_owned()], TranslateOptions::default(), None)
        );
        put("{not json");
        let (p, problem) = Prefs::load(Some(&store));
        assert_eq!(p, Prefs::default());
        assert!(problem.unwrap().contains("damaged value for prefs"));
    }

    #[test]
    fn an_earlier_versions_file_is_imported_unless_the_store_has_choices() {
        let dir = std::env::temp_dir().join(format!("glossa-prefs-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("prefs.json");
        std::fs::write(&path, br#"{"targets":["fi"],"from":"en"}"#).unwrap();
        let store = Store::in_memory().unwrap();
        assert_eq!(Prefs::import_legacy(&store, &path), None);
        assert_eq!(Prefs::load(Some(&store)).0.targets, ["fi"]);
        assert!(!path.exists() && dir.join("prefs.json.imported").exists());
        std::fs::write(&path, br#"{"targets":["de"]}"#).unwrap();
        assert_eq!(Prefs::import_legacy(&store, &path), None);
        assert_eq!(
            Prefs::load(Some(&store)).0.targets,
            ["fi"],
            "the store's own choices win"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
