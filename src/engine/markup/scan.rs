//! A forgiving HTML tag scanner: reads one tag, comment or declaration at a `<`, or
//! says there is none (then the `<` is text). It never reads past the input and
//! never panics; every position it returns is just after an ASCII byte, so always a
//! character boundary.
//!
//! Linear time on any input: a [`Scanner`] remembers what the input lacks (no `>`, no
//! closing quote, no closing dictionary tag after some position), so a run of broken
//! tags (`<a <a <a …`) is not rescanned to the end once per `<`. Once a tag has run
//! unterminated to the end of the input, every later `<` is text.

use std::cell::Cell;
use std::ops::Range;

/// What starts at a `<`.
#[derive(Debug)]
pub(super) struct Tag {
    pub kind: TagKind,
    /// Byte range of the tag name (empty for comments and declarations).
    pub name: Range<usize>,
    /// Attributes: name range, value range (without quotes; empty when absent).
    pub attrs: Vec<(Range<usize>, Range<usize>)>,
    /// `<br/>`
    pub self_closing: bool,
    /// Byte offset just past the tag.
    pub end: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TagKind {
    Start,
    End,
    /// `<!-- -->`, `<!DOCTYPE>`, `<?xml?>`: kept as they are.
    Other,
}

impl Tag {
    pub fn name_is(&self, s: &str, name: &str) -> bool {
        s.get(self.name.clone())
            .is_some_and(|n| n.eq_ignore_ascii_case(name))
    }

    /// The raw value of attribute `name`, if present.
    pub fn attr<'a>(&self, s: &'a str, name: &str) -> Option<&'a str> {
        self.attrs
            .iter()
            .find(|(n, _)| s.get(n.clone()).is_some_and(|n| n.eq_ignore_ascii_case(name)))
            .and_then(|(_, v)| s.get(v.clone()))
    }
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b':' | b'-' | b'_' | b'.')
}

/// Elements with no content and no end tag.
pub(super) fn is_void(name: &str) -> bool {
    const VOID: [&str; 14] = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
        "track", "wbr",
    ];
    VOID.iter().any(|v| v.eq_ignore_ascii_case(name))
}

/// Position of `needle` (ASCII, matched case-insensitively) in `s` at or after `from`.
pub(super) fn find_ci(s: &str, from: usize, needle: &str) -> Option<usize> {
    let hay = s.as_bytes().get(from..)?;
    let n = needle.as_bytes();
    if n.is_empty() || hay.len() < n.len() {
        return None;
    }
    (0..=hay.len() - n.len())
        .find(|&i| hay[i..i + n.len()].eq_ignore_ascii_case(n))
        .map(|i| from + i)
}

/// A scanner over one input, with what it has learnt about it.
pub(super) struct Scanner<'a> {
    s: &'a str,
    /// Positions from which the input holds no `"` / no `'`.
    no_quote: [Cell<usize>; 2],
    /// A tag starting at or after this position cannot end (an earlier one ran to the end).
    unterminated_from: Cell<usize>,
    /// No `</mstrans:dictionary` at or after this position.
    no_dictionary_close_from: Cell<usize>,
}

impl<'a> Scanner<'a> {
    pub fn new(s: &'a str) -> Self {
        let none = s.len() + 1;
        Scanner {
            s,
            no_quote: [Cell::new(none), Cell::new(none)],
            unterminated_from: Cell::new(none),
            no_dictionary_close_from: Cell::new(none),
        }
    }

    /// Reads the tag at `at` (where the input has a `<`), or `None` when it is not a tag.
    pub fn tag_at(&self, at: usize) -> Option<Tag> {
        let (s, b) = (self.s, self.s.as_bytes());
        let rest = b.get(at..)?;
        if !rest.starts_with(b"<") {
            return None;
        }
        let other = |end: usize| Tag {
            kind: TagKind::Other,
            name: at..at,
            attrs: Vec::new(),
            self_closing: false,
            end,
        };
        if rest.starts_with(b"<!--") {
            // An unterminated comment runs to the end, as in browsers.
            let end = find_ci(s, at + 4, "-->").map_or(s.len(), |i| i + 3);
            return Some(other(end));
        }
        if rest.starts_with(b"<!") || rest.starts_with(b"<?") {
            let end = find_byte(b, at + 2, b'>').map_or(s.len(), |i| i + 1);
            return Some(other(end));
        }
        let (kind, name_start) = if rest.starts_with(b"</") {
            (TagKind::End, at + 2)
        } else {
            (TagKind::Start, at + 1)
        };
        if !b.get(name_start).is_some_and(u8::is_ascii_alphabetic) || at >= self.unterminated_from.get() {
            return None;
        }
        let tag = self.read_tag(kind, name_start);
        if tag.is_none() {
            self.unterminated_from.set(self.unterminated_from.get().min(at));
        }
        tag
    }

