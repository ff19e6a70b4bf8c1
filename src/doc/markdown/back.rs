//! A region's translation (html) back to Markdown.
//!
//! The translation is read the forgiving way: text (character references
//! decoded) and tags. A tag whose `id` names one of the region's marks puts
//! that mark's source back: a kept element's text (its translated content,
//! which the service leaves alone anyway, is skipped), a line break with the
//! next line's prefix, or a pair's opening delimiter — its closing one at the
//! closing tag of the same name. Tags the service added, and a mark's second
//! copy, are left out.
//!
//! What the service may have lost is put back so nothing of the source
//! disappears: a pair left open is closed at the end, a kept element or a
//! link that never came back is appended (a lost emphasis is only lost
//! emphasis; a lost line break joins two lines of one paragraph). Text never
//! changes the block it is in: a line break inside it is a space, a `|` in a
//! table cell is escaped, and a line that would start a new block (`#`, `>`,
//! `- `, `1. `…) gets its first character escaped.

use super::{Mark, Region};

/// The Markdown for `region` of `src` from `html`, the translation of its
/// [`Region::html`].
pub fn to_markdown(src: &str, region: &Region, html: &str) -> String {
    let mut b = Back {
        src,
        region,
        out: String::with_capacity(html.len()),
        seen: vec![false; region.marks.len()],
        open: Vec::new(),
        line_start: false,
    };
    let mut rest = html;
    while let Some(i) = rest.find(['<', '&']) {
        let (text, at) = rest.split_at(i);
        b.text(text);
        rest = match at.as_bytes()[0] {
            b'<' => match tag(at) {
                Some((t, len)) => {
                    let after = &at[len..];
                    b.tag(&t, after)
                }
                None => {
                    b.text("<");
                    &at[1..]
                }
            },
            _ => {
                let (decoded, len) = reference(at);
                b.text(&decoded);
                &at[len..]
            }
        };
    }
    b.text(rest);
    b.finish()
}

struct Back<'a> {
    src: &'a str,
    region: &'a Region,
    out: String,
    seen: Vec<bool>,
    /// Open pairs: the tag name and the mark (`None`: a copy, left out).
    open: Vec<(String, Option<usize>)>,
    /// The text goes at the start of a line (after a line break).
    line_start: bool,
}

impl<'a> Back<'a> {
    /// Text, decoded; never a new line or a new block.
    fn text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        let mut text = text.replace(['\n', '\r'], " ");
        if self.line_start {
            text = text.trim_start().to_owned();
            if text.is_empty() {
                return;
            }
            text = guard_line_start(&text);
            self.line_start = false;
        }
        if self.region.in_table {
            // A `|` ends the cell unless escaped (a `\` kept before it escapes it).
            for c in text.chars() {
                if c == '|' && !self.out.ends_with('\\') {
                    self.out.push('\\');
                }
                self.out.push(c);
            }
            return;
        }
        self.out.push_str(&text);
    }

    fn source(&self, r: &std::ops::Range<usize>) -> &'a str {
        &self.src[r.clone()]
    }

    /// A tag: its mark's source put back; the rest of the html after it.
    fn tag<'h>(&mut self, t: &Tag, after: &'h str) -> &'h str {
        if t.closing {
            if let Some(i) = self.open.iter().rposition(|(name, _)| *name == t.name) {
                let (_, mark) = self.open.remove(i);
                if let Some(Mark::Pair { close, .. }) = mark.map(|k| &self.region.marks[k]) {
                    self.out.push_str(self.source(close));
                }
            }
            return after;
        }
        let Some(k) = t.id.filter(|&k| k < self.region.marks.len()) else {
            return after;
        };
        let first = !std::mem::replace(&mut self.seen[k], true);
        match &self.region.marks[k] {
            Mark::Keep(r) => {
                if first {
                    let kept = self.source(r);
                    self.push_source(kept);
                }
                if t.self_closing {
                    after
                } else {
                    skip_element(after, &t.name)
                }
            }
            Mark::Break(r) => {
                if first {
                    let trimmed = self.out.trim_end_matches([' ', '\t']).len();
                    self.out.truncate(trimmed);
                    self.out.push_str(self.source(r));
                    self.line_start = true;
                }
                after
            }
            Mark::Pair { open, .. } => {
                if first {
                    let opening = self.source(open);
                    self.push_source(opening);
                }
                if !t.self_closing {
                    self.open.push((t.name.clone(), first.then_some(k)));
                }
                after
            }
        }
    }

    /// Source text put back as it was written.
    fn push_source(&mut self, text: &str) {
        self.line_start = false;
        self.out.push_str(text);
    }

    /// Pairs left open closed; marks that never came back appended.
    fn finish(mut self) -> String {
        while let Some((_, mark)) = self.open.pop() {
            if let Some(Mark::Pair { close, .. }) = mark.map(|k| &self.region.marks[k]) {
                self.out.push_str(self.source(close));
            }
        }
        for (k, mark) in self.region.marks.iter().enumerate() {
            if self.seen[k] {
                continue;
            }
            let lost = match mark {
                Mark::Keep(r) => self.source(r).to_owned(),
                Mark::Pair {
                    open,
                    close,
                    link: true,
                } => format!("{}{}", self.source(open), self.source(close)),
                Mark::Pair { .. } | Mark::Break(_) => continue,
            };
            if !self.out.is_empty() && !self.out.ends_with(char::is_whitespace) && !lost.starts_with(' ') {
                self.out.push(' ');
            }
            self.out.push_str(&lost);
        }
        self.out
    }
}

