//! The pages of the Dictionary tab's back stack and what each shows.
//!
//! A [`Page::Lookup`] holds the answer for up to ten terms, grouped when it
//! arrives into [`Row`]s: a heading per term, a line per part of speech
//! (groups ordered by their best confidence), a row per translation. A
//! [`Page::Translation`] is one translation with its back-translations,
//! sorted by `frequencyCount` once. A [`Page::Examples`] is the examples of
//! one (term, translation) pair. Each page keeps its own selection, so
//! going back finds it as it was.

use crate::api::model::{BackTranslation, DictionaryTranslation, Example, LookupResult, PosTag};

/// Where an answer stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Load<T> {
    Loading,
    Loaded(T),
    Failed(String),
}

/// The direction of a look-up (also what the prefs remember for the tab).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pair {
    pub from: String,
    pub to: String,
}

impl Pair {
    pub fn new(from: impl Into<String>, to: impl Into<String>) -> Self {
        Self {
            from: from.into(),
            to: to.into(),
        }
    }

    pub fn reversed(&self) -> Self {
        Self::new(self.to.clone(), self.from.clone())
    }

    /// The `from`/`to` query parameters of lookup and examples.
    pub fn params(self) -> crate::api::params::DictionaryParams {
        crate::api::params::DictionaryParams {
            from: self.from,
            to: self.to,
        }
    }
}

/// One line of a lookup page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// A blank line between two terms.
    Gap,
    /// The term as the dictionary shows it (`displaySource`), or as typed.
    Term(usize),
    /// The term is not in the dictionary.
    NotFound(usize),
    Pos(usize, PosTag),
    /// Translation `.1` of term `.0` (indices into the answer).
    Item(usize, usize),
}

#[derive(Debug)]
pub struct LookupPage {
    /// The request this page waits for (a reply of another is stale).
    pub id: u64,
    pub pair: Pair,
    pub terms: Vec<String>,
    pub load: Load<Vec<LookupResult>>,
    pub rows: Vec<Row>,
    /// Index into `rows` (always an `Item` when there is one).
    pub selected: usize,
    pub scroll: usize,
    /// Enter was pressed while it loaded: open the first translation when
    /// the answer comes (typing ahead).
    pub open_when_loaded: bool,
}

#[derive(Debug)]
pub struct TranslationPage {
    pub pair: Pair,
    /// The looked-up term (`normalizedSource`, `displaySource`).
    pub source: String,
    pub display_source: String,
    pub translation: DictionaryTranslation,
    /// The back-translations, most frequent first.
    pub back: Vec<BackTranslation>,
    pub selected: usize,
    pub scroll: usize,
}

#[derive(Debug)]
pub struct ExamplesPage {
    pub id: u64,
    pub pair: Pair,
    /// The pair asked for: the term and its translation (normalized forms).
    pub term: String,
    pub translation: String,
    pub load: Load<Vec<Example>>,
    pub selected: usize,
    pub scroll: usize,
}

#[derive(Debug)]
pub enum Page {
    Lookup(LookupPage),
    Translation(TranslationPage),
    Examples(ExamplesPage),
}

impl Page {
    /// The first row of the page's list in view.
    pub fn scroll_mut(&mut self) -> &mut usize {
        match self {
            Page::Lookup(p) => &mut p.scroll,
            Page::Translation(p) => &mut p.scroll,
            Page::Examples(p) => &mut p.scroll,
        }
    }

    pub fn lookup(id: u64, pair: Pair, terms: Vec<String>) -> Self {
        Page::Lookup(LookupPage {
            id,
            pair,
            terms,
            load: Load::Loading,
            rows: Vec::new(),
            selected: 0,
            scroll: 0,
            open_when_loaded: false,
        })
    }

    pub fn translation(pair: Pair, found: &LookupResult, t: &DictionaryTranslation) -> Self {
        let mut back = t.back_translations.clone();
        // Stable: equal counts keep the service's order.
        back.sort_by_key(|b| std::cmp::Reverse(b.frequency_count));
        Page::Translation(TranslationPage {
            pair,
            source: found.normalized_source.clone(),
            display_source: found.display_source.clone(),
            translation: t.clone(),
            back,
            selected: 0,
            scroll: 0,
        })
    }

