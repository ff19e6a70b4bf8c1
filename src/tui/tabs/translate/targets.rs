//! The target panes: one per target language (label, direction), the
//! alignment highlight of the focused pane's cursor, word steps and
//! scrolling in a target pane, and a reply applied to them.

use super::{Focus, Loading, Translate};
use crate::api::languages::{Dir, LanguagesResponse};
use crate::tui::effect::{Effect, Msg};
use crate::tui::feedback::Feedback;
use crate::tui::widgets::pane_view::PaneView;

impl Translate {
    /// New target languages (pane order); panes are kept per position.
    pub fn set_targets(&mut self, targets: Vec<String>, languages: Option<&LanguagesResponse>) {
        self.targets = targets;
        self.sync_panes(languages);
    }

    /// Keeps one [`PaneView`] per target, with its label and direction.
    pub fn sync_panes(&mut self, languages: Option<&LanguagesResponse>) {
        self.panes.resize_with(self.targets.len(), PaneView::default);
        let listed = languages.and_then(|l| l.translation.as_ref());
        for (pane, code) in self.panes.iter_mut().zip(&self.targets) {
            let (label, short, rtl) = match listed.and_then(|l| l.get(code)) {
                Some(l) => (
                    format!("{code} · {} {}", l.name, l.native_name),
                    format!("{code} · {}", l.name),
                    l.dir == Dir::Rtl,
                ),
                None => (
                    code.clone(),
                    code.clone(),
                    crate::engine::names::language_dir(code) == crate::engine::names::Dir::Rtl,
                ),
            };
            (pane.label, pane.short, pane.rtl) = (label, [short, code.clone()], rtl);
        }
        if let Focus::Target(i) = self.focus
            && i >= self.panes.len()
        {
            self.focus = Focus::Editor;
        }
    }

    /// Applies a translation reply: `None` when it was stale (an older
    /// request's), else the effects it makes due (the history record).
    pub fn apply(&mut self, msg: Msg, profile: Option<&str>) -> Option<Vec<Effect>> {
        if !self.message(msg) {
            return None;
        }
        // New texts: the word cursors pointed into the old ones.
        for (i, p) in self.panes.iter_mut().enumerate() {
            p.cursor = None;
            p.follow = self.focus == Focus::Target(i);
        }
        if let Focus::Target(i) = self.focus {
            self.focus_target(i);
        }
        // Applied and not a failure: a translation of the current text.
        if self.loading == Loading::Idle {
            return Some(self.record_translation(profile).into_iter().collect());
        }
        Some(Vec::new())
    }

    /// Whether the translation `k` of the results is a word-by-word gloss
    /// (the local service says so in `X-Glossa-Engine`; Azure says nothing).
    pub fn is_gloss(&self, k: usize) -> bool {
        self.engine(k) == Some(crate::api::engine::Engine::Gloss)
    }

    /// The engine of the translation `k` of the results, when the service named it.
    pub fn engine(&self, k: usize) -> Option<crate::api::engine::Engine> {
        self.engines.get(k).copied().flatten()
    }

    /// The index in the results of the target shown in pane `pane`.
    pub fn translation_index(&self, pane: usize) -> Option<usize> {
        let code = self.targets.get(pane)?;
        let results = self.results.as_ref()?;
        results.translations.iter().position(|t| &t.to == code)
    }

    /// Lights up what the cursor of the focused pane aligns with.
    pub fn refresh_highlight(&mut self) {
        let text = self.text();
        self.highlight_in(&text);
    }

    /// [`Translate::refresh_highlight`] with the editor's `text` already joined.
    pub fn highlight_in(&mut self, text: &str) {
        if self.alignment.is_none() {
            self.highlight = None;
            return;
        }
        match self.focus {
            Focus::Editor => {
                let byte = self.cursor_byte();
                self.point_at(text, byte);
            }
            Focus::Target(i) => {
                let k = self.translation_index(i);
                let cursor = self.panes.get(i).and_then(|p| p.cursor);
                self.point_at_target(k.zip(cursor));
                self.source_view.follow = true;
            }
        }
    }

    /// The focus on target pane `i`, its word cursor on its first word the
    /// first time.
    pub fn focus_target(&mut self, i: usize) {
        if i >= self.panes.len() {
            return;
        }
        self.focus = Focus::Target(i);
        if self.panes[i].cursor.is_none() {
            let k = self.translation_index(i);
            let first = k.and_then(|k| self.alignment.as_ref()?.target_step(k, None, true));
            self.panes[i].cursor = first.map(|w| w.start);
            self.panes[i].follow = true;
        }
    }

    /// The focus on the next (or previous) pane, the editor between the
    /// last and the first.
    pub(super) fn step_focus(&mut self, forward: bool) {
        let n = self.panes.len();
        match (self.focus, forward) {
            (Focus::Editor, true) if n > 0 => self.focus_target(0),
            (Focus::Editor, false) if n > 0 => self.focus_target(n - 1),
            (Focus::Target(i), true) if i + 1 < n => self.focus_target(i + 1),
            (Focus::Target(i), false) if i > 0 => self.focus_target(i - 1),
            _ => self.focus = Focus::Editor,
        }
    }

    /// The word cursor of the focused target pane to the next (or previous) word.
    pub fn step_word(&mut self, forward: bool) {
        let Focus::Target(i) = self.focus else { return };
        let Some(k) = self.translation_index(i) else {
            return;
        };
        let Some(align) = self.alignment.as_ref() else {
            return;
        };
        if let Some(w) = align.target_step(k, self.panes[i].cursor, forward) {
            self.panes[i].cursor = Some(w.start);
            self.panes[i].follow = true;
        }
    }

    /// The rows a page moves in the focused pane, by the last frame.
    pub(super) fn page(&self, drawn: &Feedback) -> isize {
        let h = match self.focus {
            Focus::Target(i) => drawn.targets.get(i).map_or(1, |r| r.height),
            Focus::Editor => 1,
        };
        Feedback::page(h) as isize
    }

    pub(super) fn scroll_focused(&mut self, rows: isize) {
        if let Focus::Target(i) = self.focus
            && let Some(p) = self.panes.get_mut(i)
        {
            p.scroll_by(rows);
        }
    }
}
