//! The Dictionary tab: a search line, then a drill-down over the answers
//! kept on a back stack (STYLE.md pattern 5).
//!
//! # Data flow
//!
//! Pure state, no IO. The caller asks [`DictionaryTab::contexts`] for the
//! keymap contexts (the search line takes text), passes the key's action
//! to [`DictionaryTab::handle`] and carries out the [`DictOutcome`]: a
//! request ([`DictRequest`], answered by [`DictionaryTab::reply`] with a
//! [`DictReply`] of the same id), a copy, a picker, or nothing.
//!
//! The stack: Enter on the search line pushes a lookup page (up to ten
//! terms, comma-separated); Enter on a translation pushes its
//! back-translations; Enter on a back-translation pushes the examples of
//! that (term, translation) pair; `d` pivots (a translation looked up in
//! the reverse direction, a back-translation in the page's direction).
//! Esc / Backspace pops, and the page below is as it was left. An answer
//! for a page no longer on the stack is dropped.

mod component;
mod copy;
mod draw;
#[doc(hidden)]
pub mod fixtures;
mod keys;
pub mod page;
pub(crate) mod pages;
#[cfg(test)]
mod render_tests;
#[cfg(test)]
mod tests;

use crate::api::languages::LanguagesResponse;
use crate::api::limits::char_count;
use crate::api::model::{ExamplesResult, LookupResult};
use crate::tui::keymap::Context;
use crate::tui::overlays::picker::query::Query;

pub use self::page::{Load, Page, Pair};

/// The most terms one look-up takes (the service's element limit).
pub const MAX_TERMS: usize = 10;
/// The longest term (the service's element limit, counted as it counts).
pub const MAX_TERM_CHARS: usize = 100;
/// Pages kept on the back stack; the oldest go first.
const MAX_PAGES: usize = 64;
/// Look-ups kept in the tab's history.
pub const MAX_RECENT: usize = 100;

/// Where the tab's keys go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DictFocus {
    #[default]
    Search,
    Results,
}

/// A word looked up (the tab's history, newest first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recent {
    pub term: String,
    pub pair: Pair,
    /// Translations found (0: not in the dictionary).
    pub found: u32,
}

/// A request for the executor; its answer comes back with the same id.
#[derive(Clone, Debug, PartialEq)]
pub enum DictRequest {
    Lookup {
        id: u64,
        pair: Pair,
        terms: Vec<String>,
    },
    Examples {
        id: u64,
        pair: Pair,
        term: String,
        translation: String,
    },
}

/// The service's answer to a [`DictRequest`] (errors as one line).
#[derive(Debug)]
pub enum DictReply {
    Lookup {
        id: u64,
        result: Result<Vec<LookupResult>, String>,
    },
    Examples {
        id: u64,
        result: Result<Vec<ExamplesResult>, String>,
    },
}

/// Which language a picker chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    From,
    To,
}

/// What a key asks of the caller.
#[derive(Clone, Debug, PartialEq)]
pub enum DictOutcome {
    /// Not the tab's key: route it further out (global keys).
    Ignored,
    Handled,
    Request(DictRequest),
    Copy {
        label: &'static str,
        text: String,
    },
    /// Hear a word (`S`).
    Speak {
        text: String,
        language: String,
    },
    Pick(Side),
    /// The languages of the search line changed (remember them).
    PairChanged,
}

#[derive(Debug, Default)]
pub struct DictionaryTab {
    /// The languages of the search line.
    pub pair: Pair,
    pub query: Query,
    pub focus: DictFocus,
    /// The back stack; the last page is shown.
    pub stack: Vec<Page>,
    /// A problem with what was typed (too many terms…), until the next edit.
    pub problem: Option<String>,
    /// Looked-up words, newest first (the store's, then this run's).
    pub recent: Vec<Recent>,
    /// While Up/Down walk the history: the position, and what was typed.
    recall: Option<(usize, String, Pair)>,
    next_id: u64,
}

impl DictionaryTab {
    pub fn new(pair: Pair) -> Self {
        Self {
            pair,
            ..Self::default()
        }
    }

    /// The page shown.
    pub fn page(&self) -> Option<&Page> {
        self.stack.last()
    }

    /// How the last frame drew the page shown (its feedback).
    pub fn page_drawn(&mut self, shown: crate::tui::feedback::Shown) {
        if let Some(page) = self.stack.last_mut() {
            *page.scroll_mut() = shown.top;
        }
    }

    /// Where keys are routed, innermost first.
    pub fn contexts(&self) -> Vec<Context> {
        match self.focus {
            DictFocus::Search => vec![Context::DictionarySearch, Context::Dictionary],
            DictFocus::Results => vec![Context::Dictionary],
        }
    }

    /// The breadcrumb: each page's name, oldest first.
    pub fn crumbs(&self) -> Vec<String> {
        self.stack.iter().map(Page::crumb).collect()
    }

    /// Looks `terms` up from `pair` as a new page (the search line shows them).
    pub fn open(&mut self, terms: &str, pair: Pair, languages: Option<&LanguagesResponse>) -> DictOutcome {
        self.query = Query::default();
        self.query.insert(terms);
        self.pair = pair;
        self.submit(languages)
    }

    /// Looks up what the search line holds, as a new page.
    fn submit(&mut self, languages: Option<&LanguagesResponse>) -> DictOutcome {
        self.recall = None;
        let terms = split_terms(self.query.text());
        if terms.is_empty() {
            return DictOutcome::Handled;
        }
        if terms.len() > MAX_TERMS {
            self.problem = Some(format!(
                "At most {MAX_TERMS} terms at once (the dictionary's limit); {} given",
                terms.len()
            ));
            return DictOutcome::Handled;
        }
        if let Some(long) = terms.iter().find(|t| char_count(t) > MAX_TERM_CHARS) {
            self.problem = Some(format!(
                "A term is at most {MAX_TERM_CHARS} characters; one has {}",
                char_count(long)
            ));
            return DictOutcome::Handled;
        }
        self.problem = None;
        self.focus = DictFocus::Results;
        self.push_lookup(self.pair.clone(), terms, languages)
    }

