//! What the tab's keys do beyond moving: swap, the copies, a word looked
//! up (in the Dictionary tab or its alternatives popup) and a target's
//! second script. Each answers with an [`Outcome`] for the shell.

use std::time::Instant;

use super::{Focus, Translate};
use crate::api::languages::LanguagesResponse;
use crate::tui::component::Outcome;
use crate::tui::effect::Effect;
use crate::tui::keymap::Action;
use crate::tui::overlays::alternatives::Opening;
use crate::tui::overlays::options::TranslateOptions;
use crate::tui::tabs::dictionary::Pair;
use crate::tui::tabs::translate::align::{PaneHighlight, word_at};

impl Translate {
    /// `x`: the first target becomes the source language and its
    /// translation the source text; the source language becomes that target.
    pub(super) fn swap(&mut self, languages: Option<&LanguagesResponse>, now: Instant) -> Outcome {
        let from = self.from.clone().or_else(|| {
            let d = self.results.as_ref()?.detected_language.as_ref()?;
            Some(d.language.clone())
        });
        let first = self.translation_index(0).and_then(|k| {
            let tr = &self.results.as_ref()?.translations[k];
            Some((tr.to.clone(), tr.text.clone()))
        });
        let (Some(from), Some((to, text))) = (from, first) else {
            return Outcome::Note("Nothing to swap yet: translate something first".into());
        };
        // The old source language takes the first pane (once: a pane that
        // already showed it goes), and the panes' titles follow their codes;
        // each pane shows the result of its own language, so until the new
        // reply the first one says it has none yet instead of keeping the
        // text of the language it had.
        let targets = &mut self.targets;
        targets[0] = from.clone();
        let mut first = true;
        targets.retain(|t| *t != from || std::mem::take(&mut first));
        // The new source changes every text: cursors and scrolls start over.
        self.panes.clear();
        self.sync_panes(languages);
        self.from = Some(to);
        self.set_source(&text, (0, 0));
        self.focus = Focus::Editor;
        self.refresh(now);
        Outcome::PrefsChanged
    }

