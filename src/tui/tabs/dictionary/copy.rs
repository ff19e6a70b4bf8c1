//! What the Dictionary tab copies: `y` the selected thing (a translation, a
//! back-translation, an example pair), `Y` the whole page as plain text.

use std::fmt::Write;

use super::page::{ExamplesPage, Load, LookupPage, Page, Row, TranslationPage, pos_name};
use super::{DictOutcome, DictionaryTab};
use crate::api::model::Example;

impl DictionaryTab {
    pub(super) fn copy_selected(&self) -> DictOutcome {
        let copied = match self.stack.last() {
            Some(Page::Lookup(p)) => p.chosen().map(|(_, t)| ("translation", t.display_target.clone())),
            Some(Page::Translation(p)) => p
                .back
                .get(p.selected)
                .map(|b| ("back-translation", b.display_text.clone())),
            Some(Page::Examples(p)) => match &p.load {
                Load::Loaded(e) => e.get(p.selected).map(|e| ("example pair", example_pair(e))),
                _ => None,
            },
            None => None,
        };
        match copied {
            Some((label, text)) => DictOutcome::Copy { label, text },
            None => DictOutcome::Handled,
        }
    }

    /// `S`: hear the selected word — a translation (in the target language), a
    /// back-translation or an example's source sentence (in the source language).
    pub(super) fn speak_selected(&self) -> DictOutcome {
        let said = match self.stack.last() {
            Some(Page::Lookup(p)) => p
                .chosen()
                .map(|(_, t)| (t.display_target.clone(), p.pair.to.clone())),
            Some(Page::Translation(p)) => p
                .back
                .get(p.selected)
                .map(|b| (b.display_text.clone(), p.pair.from.clone())),
            Some(Page::Examples(p)) => match &p.load {
                Load::Loaded(e) => e.get(p.selected).map(|e| {
                    let sentence = format!("{}{}{}", e.source_prefix, e.source_term, e.source_suffix);
                    (sentence, p.pair.from.clone())
                }),
                _ => None,
            },
            None => None,
        };
        match said {
            Some((text, language)) => DictOutcome::Speak { text, language },
            None => DictOutcome::Handled,
        }
    }

    pub(super) fn copy_page(&self) -> DictOutcome {
        let (label, text) = match self.stack.last() {
            Some(Page::Lookup(p)) => ("entry", lookup_text(p)),
            Some(Page::Translation(p)) => ("entry", translation_text(p)),
            Some(Page::Examples(p)) => ("examples", examples_text(p)),
            None => return DictOutcome::Handled,
        };
        match text {
            Some(text) => DictOutcome::Copy { label, text },
            None => DictOutcome::Handled,
        }
    }
}

/// The two sentences, one per line, each whole (prefix + term + suffix).
pub fn example_pair(e: &Example) -> String {
    format!(
        "{}{}{}\n{}{}{}",
        e.source_prefix, e.source_term, e.source_suffix, e.target_prefix, e.target_term, e.target_suffix
    )
}

/// `fly (en → fi)`, then each part of speech with its translations.
fn lookup_text(p: &LookupPage) -> Option<String> {
    let Load::Loaded(results) = &p.load else {
        return None;
    };
    let mut out = String::new();
    for row in &p.rows {
        match *row {
            Row::Term(t) => {
                let shown = results.get(t).map_or("", |r| r.display_source.as_str());
                let term = if shown.is_empty() { &p.terms[t] } else { shown };
                if !out.is_empty() {
                    out.push('\n');
                }
                let _ = writeln!(out, "{term} ({} → {})", p.pair.from, p.pair.to);
            }
            Row::NotFound(_) => out.push_str("  not in the dictionary\n"),
            Row::Gap => {}
            Row::Pos(_, pos) => {
                let _ = writeln!(out, "{}", pos_name(pos));
            }
            Row::Item(t, i) => {
                let Some(x) = results.get(t).and_then(|r| r.translations.get(i)) else {
                    continue;
                };
                let back: Vec<&str> = x
                    .back_translations
                    .iter()
                    .map(|b| b.display_text.as_str())
                    .collect();
                let prefix = if x.prefix_word.is_empty() {
                    String::new()
                } else {
                    format!("{} ", x.prefix_word)
                };
                let _ = writeln!(
                    out,
                    "  {prefix}{} ({:.2}) ← {}",
                    x.display_target,
                    x.confidence,
                    back.join(", ")
                );
            }
        }
    }
    Some(out)
}

fn translation_text(p: &TranslationPage) -> Option<String> {
    let t = &p.translation;
    let mut out = format!(
        "{} → {} ({}, {:.2})\n",
        p.display_source,
        t.display_target,
        pos_name(t.pos_tag),
        t.confidence
    );
    for b in &p.back {
        let _ = writeln!(
            out,
            "  {} (frequency {}, {} examples)",
            b.display_text, b.frequency_count, b.num_examples
        );
    }
    Some(out)
}

fn examples_text(p: &ExamplesPage) -> Option<String> {
    let Load::Loaded(examples) = &p.load else {
        return None;
    };
    let pairs: Vec<String> = examples.iter().map(example_pair).collect();
    Some(pairs.join("\n\n"))
}
