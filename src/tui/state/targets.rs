//! The target panes: one per target language (label, direction), the
//! alignment highlight of the focused pane's cursor, word steps and
//! scrolling in a target pane.

use super::{Focus, PaneView, State};

impl State {
    /// New target languages (pane order); panes are kept per position.
    pub fn set_targets(&mut self, targets: Vec<String>) {
        self.translate.targets = targets;
        self.sync_panes();
    }

    /// Keeps one [`PaneView`] per target, with its label and direction.
    pub fn sync_panes(&mut self) {
        self.panes
            .resize_with(self.translate.targets.len(), PaneView::default);
        let listed = self.languages.as_ref().and_then(|l| l.translation.as_ref());
        for (pane, code) in self.panes.iter_mut().zip(&self.translate.targets) {
            let (label, short, rtl) = match listed.and_then(|l| l.get(code)) {
                Some(l) => (
                    format!("{code} · {} {}", l.name, l.native_name),
                    format!("{code} · {}", l.name),
                    l.dir == crate::api::languages::Dir::Rtl,
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

    /// Whether the translation `k` of the results is a word-by-word gloss
    /// (the local service says so in `X-Glossa-Engine`; Azure says nothing).
    pub fn is_gloss(&self, k: usize) -> bool {
        self.engine(k) == Some(crate::api::engine::Engine::Gloss)
    }

    /// The engine of the translation `k` of the results, when the service named it.
    pub fn engine(&self, k: usize) -> Option<crate::api::engine::Engine> {
        self.translate.engines.get(k).copied().flatten()
    }

    /// The index in the results of the target shown in pane `pane`.
    pub fn translation_index(&self, pane: usize) -> Option<usize> {
        let code = self.translate.targets.get(pane)?;
        let results = self.translate.results.as_ref()?;
        results.translations.iter().position(|t| &t.to == code)
    }

    /// Lights up what the cursor of the focused pane aligns with.
    pub fn refresh_highlight(&mut self) {
        let text = self.text();
        self.highlight_in(&text);
    }

    /// [`State::refresh_highlight`] with the editor's `text` already joined.
    pub(super) fn highlight_in(&mut self, text: &str) {
        if self.translate.alignment.is_none() {
            self.translate.highlight = None;
            return;
        }
        match self.focus {
            Focus::Editor => {
                let byte = self.cursor_byte();
                self.translate.point_at(text, byte);
            }
            Focus::Target(i) => {
                let k = self.translation_index(i);
                let cursor = self.panes.get(i).and_then(|p| p.cursor);
                self.translate.point_at_target(k.zip(cursor));
                self.source_view.follow = true;
            }
        }
    }

    pub(super) fn focus_target(&mut self, i: usize) {
        if i >= self.panes.len() {
            return;
        }
        self.focus = Focus::Target(i);
        if self.panes[i].cursor.is_none() {
            let k = self.translation_index(i);
            let first = k.and_then(|k| self.translate.alignment.as_ref()?.target_step(k, None, true));
            self.panes[i].cursor = first.map(|w| w.start);
            self.panes[i].follow = true;
        }
    }

    pub(super) fn step_word(&mut self, forward: bool) {
        let Focus::Target(i) = self.focus else { return };
        let Some(k) = self.translation_index(i) else {
            return;
        };
        let Some(align) = self.translate.alignment.as_ref() else {
            return;
        };
        if let Some(w) = align.target_step(k, self.panes[i].cursor, forward) {
            self.panes[i].cursor = Some(w.start);
            self.panes[i].follow = true;
        }
    }

    pub(super) fn page(&self) -> isize {
        let h = match self.focus {
            Focus::Target(i) => self.feedback.targets.get(i).map_or(1, |r| r.height),
            Focus::Editor => 1,
        };
        crate::tui::feedback::Feedback::page(h) as isize
    }

    pub(super) fn scroll_focused(&mut self, rows: isize) {
        if let Focus::Target(i) = self.focus
            && let Some(p) = self.panes.get_mut(i)
        {
            p.scroll_by(rows);
        }
    }
}