    /// The name and attributes of a start or end tag; `None` when it runs to the end
    /// of the input or has an unclosed quote.
    fn read_tag(&self, kind: TagKind, name_start: usize) -> Option<Tag> {
        let b = self.s.as_bytes();
        let mut i = name_start;
        while b.get(i).copied().is_some_and(is_name_byte) {
            i += 1;
        }
        let name = name_start..i;
        let mut attrs = Vec::new();
        loop {
            while b.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
            }
            match b.get(i)? {
                b'>' => {
                    return Some(Tag {
                        kind,
                        name,
                        attrs,
                        self_closing: false,
                        end: i + 1,
                    });
                }
                b'/' if b.get(i + 1) == Some(&b'>') => {
                    return Some(Tag {
                        kind,
                        name,
                        attrs,
                        self_closing: true,
                        end: i + 2,
                    });
                }
                b'/' => i += 1,
                _ => {
                    let attr_start = i;
                    while b
                        .get(i)
                        .is_some_and(|&c| !c.is_ascii_whitespace() && !matches!(c, b'=' | b'>' | b'/'))
                    {
                        i += 1;
                    }
                    let attr_name = attr_start..i;
                    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
                        i += 1;
                    }
                    let mut value = i..i;
                    if b.get(i) == Some(&b'=') {
                        i += 1;
                        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
                            i += 1;
                        }
                        match b.get(i)? {
                            &q @ (b'"' | b'\'') => {
                                let close = self.find_quote(i + 1, q)?;
                                value = i + 1..close;
                                i = close + 1;
                            }
                            _ => {
                                let v = i;
                                while b.get(i).is_some_and(|&c| !c.is_ascii_whitespace() && c != b'>') {
                                    i += 1;
                                }
                                value = v..i;
                            }
                        }
                    }
                    if i == attr_start {
                        // Nothing read (cannot happen with the rules above): make progress anyway.
                        i += 1;
                    }
                    attrs.push((attr_name, value));
                }
            }
        }
    }

    /// The next `q` at or after `from`, remembering when there is none.
    fn find_quote(&self, from: usize, q: u8) -> Option<usize> {
        let memo = &self.no_quote[usize::from(q == b'\'')];
        if from >= memo.get() {
            return None;
        }
        let found = find_byte(self.s.as_bytes(), from, q);
        if found.is_none() {
            memo.set(from);
        }
        found
    }

    /// The next `</mstrans:dictionary` at or after `from`, remembering when there is none.
    pub fn find_dictionary_close(&self, from: usize) -> Option<usize> {
        if from >= self.no_dictionary_close_from.get() {
            return None;
        }
        let found = find_ci(self.s, from, "</mstrans:dictionary");
        if found.is_none() {
            self.no_dictionary_close_from.set(from);
        }
        found
    }

    /// End of the element whose start tag `start` ends at `start.end`: just past the
    /// matching end tag, counting nested elements of the same name; the end of the input
    /// when it is never closed.
    pub fn element_end(&self, start: &Tag) -> usize {
        let s = self.s;
        let Some(name) = s.get(start.name.clone()) else {
            return s.len();
        };
        let mut depth = 1usize;
        let mut i = start.end;
        while let Some(lt) = find_byte(s.as_bytes(), i, b'<') {
            let Some(tag) = self.tag_at(lt) else {
                i = lt + 1;
                continue;
            };
            i = tag.end;
            if tag.kind == TagKind::Start && is_raw_text(s, &tag) && !tag.self_closing {
                i = self.raw_text_end(&tag);
            } else if tag.name_is(s, name) {
                match tag.kind {
                    TagKind::Start if !tag.self_closing => depth += 1,
                    TagKind::End => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    return tag.end;
                }
            }
        }
        s.len()
    }

    /// Just past `</script>` (or `</style>`) after the start tag; the end of the input when missing.
    pub fn raw_text_end(&self, start: &Tag) -> usize {
        let s = self.s;
        let Some(name) = s.get(start.name.clone()) else {
            return s.len();
        };
        let mut from = start.end;
        while let Some(i) = find_ci(s, from, "</") {
            let after = i + 2;
            let named = s
                .get(after..after + name.len())
                .is_some_and(|n| n.eq_ignore_ascii_case(name));
            if named && let Some(tag) = self.tag_at(i) {
                return tag.end;
            }
            from = after;
        }
        s.len()
    }
}

fn find_byte(b: &[u8], from: usize, byte: u8) -> Option<usize> {
    b.get(from..)?.iter().position(|&c| c == byte).map(|i| from + i)
}

/// `<script>` and `<style>`: their content is not markup and is never translated.
pub(super) fn is_raw_text(s: &str, tag: &Tag) -> bool {
    tag.name_is(s, "script") || tag.name_is(s, "style")
}