/// A tag as read: its name (lowercase), whether it closes or closes itself,
/// and the mark its `id` names (`m12` → 12).
#[derive(Debug, PartialEq, Eq)]
struct Tag {
    name: String,
    closing: bool,
    self_closing: bool,
    id: Option<usize>,
}

/// The tag at the start of `s` (which starts with `<`) and its length;
/// `None` when it is no tag (a `<` of the text).
fn tag(s: &str) -> Option<(Tag, usize)> {
    let end = s.find('>')?;
    let inner = &s[1..end];
    let (closing, inner) = match inner.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let name_len = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == ':'))
        .unwrap_or(inner.len());
    let name = &inner[..name_len];
    if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let attrs = &inner[name_len..];
    Some((
        Tag {
            name: name.to_ascii_lowercase(),
            closing,
            self_closing: attrs.trim_end().ends_with('/') || name.eq_ignore_ascii_case("br"),
            id: id_attr(attrs),
        },
        end + 1,
    ))
}

/// The number of an `id="m12"` attribute (quotes optional, any case).
fn id_attr(attrs: &str) -> Option<usize> {
    let lower = attrs.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find("id").map(|i| from + i) {
        from = i + 2;
        let before = lower[..i].chars().next_back();
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let rest = lower[i + 2..].trim_start();
        let Some(value) = rest.strip_prefix('=') else {
            continue;
        };
        let value = value.trim_start().trim_start_matches(['"', '\'']);
        let digits = value.strip_prefix('m')?;
        let n = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
        return digits[..n].parse().ok();
    }
    None
}

/// The html after the element whose start tag (named `name`) was just read:
/// its content and its end tag skipped (elements of the same name inside
/// counted).
fn skip_element<'h>(html: &'h str, name: &str) -> &'h str {
    let mut depth = 1;
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        let at = &rest[i..];
        match tag(at) {
            Some((t, len)) if t.name == name && !t.self_closing => {
                depth += if t.closing { -1 } else { 1 };
                rest = &at[len..];
                if depth == 0 {
                    return rest;
                }
            }
            Some((_, len)) => rest = &at[len..],
            None => rest = &at[1..],
        }
    }
    ""
}

/// The character reference at the start of `s` (which starts with `&`),
/// decoded, and its length; an `&` that starts none is itself.
fn reference(s: &str) -> (String, usize) {
    let Some(end) = s[..s.len().min(12)].find(';') else {
        return ("&".into(), 1);
    };
    let name = &s[1..end];
    let decoded = match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        "nbsp" => Some('\u{a0}'),
        _ => name.strip_prefix('#').and_then(|n| {
            let code = match n.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                None => n.parse().ok(),
            };
            code.and_then(char::from_u32)
        }),
    };
    match decoded {
        Some(c) => (c.to_string(), end + 1),
        None => ("&".into(), 1),
    }
}

/// `text` at the start of a line, escaped where it would start a block:
/// a heading, a quote, a list item, a thematic break or a setext underline.
fn guard_line_start(text: &str) -> String {
    let first = text.chars().next().unwrap_or(' ');
    let second = text.chars().nth(1);
    let blank_after = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let block = match first {
        '#' | '>' | '=' => true,
        '-' | '+' | '*' => blank_after(second) || text.trim_end().chars().all(|c| c == first || c == ' '),
        _ => false,
    };
    if block {
        return format!("\\{text}");
    }
    let digits = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    if (1..=9).contains(&digits) {
        let after = &text[digits..];
        if let Some(mark) = after.chars().next().filter(|c| *c == '.' || *c == ')')
            && blank_after(after[1..].chars().next())
        {
            return format!("{}\\{mark}{}", &text[..digits], &after[1..]);
        }
    }
    text.to_owned()
}