    pub(super) fn copy(&self, action: Action) -> Outcome {
        use crate::tui::runtime::clipboard::format;
        let results = self.results.as_ref();
        let shown: Vec<_> = (0..self.panes.len())
            .filter_map(|i| Some(&results?.translations[self.translation_index(i)?]))
            .collect();
        let (label, text) = match action {
            Action::CopySource => ("the source", format::source_text(self.editor.lines())),
            Action::CopyAll => ("all targets", format::all_targets(shown.iter().copied())),
            Action::CopyAlignment => (
                "the alignment pairs",
                format::alignment_pairs(&self.results_for, shown.iter().copied()),
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
            return Outcome::Note(format!("Nothing to copy: {label} is empty"));
        }
        Outcome::Effects(vec![Effect::Copy { label, text }])
    }

    /// The source language: the chosen one, else the detected one.
    fn source_language(&self) -> Option<String> {
        self.from.clone().or_else(|| {
            let detected = self.results.as_ref()?.detected_language.as_ref()?;
            Some(detected.language.clone())
        })
    }

    /// `d` on a target pane or Ctrl+L in the editor: the word under the
    /// cursor, to look up in the Dictionary tab — from the source language
    /// to the first target, or from a target pane's language to the source.
    pub(super) fn lookup_word(&self) -> Outcome {
        let source = self.source_language();
        let found = match self.focus {
            Focus::Editor => {
                let text = self.text();
                let word = word_at(&text, self.cursor_byte()).map(|r| text[r].to_owned());
                word.zip(source.clone())
                    .zip(self.targets.first().cloned())
                    .map(|((w, from), to)| (w, Pair::new(from, to)))
            }
            Focus::Target(i) => {
                let translation = self
                    .translation_index(i)
                    .and_then(|k| Some(self.results.as_ref()?.translations.get(k)?.text.clone()));
                let cursor = self.panes.get(i).and_then(|p| p.cursor);
                let word = translation
                    .zip(cursor)
                    .and_then(|(text, at)| Some(text[word_at(&text, at)?].to_owned()));
                word.zip(source.clone())
                    .zip(self.targets.get(i).cloned())
                    .map(|((w, to), from)| (w, Pair::new(from, to)))
            }
        };
        match (found, source) {
            (Some((word, pair)), _) => Outcome::LookUp(word, pair),
            (None, None) => Outcome::Note(
                "No word to look up yet: the source language is not known (f chooses it)".into(),
            ),
            (None, Some(_)) => Outcome::Note("No word under the cursor to look up".into()),
        }
    }

    /// Enter on a target pane: the alternatives of the word under its
    /// cursor. With no word to show them for (nothing translated yet), Enter
    /// keeps its older meaning there: back to the editor.
    pub fn word_alternatives(&mut self) -> Outcome {
        let Focus::Target(i) = self.focus else {
            return Outcome::Handled;
        };
        match self.opening(i) {
            Some(opening) => Outcome::Alternatives(Box::new(opening)),
            None => {
                self.focus = Focus::Editor;
                Outcome::Handled
            }
        }
    }

    /// The word under pane `i`'s cursor, its place, and the source words it
    /// is aligned with (`None`: no alignment; empty: no counterpart).
    fn opening(&self, i: usize) -> Option<Opening> {
        let k = self.translation_index(i)?;
        let text = &self.results.as_ref()?.translations.get(k)?.text;
        let align = self.alignment.as_ref()?;
        let at = align.target_word_at(k, self.panes.get(i)?.cursor?)?;
        let source = match align.for_target(k, at.start).source {
            PaneHighlight::Unavailable => None,
            PaneHighlight::NoCounterpart => Some(String::new()),
            PaneHighlight::Spans(spans) => Some(
                spans
                    .iter()
                    .filter_map(|r| self.results_for.get(r.clone()))
                    .map(str::trim)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        };
        Some(Opening {
            pane: i,
            word: text.get(at.clone())?.to_owned(),
            at,
            pair: self
                .source_language()
                .zip(self.targets.get(i).cloned())
                .map(|(f, to)| Pair::new(f, to)),
            source,
        })
    }

    /// `T` on a target pane: its next script from the transliteration
    /// scope (none → each `toScript` of its usual script → none).
    pub(super) fn cycle_script(&mut self, languages: Option<&LanguagesResponse>, now: Instant) -> Outcome {
        let Focus::Target(i) = self.focus else {
            return Outcome::Handled;
        };
        let Some(code) = self.targets.get(i).cloned() else {
            return Outcome::Handled;
        };
        let choices: Vec<String> = languages
            .and_then(|l| l.transliteration.as_ref()?.get(&code).cloned())
            .and_then(|t| t.scripts.into_iter().next())
            .map(|s| s.to_scripts.into_iter().map(|t| t.code).collect())
            .unwrap_or_default();
        if choices.is_empty() {
            return Outcome::Note(format!("{code} has no other script to show"));
        }
        let scripts = &mut self.options.to_script;
        let next = match scripts.get(&code) {
            None => Some(choices[0].clone()),
            Some(cur) => choices.iter().skip_while(|c| *c != cur).nth(1).cloned(),
        };
        let note = match &next {
            Some(s) => format!("{code} also shown in {s}"),
            None => format!("{code}: no second script"),
        };
        match next {
            Some(s) => scripts.insert(code, s),
            None => scripts.remove(&code),
        };
        self.refresh(now);
        Outcome::All(vec![Outcome::Note(note), Outcome::PrefsChanged])
    }

    /// The options to send: when some target has a script, the others get
    /// their own (the service needs one `toScript` per `to`, 400070).
    pub fn options_to_send(&self, languages: Option<&LanguagesResponse>) -> TranslateOptions {
        let mut options = self.options.clone();
        if self.targets.iter().any(|t| options.script_of(t).is_some()) {
            for t in &self.targets {
                if options.script_of(t).is_none()
                    && let Some(own) = own_script(languages, t)
                {
                    options.to_script.insert(t.clone(), own);
                }
            }
        }
        options
    }
}

/// The script a language is written in: its first in the transliteration
/// scope, else CLDR's likely script.
fn own_script(languages: Option<&LanguagesResponse>, code: &str) -> Option<String> {
    let listed = languages.and_then(|l| l.transliteration.as_ref()?.get(code)?.scripts.first());
    if let Some(s) = listed {
        return Some(s.code.clone());
    }
    let mut id: icu_locale_core::LanguageIdentifier = code.parse().ok()?;
    icu_locale::LocaleExpander::new_common().maximize(&mut id);
    id.script.map(|s| s.to_string())
}

impl Translate {
    /// `S` on a target, Alt+S in the editor: hear the focused target or the source
    /// (in the chosen language, else the detected one).
    pub fn speak(&self) -> Outcome {
        let (text, language) = match self.focus {
            Focus::Editor => {
                let detected = self.results.as_ref().and_then(|r| r.detected_language.as_ref());
                let language = self.from.clone().or_else(|| detected.map(|d| d.language.clone()));
                (self.text(), language)
            }
            Focus::Target(i) => {
                let k = self.translation_index(i);
                let tr = k.and_then(|k| self.results.as_ref()?.translations.get(k));
                (
                    tr.map(|t| t.text.clone()).unwrap_or_default(),
                    tr.map(|t| t.to.clone()),
                )
            }
        };
        match language {
            Some(language) if !text.trim().is_empty() => {
                Outcome::Effects(vec![Effect::Speak { text, language }])
            }
            _ => Outcome::Note("Nothing to hear yet".into()),
        }
    }
}

impl Translate {
    /// `W`: watch the clipboard, or stop.
    pub fn toggle_watch(&mut self) -> Outcome {
        self.watching = !self.watching;
        let note = match self.watching {
            true => "Watching the clipboard: text copied elsewhere is translated at once (W stops)",
            false => "No longer watching the clipboard",
        };
        Outcome::All(vec![
            Outcome::Toast(note.into(), crate::tui::widgets::toast::Kind::Ok),
            Outcome::Effects(vec![Effect::WatchClipboard(self.watching)]),
        ])
    }

    /// Text copied in another program (it replaces the source and goes out at
    /// once), or why the clipboard cannot be watched.
    pub fn copied_elsewhere(&mut self, copied: Result<String, String>, now: Instant) -> Outcome {
        if !self.watching {
            return Outcome::Handled;
        }
        match copied {
            Ok(text) => {
                self.set_source(&text, (0, 0));
                self.text_edited(now);
                self.refresh(now);
                Outcome::Retexted
            }
            Err(why) => {
                self.watching = false;
                Outcome::Toast(
                    format!("Clipboard watch stopped: {why}"),
                    crate::tui::widgets::toast::Kind::Error,
                )
            }
        }
    }
}

/// Where a target's translation of `file` goes: beside it, the language before
/// the extension (`notes.txt` → `notes.ja.txt`, `README` → `README.ja`).
pub fn translation_path(file: &std::path::Path, language: &str) -> std::path::PathBuf {
    let stem = file
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match file.extension() {
        Some(ext) => format!("{stem}.{language}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{language}"),
    };
    file.with_file_name(name)
}

impl Translate {
    /// Ctrl+S: each target of the results, written next to the opened file.
    pub fn save_translations(&self) -> Outcome {
        let Some(file) = &self.file else {
            return Outcome::Note("No file to save next to: open one with `glossa FILE`".into());
        };
        if let Some(why) = self.unfinished() {
            return Outcome::Note(format!("Not saved: {why}"));
        }
        let Some(results) = self.results.as_ref().filter(|_| self.results_for == self.text()) else {
            return Outcome::Note(
                "Nothing to save yet: the translation of the file's text has not come".into(),
            );
        };
        let files = results
            .translations
            .iter()
            .map(|t| (translation_path(file, &t.to), t.text.clone()))
            .collect();
        Outcome::Effects(vec![Effect::SaveFiles(files)])
    }

    /// Opens `file` as the source: its text in the editor, HTML as HTML,
    /// Markdown in parts with its markup kept; translated at once.
    pub fn open_file(&mut self, file: &std::path::Path, text: &str, now: Instant) {
        self.set_source(text, (0, 0));
        self.text_edited(now);
        self.kind = crate::doc::Kind::of(file);
        if self.kind == crate::doc::Kind::Html {
            self.options.text_type = crate::api::params::TextType::Html;
        }
        self.file = Some(file.to_path_buf());
        self.job = None;
        self.focus = super::Focus::Editor;
        self.refresh(now);
    }
}
