//! Documents translated in parts: a file opened in the workbench (or a text
//! too long for one request) cut into the pieces it is sent as, and the
//! pieces' translations put together again. Pure: no IO, no client.
//!
//! ```text
//! Document::new(kind, text, ceiling)
//!   Plain     one unit, the text, cut at paragraphs (blank lines), a paragraph
//!             longer than `ceiling` at sentences (the client's planner)
//!   Html      one unit, the text, cut where the client's planner cuts html
//!             (never inside a tag, a reference or a notranslate element)
//!   Markdown  one unit per block's inline content (markdown::regions), as
//!             html; a region longer than `ceiling` cut as html is
//! parts()      every piece's text, in order: the elements to send, each at
//!              most `ceiling` characters, so the client never cuts one again
//! assemble()   the pieces' results stitched per unit (the client's stitching:
//!              alignment and sentence lengths shifted, whitespace the service
//!              dropped put back), then, for Markdown, each region's html
//!              mapped back into the source, all the rest of it kept
//! ```
//!
//! A part's text is also its key: the workbench keeps the translations of
//! the parts it has (`tabs/translate/document.rs`), so a text edited again
//! sends only the parts that changed, and a cancelled translation goes on
//! where it stopped.

pub mod markdown;
#[cfg(test)]
mod tests;

use std::ops::Range;

use crate::api::limits::{Limits, char_count};
use crate::api::model::TranslateResult;
use crate::client::batch::{self, Batch, Markup, Oversize, Piece, Plan};

/// How a document's text is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    /// Text (`textType=plain`, or the options' html).
    #[default]
    Plain,
    /// An `.html`/`.htm` file: `textType=html`.
    Html,
    /// A Markdown file: its blocks' inline content as html, the rest kept.
    Markdown,
}

impl Kind {
    /// The kind of a file, by its extension.
    pub fn of(path: &std::path::Path) -> Kind {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or_default();
        if markdown::is_markdown(path) {
            Kind::Markdown
        } else if ext.eq_ignore_ascii_case("html") || ext.eq_ignore_ascii_case("htm") {
            Kind::Html
        } else {
            Kind::Plain
        }
    }

    /// Whether its parts go out as html.
    pub fn html(self) -> bool {
        self != Kind::Plain
    }
}

/// A document cut into parts.
#[derive(Clone, Debug)]
pub struct Document {
    pub kind: Kind,
    /// Each unit's text as sent (the text itself, or a region's html).
    units: Vec<String>,
    /// The Markdown regions the units are (index → region), for Markdown.
    regions: Vec<markdown::Region>,
    /// Which region each unit is.
    unit_region: Vec<usize>,
    /// Every piece, of every unit, in order (one batch: the stitching's view).
    plan: Plan,
}

impl Document {
    /// `text` read as `kind` and cut into parts of at most `ceiling`
    /// characters (UTF-16 units, as the service counts).
    pub fn new(kind: Kind, text: &str, ceiling: usize) -> Document {
        let ceiling = ceiling.max(1);
        let (units, regions, unit_region) = match kind {
            Kind::Plain | Kind::Html => (vec![text.to_owned()], Vec::new(), Vec::new()),
            Kind::Markdown => {
                let regions = markdown::regions(text);
                let translatable: Vec<usize> =
                    (0..regions.len()).filter(|&i| regions[i].translatable).collect();
                let units = translatable.iter().map(|&i| regions[i].html.clone()).collect();
                (units, regions, translatable)
            }
        };
        let mut pieces = Vec::new();
        let mut per_unit = Vec::with_capacity(units.len());
        for (u, unit) in units.iter().enumerate() {
            let before = pieces.len();
            let ranges = match kind {
                Kind::Plain => paragraph_cuts(unit, ceiling),
                Kind::Html | Kind::Markdown => cuts(unit, ceiling, Markup::Html),
            };
            let mut utf16 = 0u32;
            for bytes in ranges {
                let len = char_count(&unit[bytes.clone()]) as u32;
                pieces.push(Piece {
                    element: u,
                    bytes,
                    utf16_start: utf16,
                    utf16_len: len,
                });
                utf16 += len;
            }
            per_unit.push(pieces.len() - before);
        }
        let plan = Plan {
            batches: vec![Batch { pieces }],
            pieces_per_element: per_unit,
        };
        Document {
            kind,
            units,
            regions,
            unit_region,
            plan,
        }
    }