    /// Pushes a lookup page and asks for it (unless the pair is not one the
    /// dictionary has: then the page says so).
    fn push_lookup(
        &mut self,
        pair: Pair,
        terms: Vec<String>,
        languages: Option<&LanguagesResponse>,
    ) -> DictOutcome {
        let id = self.id();
        let mut page = Page::lookup(id, pair.clone(), terms.clone());
        let problem = languages.and_then(|l| out_of_scope(&pair, l));
        if let (Some(why), Page::Lookup(p)) = (&problem, &mut page) {
            p.load = Load::Failed(why.clone());
        }
        self.push(page);
        match problem {
            Some(_) => DictOutcome::Handled,
            None => DictOutcome::Request(DictRequest::Lookup { id, pair, terms }),
        }
    }

    fn push_examples(&mut self, pair: Pair, term: String, translation: String) -> DictOutcome {
        let id = self.id();
        self.push(Page::examples(
            id,
            pair.clone(),
            term.clone(),
            translation.clone(),
        ));
        DictOutcome::Request(DictRequest::Examples {
            id,
            pair,
            term,
            translation,
        })
    }

    fn push(&mut self, page: Page) {
        if self.stack.len() >= MAX_PAGES {
            self.stack.remove(0);
        }
        self.stack.push(page);
    }

    /// A fresh request id from the tab's counter, for a look-up another
    /// view sends through the tab's request and reply (the word alternatives
    /// popup): ids never collide, so each answer finds its asker.
    pub fn request_id(&mut self) -> u64 {
        self.id()
    }

    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// An answer. The look-ups it completed, for the history (none when
    /// the page is gone or the answer failed).
    pub fn reply(&mut self, reply: DictReply) -> Vec<Recent> {
        let id = match &reply {
            DictReply::Lookup { id, .. } | DictReply::Examples { id, .. } => *id,
        };
        let Some(page) = self.stack.iter_mut().rev().find(|p| p.id() == Some(id)) else {
            return Vec::new();
        };
        match (page, reply) {
            (Page::Lookup(p), DictReply::Lookup { result, .. }) => match result {
                Ok(results) => {
                    let done: Vec<Recent> = p
                        .terms
                        .iter()
                        .zip(&results)
                        .map(|(term, r)| Recent {
                            term: term.clone(),
                            pair: p.pair.clone(),
                            found: u32::try_from(r.translations.len()).unwrap_or(u32::MAX),
                        })
                        .collect();
                    p.loaded(results);
                    let open = std::mem::take(&mut p.open_when_loaded);
                    let shown = self.stack.last().and_then(Page::id) == Some(id);
                    if open && shown {
                        self.drill();
                    }
                    for r in &done {
                        self.remember(r.clone());
                    }
                    done
                }
                Err(e) => {
                    p.load = Load::Failed(e);
                    Vec::new()
                }
            },
            (Page::Examples(p), DictReply::Examples { result, .. }) => {
                p.load = match result {
                    Ok(found) => Load::Loaded(found.into_iter().flat_map(|r| r.examples).collect()),
                    Err(e) => Load::Failed(e),
                };
                p.selected = 0;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// Adds a look-up to the top of the tab's history (a repeat moves up).
    pub fn remember(&mut self, r: Recent) {
        self.recent.retain(|x| !(x.term == r.term && x.pair == r.pair));
        self.recent.insert(0, r);
        self.recent.truncate(MAX_RECENT);
    }

    /// Asks again for the page shown (a new id: an older answer is stale).
    fn refresh(&mut self, languages: Option<&LanguagesResponse>) -> DictOutcome {
        let Some(page) = self.stack.pop() else {
            return DictOutcome::Handled;
        };
        match page {
            Page::Lookup(p) => self.push_lookup(p.pair, p.terms, languages),
            Page::Examples(p) => self.push_examples(p.pair, p.term, p.translation),
            page @ Page::Translation(_) => {
                self.stack.push(page);
                DictOutcome::Handled
            }
        }
    }
}

/// The terms of a search line: split at commas and semicolons (a term may
/// hold spaces: "fly lure"), trimmed, repeats dropped.
pub fn split_terms(text: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for t in text.split([',', ';', '，', '、', '；']) {
        let t = t.trim();
        if !t.is_empty() && !terms.iter().any(|x| x == t) {
            terms.push(t.to_owned());
        }
    }
    terms
}

/// Why the dictionary cannot look up from `pair.from` to `pair.to`, by
/// the languages list; `None` when it can.
pub fn out_of_scope(pair: &Pair, languages: &LanguagesResponse) -> Option<String> {
    let dict = languages.dictionary.as_ref()?;
    let name = |code: &str| match dict.get(code) {
        Some(l) => l.name.clone(),
        None => code.to_owned(),
    };
    let Some(source) = dict.get(&pair.from) else {
        return Some(format!(
            "The dictionary has no entries from “{}” (f chooses the source)",
            pair.from
        ));
    };
    if source.translations.iter().any(|t| t.code == pair.to) {
        return None;
    }
    let known: Vec<&str> = source.translations.iter().map(|t| t.code.as_str()).collect();
    Some(format!(
        "The dictionary has no {} → {} (from {} it has: {})",
        name(&pair.from),
        name(&pair.to),
        pair.from,
        known.join(", ")
    ))
}
