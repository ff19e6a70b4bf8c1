//! What the history searches share: a user's query cut into terms, each
//! term as an FTS5 string literal (3 characters or more: the trigram index)
//! or as `LIKE` patterns (shorter terms, which a trigram index cannot find),
//! and the places a term occurs in a text, for highlighting.
//!
//! A query is never FTS5 syntax: every term is quoted, so `"`, `*`, `AND`,
//! `-` or `NEAR(` in it are searched for literally and cannot be a syntax
//! error. Several terms must all occur (in any order, in the source or a
//! translation). Matching ignores case, as the index does (Unicode case
//! folding); `LIKE` folds only ASCII, so a short term is also tried in its
//! other cases.

use std::ops::Range;

/// Terms of at least this many characters go to the trigram index.
pub const MIN_INDEXED: usize = 3;

/// A query cut at white space (and control characters: FTS5 reads its
/// query up to a NUL), each term once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Every term, in the order typed.
    pub all: Vec<String>,
}

impl Terms {
    pub fn parse(query: &str) -> Self {
        let mut all: Vec<String> = Vec::new();
        let cuts = |c: char| c.is_whitespace() || c.is_control();
        for t in query.split(cuts).filter(|t| !t.is_empty()) {
            if !all.iter().any(|a| a == t) {
                all.push(t.to_owned());
            }
        }
        Self { all }
    }

    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }

    /// The terms the trigram index can find.
    pub fn indexed(&self) -> impl Iterator<Item = &str> {
        self.all
            .iter()
            .map(String::as_str)
            .filter(|t| t.chars().count() >= MIN_INDEXED)
    }

    /// The terms too short for the index.
    pub fn short(&self) -> impl Iterator<Item = &str> {
        self.all
            .iter()
            .map(String::as_str)
            .filter(|t| t.chars().count() < MIN_INDEXED)
    }

    /// The FTS5 query for the indexed terms (all must match), `None` when
    /// every term is short.
    pub fn fts(&self) -> Option<String> {
        let quoted: Vec<String> = self.indexed().map(fts_string).collect();
        (!quoted.is_empty()).then(|| quoted.join(" "))
    }
}

/// `term` as an FTS5 string literal: in double quotes, quotes doubled.
pub fn fts_string(term: &str) -> String {
    format!("\"{}\"", term.replace('"', "\"\""))
}

/// `LIKE … ESCAPE '\'` patterns finding `term` anywhere, one per case
/// variant of its non-ASCII letters (SQLite's `LIKE` folds only ASCII).
pub fn like_patterns(term: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for c in term.chars() {
        let mut forms = vec![c];
        if !c.is_ascii() {
            for f in [single(c.to_lowercase()), single(c.to_uppercase())]
                .into_iter()
                .flatten()
            {
                if !forms.contains(&f) {
                    forms.push(f);
                }
            }
        }
        out = out
            .iter()
            .flat_map(|p| forms.iter().map(move |f| format!("{p}{}", escape_like(*f))))
            .collect();
    }
    out.into_iter().map(|p| format!("%{p}%")).collect()
}

fn single(mut it: impl Iterator<Item = char>) -> Option<char> {
    let c = it.next()?;
    it.next().is_none().then_some(c)
}

fn escape_like(c: char) -> String {
    match c {
        '%' | '_' | '\\' => format!("\\{c}"),
        c => c.to_string(),
    }
}

/// Where the terms occur in `text`, ignoring case: sorted, merged byte
/// ranges on character boundaries.
pub fn marks(text: &str, terms: &Terms) -> Vec<Range<usize>> {
    if terms.is_empty() || text.is_empty() {
        return Vec::new();
    }
    let (folded, spans) = fold(text);
    let mut found = Vec::new();
    for term in &terms.all {
        let needle = fold(term).0;
        if needle.is_empty() {
            continue;
        }
        let mut from = 0;
        while let Some(at) = folded[from..].find(&needle) {
            let start = from + at;
            let (a, b) = (span_at(&spans, start), span_at(&spans, start + needle.len() - 1));
            found.push(spans[a].1.start..spans[b].1.end);
            from = start + folded[start..].chars().next().map_or(1, char::len_utf8);
        }
    }
    merge(found)
}

/// `text` lower-cased, with each original character's place: (start in
/// the folded text, its byte range in `text`).
fn fold(text: &str) -> (String, Vec<(usize, Range<usize>)>) {
    let mut folded = String::with_capacity(text.len());
    let mut spans = Vec::with_capacity(text.len());
    for (b, c) in text.char_indices() {
        spans.push((folded.len(), b..b + c.len_utf8()));
        folded.extend(c.to_lowercase());
    }
    (folded, spans)
}

/// The original character whose folded form holds folded byte `at`.
fn span_at(spans: &[(usize, Range<usize>)], at: usize) -> usize {
    spans.partition_point(|s| s.0 <= at).saturating_sub(1)
}

fn merge(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_split_and_deduplicated() {
        let t = Terms::parse("  bank 银行 a bank  ");
        assert_eq!(t.all, ["bank", "银行", "a"]);
        assert_eq!(t.indexed().collect::<Vec<_>>(), ["bank"]);
        assert_eq!(t.short().collect::<Vec<_>>(), ["银行", "a"]);
        assert_eq!(t.fts().as_deref(), Some("\"bank\""));
        assert_eq!(Terms::parse("ab").fts(), None);
    }

    #[test]
    fn fts_strings_quote_everything() {
        assert_eq!(fts_string(r#"say "hi"*"#), r#""say ""hi""*""#);
        assert_eq!(
            Terms::parse("AND NEAR( -x").fts().as_deref(),
            Some(r#""AND" "NEAR(""#)
        );
    }

    #[test]
    fn like_patterns_escape_and_vary_case() {
        assert_eq!(like_patterns("5%"), ["%5\\%%"]);
        assert_eq!(like_patterns("a_"), ["%a\\_%"]);
        assert_eq!(like_patterns("Дa"), ["%Дa%", "%дa%"]);
        assert_eq!(like_patterns("银行"), ["%银行%"]);
    }

    #[test]
    fn marks_ignore_case_and_stay_on_char_boundaries() {
        let t = Terms::parse("привет");
        assert_eq!(marks("Ну, Привет!", &t), [6..18]);
        // İ lower-cases to two characters; the mark covers the whole İ.
        assert_eq!(marks("xİy", &Terms::parse("i")), [1..3]);
        assert_eq!(marks("我有一个银行账户。", &Terms::parse("银行")), [12..18]);
        // Overlapping and adjacent finds merge.
        assert_eq!(marks("aaaa", &Terms::parse("aa")), [0..4]);
        assert_eq!(
            marks("bank account", &Terms::parse("account bank")),
            [0..4, 5..12]
        );
        assert!(marks("nothing", &Terms::parse("zz")).is_empty());
    }
}