    pub fn examples(id: u64, pair: Pair, term: String, translation: String) -> Self {
        Page::Examples(ExamplesPage {
            id,
            pair,
            term,
            translation,
            load: Load::Loading,
            selected: 0,
            scroll: 0,
        })
    }

    /// The page's request id, if it asks the service for something.
    pub fn id(&self) -> Option<u64> {
        match self {
            Page::Lookup(p) => Some(p.id),
            Page::Examples(p) => Some(p.id),
            Page::Translation(_) => None,
        }
    }

    /// Its name in the breadcrumb.
    pub fn crumb(&self) -> String {
        match self {
            Page::Lookup(p) => format!("{} ({}→{})", p.terms.join(", "), p.pair.from, p.pair.to),
            Page::Translation(p) => format!("{} → {}", p.display_source, p.translation.display_target),
            Page::Examples(p) => format!("examples: {} — {}", p.term, p.translation),
        }
    }

    /// Moves the selection by `delta` rows (clamped; a lookup page skips
    /// headings).
    pub fn step(&mut self, delta: isize) {
        match self {
            Page::Lookup(p) => p.step(delta),
            Page::Translation(p) => p.selected = clamp(p.selected, delta, p.back.len()),
            Page::Examples(p) => {
                let n = match &p.load {
                    Load::Loaded(e) => e.len(),
                    _ => 0,
                };
                p.selected = clamp(p.selected, delta, n);
            }
        }
    }
}

fn clamp(at: usize, delta: isize, len: usize) -> usize {
    at.saturating_add_signed(delta).min(len.saturating_sub(1))
}

impl LookupPage {
    /// The answer arrived: its rows, the selection on the first translation.
    pub fn loaded(&mut self, results: Vec<LookupResult>) {
        self.rows = rows(&results);
        self.selected = self
            .rows
            .iter()
            .position(|r| matches!(r, Row::Item(..)))
            .unwrap_or(0);
        self.load = Load::Loaded(results);
    }

    /// The selected translation, with the term it translates.
    pub fn chosen(&self) -> Option<(&LookupResult, &DictionaryTranslation)> {
        let Load::Loaded(results) = &self.load else {
            return None;
        };
        match self.rows.get(self.selected)? {
            Row::Item(t, i) => {
                let found = results.get(*t)?;
                Some((found, found.translations.get(*i)?))
            }
            _ => None,
        }
    }

    fn step(&mut self, delta: isize) {
        let items: Vec<usize> = (0..self.rows.len())
            .filter(|&i| matches!(self.rows[i], Row::Item(..)))
            .collect();
        let Some(at) = items.iter().position(|&i| i >= self.selected) else {
            return;
        };
        let next = clamp(at, delta, items.len());
        self.selected = items[next];
    }
}

/// The rows of an answer: per term a heading, then its translations by part
/// of speech (the groups ordered by their best confidence, each group by
/// confidence), or a "not found" line.
pub fn rows(results: &[LookupResult]) -> Vec<Row> {
    let mut rows = Vec::new();
    for (t, found) in results.iter().enumerate() {
        if t > 0 {
            rows.push(Row::Gap);
        }
        rows.push(Row::Term(t));
        if found.translations.is_empty() {
            rows.push(Row::NotFound(t));
            continue;
        }
        let mut order: Vec<usize> = (0..found.translations.len()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&found.translations[a], &found.translations[b]);
            y.confidence.total_cmp(&x.confidence)
        });
        let mut groups: Vec<(PosTag, Vec<usize>)> = Vec::new();
        for i in order {
            let pos = found.translations[i].pos_tag;
            match groups.iter_mut().find(|g| g.0 == pos) {
                Some(g) => g.1.push(i),
                None => groups.push((pos, vec![i])),
            }
        }
        for (pos, items) in groups {
            rows.push(Row::Pos(t, pos));
            rows.extend(items.into_iter().map(|i| Row::Item(t, i)));
        }
    }
    rows
}

/// The tag as the service spells it.
pub fn pos_name(tag: PosTag) -> &'static str {
    match tag {
        PosTag::Adj => "ADJ",
        PosTag::Adv => "ADV",
        PosTag::Conj => "CONJ",
        PosTag::Det => "DET",
        PosTag::Modal => "MODAL",
        PosTag::Noun => "NOUN",
        PosTag::Prep => "PREP",
        PosTag::Pron => "PRON",
        PosTag::Verb => "VERB",
        PosTag::Other => "OTHER",
    }
}