    /// Every part's text, in order.
    pub fn parts(&self) -> impl Iterator<Item = &str> {
        self.plan.pieces().map(|p| p.text(&self.units[p.element]))
    }

    /// How many parts there are.
    pub fn len(&self) -> usize {
        self.plan.batches[0].pieces.len()
    }

    /// Whether there is nothing to send.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The translation of `src` (the text the document was made from) from
    /// each part's result, in [`parts`](Self::parts) order.
    pub fn assemble(&self, src: &str, results: Vec<TranslateResult>) -> Result<TranslateResult, String> {
        if results.len() != self.len() {
            return Err(format!("{} results for {} parts", results.len(), self.len()));
        }
        let texts: Vec<&str> = self.units.iter().map(String::as_str).collect();
        let mut stitched =
            batch::stitch::translate(&self.plan, &texts, vec![results]).map_err(|e| e.to_string())?;
        if self.kind != Kind::Markdown {
            return stitched.pop().ok_or_else(|| "nothing was translated".to_owned());
        }
        let Some(first) = stitched.first() else {
            // Nothing to translate: every target is the source as it is.
            return Err("nothing to translate".to_owned());
        };
        let mut result = TranslateResult {
            detected_language: first.detected_language.clone(),
            translations: first.translations.clone(),
            source_text: None,
        };
        for (t, translation) in result.translations.iter_mut().enumerate() {
            let mut out = String::with_capacity(src.len() * 2);
            let mut at = 0;
            for (u, unit) in stitched.iter().enumerate() {
                let region = &self.regions[self.unit_region[u]];
                out.push_str(&src[at..region.range.start]);
                let html = unit.translations.get(t).map_or("", |x| x.text.as_str());
                out.push_str(&markdown::to_markdown(src, region, html));
                at = region.range.end;
            }
            out.push_str(&src[at..]);
            translation.text = out;
            // The offsets the service gave are the html's: none for the Markdown.
            translation.alignment = None;
            translation.sent_len = None;
            translation.transliteration = None;
        }
        Ok(result)
    }
}

/// Cuts `text` into pieces of at most `ceiling` characters where the
/// client's planner cuts (sentences, then words…; markup kept whole).
fn cuts(text: &str, ceiling: usize, markup: Markup) -> Vec<Range<usize>> {
    let limits = Limits {
        max_elements: 1,
        max_request_chars: ceiling,
        max_element_chars: ceiling,
    };
    match batch::plan_markup(&[text], limits, 1, Oversize::Split, markup) {
        Ok(plan) => plan.pieces().map(|p| p.bytes.clone()).collect(),
        // A single character longer than the ceiling: the text whole, for the
        // client to refuse with its own words.
        Err(_) => std::iter::once(0..text.len()).collect(),
    }
}

/// Cuts plain text into its paragraphs (a paragraph keeps the blank lines
/// after it), each cut further where it is longer than `ceiling`.
fn paragraph_cuts(text: &str, ceiling: usize) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let (mut start, mut at) = (0, 0);
    // The paragraph being read has a line of text, and blank lines after it.
    let (mut content, mut after_blank) = (false, false);
    for line in text.split_inclusive('\n') {
        if line.trim().is_empty() {
            after_blank = content;
        } else {
            if after_blank {
                out.extend(shifted(&text[start..at], start, ceiling));
                start = at;
                after_blank = false;
            }
            content = true;
        }
        at += line.len();
    }
    if at > start {
        out.extend(shifted(&text[start..at], start, ceiling));
    }
    out
}

fn shifted(paragraph: &str, start: usize, ceiling: usize) -> impl Iterator<Item = Range<usize>> {
    let cut = match char_count(paragraph) <= ceiling {
        true => std::iter::once(0..paragraph.len()).collect(),
        false => cuts(paragraph, ceiling, Markup::Plain),
    };
    cut.into_iter().map(move |r| r.start + start..r.end + start)
}
