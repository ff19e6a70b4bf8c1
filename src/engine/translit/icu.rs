//! ICU4X rule-based transliterators (the CLDR transforms `uconv -x` runs too).
//!
//! A transliterator is built once per thread and id (ICU4X's are not `Sync`),
//! from data compiled into the binary, in microseconds. The text is cut into
//! runs of word characters and runs of everything else, and each distinct run
//! is transliterated once and remembered (per thread, bounded): the rules of
//! the transforms used here look only inside a word, and natural text repeats
//! its words, so this is several times faster than one pass over the text and
//! gives the same output (a test checks it per route).

use std::cell::RefCell;
use std::collections::HashMap;

use icu_experimental::transliterate::Transliterator;
use icu_locale_core::Locale;
use rustc_hash::FxHashMap;

use super::chinese::is_han;
use super::{greek, hangul};

/// Runs remembered per transliterator before the memo is emptied.
const MEMO_LIMIT: usize = 200_000;
/// Runs longer than this (in bytes) are not remembered.
const MEMO_RUN_BYTES: usize = 96;
/// Runs are given to ICU4X in pieces of about this many bytes at most.
const MAX_RUN: usize = 1024;
/// From this many bytes of text on, the distinct runs are done in parallel.
const PARALLEL_BYTES: usize = 64 * 1024;

struct Runner {
    rules: Transliterator,
    memo: FxHashMap<String, String>,
}

impl Runner {
    fn new(id: &str) -> Option<Self> {
        let locale: Locale = id.parse().ok()?;
        let rules = Transliterator::try_new(&locale).ok()?;
        Some(Self {
            rules,
            memo: FxHashMap::default(),
        })
    }

    /// The rules' output for `piece`, then `fix`ed (or the fix's own output
    /// when it has one without the rules).
    fn apply(&self, piece: &str, fix: Option<Fix>) -> String {
        match fix {
            Some(fix) => fix
                .direct(piece)
                .unwrap_or_else(|| fix.after(piece, self.rules.transliterate(piece.to_owned()))),
            None => self.rules.transliterate(piece.to_owned()),
        }
    }

    fn run(&mut self, piece: &str, out: &mut String, fix: Option<Fix>) {
        if piece.len() > MEMO_RUN_BYTES {
            for chunk in run_chunks(piece) {
                out.push_str(&self.apply(chunk, fix));
            }
            return;
        }
        if let Some(done) = self.memo.get(piece) {
            out.push_str(done);
            return;
        }
        let done = self.apply(piece, fix);
        out.push_str(&done);
        if self.memo.len() >= MEMO_LIMIT {
            self.memo.clear();
        }
        self.memo.insert(piece.to_owned(), done);
    }
}

thread_local! {
    static RUNNERS: RefCell<HashMap<&'static str, Option<Runner>>> = RefCell::new(HashMap::new());
}

/// Whether a character belongs to a word run: letters, marks, digits and the
/// joiners and apostrophes that occur inside words.
pub(crate) fn in_word(c: char) -> bool {
    // Fast paths (same answer): ASCII, and the letters of Greek and Hangul
    // syllables, whose text is mostly these (`is_alphanumeric` is a table
    // search beyond ASCII).
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || matches!(c, '\'' | '-');
    }
    if matches!(c, 'Ά' | 'Έ'..='Ί' | 'Ό' | 'Ύ'..='Ρ' | 'Σ'..='ώ' | '가'..='힣') {
        return true;
    }
    c.is_alphanumeric() || matches!(c, '\u{200C}' | '\u{200D}' | '\'' | '’' | '-' | '\u{00B7}') || is_mark(c)
}

/// Combining marks (general categories Mn, Mc, Me) of the scripts in scope.
fn is_mark(c: char) -> bool {
    use icu_properties::props::GeneralCategory as G;
    let gc = icu_properties::CodePointMapData::<icu_properties::props::GeneralCategory>::new().get(c);
    matches!(gc, G::NonspacingMark | G::SpacingMark | G::EnclosingMark)
}

/// Transliterates `text` with the ICU4X transliterator `id`; `None` when the
/// id has no data. With `han_only`, only runs of Chinese characters are given
/// to it (Simplified↔Traditional changes nothing else, and its thousands of
/// rules are slow on any text).
pub(crate) fn transliterate(id: &'static str, text: &str, han_only: bool) -> Option<String> {
    run_all(id, text, han_only, None)
}

/// A correction of the rules' output of each word. One id is always used
/// with the same correction (the memo keeps its results).
pub(crate) trait WordFix: Sync {
    /// The output of `word` found without the rules (they are slow), if any.
    fn direct(&self, word: &str) -> Option<String>;
    /// The rules' `output` for `word`, corrected.
    fn after(&self, word: &str, output: String) -> String;
}

pub(crate) type Fix<'a> = &'a dyn WordFix;

