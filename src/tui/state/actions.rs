//! Actions that produce text or change languages: swap and the copies.

use std::time::Instant;

use ratatui_textarea::{TextArea, WrapMode};

use super::{Focus, State};
use crate::tui::effect::Effect;
use crate::tui::keymap::Action;
use crate::tui::widgets::toast::Kind;

impl State {
    /// `x`: the first target becomes the source language and its
    /// translation the source text; the source language becomes that target.
    pub(super) fn swap(&mut self, now: Instant) -> Vec<Effect> {
        let t = &self.translate;
        let from = t.from.clone().or_else(|| {
            let d = t.results.as_ref()?.detected_language.as_ref()?;
            Some(d.language.clone())
        });
        let first = self.translation_index(0).and_then(|k| {
            let tr = &self.translate.results.as_ref()?.translations[k];
            Some((tr.to.clone(), tr.text.clone()))
        });
        let (Some(from), Some((to, text))) = (from, first) else {
            self.toasts
                .push("Nothing to swap yet: translate something first", Kind::Info, now);
            return Vec::new();
        };
        // The old source language takes the first pane (once: a pane that
        // already showed it goes), and the panes' titles follow their codes;
        // each pane shows the result of its own language, so until the new
        // reply the first one says it has none yet instead of keeping the
        // text of the language it had.
        let targets = &mut self.translate.targets;
        targets[0] = from.clone();
        let mut first = true;
        targets.retain(|t| *t != from || std::mem::take(&mut first));
        // The new source changes every text: cursors and scrolls start over.
        self.panes.clear();
        self.sync_panes();
        self.translate.from = Some(to);
        self.set_source(&text, (0, 0));
        self.focus = Focus::Editor;
        self.translate.refresh(now);
        vec![self.save_prefs()]
    }

    /// Replaces the editor's text (a swap, a restored draft, a history
    /// entry reopened), the cursor at (row, column) or as near as there is.
    pub fn set_source(&mut self, text: &str, cursor: (usize, usize)) {
        let mut e = TextArea::from(text.split('\n'));
        e.set_wrap_mode(WrapMode::Word);
        e.set_placeholder_text("Type or paste text to translate…");
        let row = cursor.0.min(e.lines().len().saturating_sub(1));
        let col = cursor.1.min(e.lines()[row].chars().count());
        e.move_cursor(ratatui_textarea::CursorMove::Jump(
            u16::try_from(row).unwrap_or(u16::MAX),
            u16::try_from(col).unwrap_or(u16::MAX),
        ));
        self.editor = e;
        self.draft_dirty = true;
    }

    /// The draft to save, once per change of the editor's text, with its
    /// change number ([`Msg::DraftSaved`](crate::tui::effect::Msg) acknowledges it).
    pub fn take_draft(&mut self) -> Option<(u64, crate::store::drafts::Draft)> {
        if !std::mem::take(&mut self.draft_dirty) || !self.keeps_draft {
            return None;
        }
        self.draft_seq += 1;
        let c = self.editor.cursor();
        let (row, col) = (c.0, c.1);
        let draft = crate::store::drafts::Draft {
            text: self.editor.lines().join("\n"),
            cursor: (row, col),
        };
        Some((self.draft_seq, draft))
    }

    /// The effect that remembers the choices as they are now.
    pub(super) fn save_prefs(&self) -> Effect {
        Effect::SavePrefs(crate::tui::runtime::prefs::Prefs {
            targets: self.translate.targets.clone(),
            from: self.translate.from.clone(),
            options: self.translate.options.clone(),
            dictionary: Some(self.dictionary.pair.clone()),
        })
    }

    /// Whether the text on screen is not yet committed to the store.
    pub fn draft_pending(&self) -> bool {
        self.draft_saved < self.draft_seq
    }

    pub(super) fn copy(&mut self, action: Action, now: Instant) -> Vec<Effect> {
        use crate::tui::runtime::clipboard::format;
        let results = self.translate.results.as_ref();
        let shown: Vec<_> = (0..self.panes.len())
            .filter_map(|i| Some(&results?.translations[self.translation_index(i)?]))
            .collect();
        let (label, text) = match action {
            Action::CopySource => ("the source", format::source_text(self.editor.lines())),
            Action::CopyAll => ("all targets", format::all_targets(shown.iter().copied())),
            Action::CopyAlignment => (
                "the alignment pairs",
                format::alignment_pairs(&self.translate.results_for, shown.iter().copied()),
            ),
            _ => {
                let i = match self.focus {
                    Focus::Target(i) => i,
                    Focus::Editor => 0,
                };
                let text = self
                    .translation_index(i)
                    .and_then(|k| Some(results?.translations[k].text.clone()));
                ("the target", text.unwrap_or_default())
            }
        };
        if text.trim().is_empty() || (action != Action::CopySource && shown.is_empty()) {
            self.toasts
                .push(format!("Nothing to copy: {label} is empty"), Kind::Info, now);
            return Vec::new();
        }
        vec![Effect::Copy { label, text }]
    }
}
