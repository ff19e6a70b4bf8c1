//! The editor's draft: saved whenever the text changes (by the workbench's
//! draft writer, `tui/run/draft_writer.rs`), so it survives the process
//! being killed (kill -9); restored at the next start.

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError};

/// The Translate tab's source text.
pub const TRANSLATE: &str = "translate";

/// A saved text and where the cursor was (row, column in characters).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Draft {
    pub text: String,
    pub cursor: (usize, usize),
}

impl Store {
    /// The draft saved in `slot`, if any.
    pub fn draft(&self, slot: &str) -> Result<Option<Draft>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT text, cursor_row, cursor_col FROM drafts WHERE slot = ?1")?
            .query_row(params![slot], |r| {
                Ok(Draft {
                    text: r.get(0)?,
                    cursor: (
                        r.get::<_, i64>(1)?.max(0) as usize,
                        r.get::<_, i64>(2)?.max(0) as usize,
                    ),
                })
            })
            .optional()?)
    }

    /// Saves `draft` in `slot` (one small transaction).
    pub fn save_draft(&self, slot: &str, draft: &Draft) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "INSERT INTO drafts (slot, text, cursor_row, cursor_col, updated) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (slot) DO UPDATE SET text = ?2, cursor_row = ?3, cursor_col = ?4, updated = ?5",
            )?
            .execute(params![
                slot,
                draft.text,
                draft.cursor.0 as i64,
                draft.cursor.1 as i64,
                Store::now()
            ])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_is_replaced_and_survives_reopening() {
        let dir = std::env::temp_dir().join(format!("glossa-store-draft-{}", uuid::Uuid::new_v4()));
        let path = dir.join("glossa.db");
        {
            let store = Store::open(&path).unwrap();
            assert_eq!(store.draft(TRANSLATE).unwrap(), None);
            let d = Draft {
                text: "first".into(),
                cursor: (0, 5),
            };
            store.save_draft(TRANSLATE, &d).unwrap();
            let d = Draft {
                text: "שלום\n世界 🌍".into(),
                cursor: (1, 4),
            };
            store.save_draft(TRANSLATE, &d).unwrap();
        }
        let store = Store::open(&path).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            for f in ["glossa.db", "glossa.db-wal"] {
                let mode = std::fs::metadata(dir.join(f)).unwrap().permissions().mode();
                assert_eq!(mode & 0o777, 0o600, "{f} is the owner's only");
            }
        }
        let d = store.draft(TRANSLATE).unwrap().unwrap();
        assert_eq!(d.text, "שלום\n世界 🌍");
        assert_eq!(d.cursor, (1, 4));
        let _ = std::fs::remove_dir_all(dir);
    }
}