/// Like [`transliterate`], each word's output then given to `fix`.
pub(crate) fn transliterate_fixed(id: &'static str, text: &str, fix: Fix) -> Option<String> {
    run_all(id, text, false, Some(fix))
}

/// A reader that writes what the rules of `id` write, without them, for
/// the runs it covers (it returns false on the others): see [`greek`], [`hangul`].
type Native = fn(&str, &mut String) -> bool;

fn native(id: &str) -> Option<Native> {
    match id {
        "el-Latn-t-el-m0-bgn" => Some(greek::write),
        "und-Latn-t-und-hang" => Some(hangul::write),
        _ => None,
    }
}

fn run_all(id: &'static str, text: &str, han_only: bool, fix: Option<Fix>) -> Option<String> {
    let runs = runs(text, han_only);
    let native = native(id).filter(|_| fix.is_none() && !han_only);
    RUNNERS.with(|runners| {
        let mut runners = runners.borrow_mut();
        let runner = runners.entry(id).or_insert_with(|| Runner::new(id)).as_mut()?;
        if text.len() >= PARALLEL_BYTES && native.is_none() {
            prefill(id, runner, &runs, fix);
        }
        let mut out = String::with_capacity(text.len() + text.len() / 4);
        for (run, convert) in runs {
            if !convert {
                out.push_str(run);
            } else if !native.is_some_and(|write| write(run, &mut out)) {
                runner.run(run, &mut out, fix);
            }
        }
        Some(out)
    })
}

/// The text cut into runs of word characters (or of Chinese characters) and
/// runs of anything else: `(run, whether it goes through the rules)`.
fn runs(text: &str, han_only: bool) -> Vec<(&str, bool)> {
    let class = |c: char| if han_only { is_han(c) } else { in_word(c) };
    let mut runs = Vec::new();
    let mut start = 0;
    let mut current = None;
    for (i, c) in text.char_indices() {
        let w = class(c);
        if let Some(prev) = current.filter(|&prev| prev != w) {
            runs.push((&text[start..i], prev || !han_only));
            start = i;
        }
        current = Some(w);
    }
    if let Some(last) = current {
        runs.push((&text[start..], last || !han_only));
    }
    runs
}

/// For a large text, transliterates the distinct runs the memo lacks on all
/// cores at once (each thread with its own transliterator), then remembers them.
fn prefill(id: &'static str, runner: &mut Runner, runs: &[(&str, bool)], fix: Option<Fix>) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let mut seen = rustc_hash::FxHashSet::default();
    let missing: Vec<&str> = runs
        .iter()
        .filter(|&&(run, convert)| convert && run.len() <= MEMO_RUN_BYTES)
        .map(|&(run, _)| run)
        .filter(|run| !runner.memo.contains_key(*run) && seen.insert(*run))
        .collect();
    if threads < 2 || missing.len() < 512 || missing.len() + runner.memo.len() > MEMO_LIMIT {
        return;
    }
    let per_thread = missing.len().div_ceil(threads);
    let done: Vec<Vec<String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = missing
            .chunks(per_thread)
            .map(|chunk| {
                scope.spawn(move || {
                    let Some(worker) = Runner::new(id) else {
                        return Vec::new();
                    };
                    chunk.iter().map(|run| worker.apply(run, fix)).collect()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect()
    });
    for (chunk, outputs) in missing.chunks(per_thread).zip(done) {
        for (run, output) in chunk.iter().zip(outputs) {
            runner.memo.insert((*run).to_owned(), output);
        }
    }
}

/// Cuts a run longer than `MAX_RUN` bytes before a character that is not a
/// mark: ICU4X's rules take time quadratic in the length of what they are given.
fn run_chunks(run: &str) -> impl Iterator<Item = &str> {
    let mut rest = run;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut cut = rest.len();
        if rest.len() > MAX_RUN {
            cut = rest
                .char_indices()
                .skip_while(|&(i, _)| i < MAX_RUN)
                .find(|&(_, c)| !is_mark(c) && !matches!(c, '\u{200C}' | '\u{200D}'))
                .map_or(rest.len(), |(i, _)| i);
        }
        let (chunk, tail) = rest.split_at(cut);
        rest = tail;
        Some(chunk)
    })
}

/// One pass of the whole text, without runs or memo (the reference the
/// run-splitting is tested against).
#[cfg(test)]
pub(crate) fn transliterate_whole(id: &str, text: &str) -> Option<String> {
    Runner::new(id).map(|r| r.rules.transliterate(text.to_owned()))
}

/// Today's path without the native readers: each run through the rules
/// (the reference [`greek`] and [`hangul`] are tested against).
#[cfg(test)]
pub(crate) fn transliterate_by_rules(id: &str, text: &str) -> Option<String> {
    let runner = Runner::new(id)?;
    let runs = runs(text, false).into_iter();
    Some(runs.map(|(run, _)| runner.apply(run, None)).collect())
}
