//! translate's markup: what to translate, what to copy, what is forced.
//!
//! [`parse`] cuts a request text into [`Piece`]s that tile it exactly (concatenating
//! `&text[piece.range]` gives the input back, whatever the input):
//! - [`Segment::Text`]: text to translate;
//! - [`Segment::Keep`]: copied to the output untouched — with `textType=html`: tags,
//!   comments, declarations, unknown character references, `<script>`/`<style>`
//!   elements and whole elements whose `class` holds `notranslate` (nested elements of
//!   the same name included);
//! - [`Segment::Forced`]: the dynamic dictionary,
//!   `<mstrans:dictionary translation="X">phrase</mstrans:dictionary>`, in plain text and
//!   html alike: the output has `X` in place of the whole markup.
//!
//! Malformed html is read the forgiving way browsers do: a `<` that starts no tag is
//! text, an unterminated comment runs to the end, an element that is never closed keeps
//! everything after it. Nothing here panics. In html, `Text` carries the text with the
//! simple character references decoded (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;`,
//! numeric ones): translate that, then [`escape_text`] the result.

mod scan;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::ops::Range;

use super::text::utf16_len;
use scan::{Scanner, Tag, TagKind};

/// What a piece of the input is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Text to translate. In plain text the input as it is; in html with the simple
    /// character references decoded.
    Text(String),
    /// Markup and untranslatable content, copied to the output as it is.
    Keep(String),
    /// A dynamic-dictionary entry: `translation` replaces the whole markup.
    Forced {
        /// The phrase between the tags (references decoded in html).
        source: String,
        /// The `translation` attribute, references decoded.
        translation: String,
        /// Byte range of the phrase in the input (inside the piece's range), for alignment.
        source_range: Range<usize>,
    },
}

/// One piece of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub segment: Segment,
    /// Byte range in the input. The ranges of [`parse`]'s pieces are contiguous and cover it.
    pub range: Range<usize>,
    /// The same range in UTF-16 code units (the offsets the service reports).
    pub utf16: Range<usize>,
}

/// Cuts `text` into pieces; `html` is `textType=html`. Adjacent pieces of the same kind
/// are merged (two `Forced` entries stay apart), and no piece is empty.
pub fn parse(text: &str, html: bool) -> Vec<Piece> {
    let mut out = Builder {
        s: text,
        pieces: Vec::new(),
    };
    let scanner = Scanner::new(text);
    let b = text.as_bytes();
    let mut i = 0;
    let mut run = 0; // start of the pending raw text
    while i < b.len() {
        let step = match b[i] {
            // Plain text has no markup but the dictionary's: look no further for anything else.
            b'<' if html || starts_dictionary(text, i) => scanner
                .tag_at(i)
                .and_then(|tag| markup(&scanner, text, i, &tag, html)),
            b'&' if html => char_ref(text, i),
            _ => None,
        };
        let Some((end, segment)) = step else {
            i += 1;
            continue;
        };
        out.text(run..i, &text[run..i]);
        match segment {
            Step::Keep => out.keep(i..end),
            Step::Decoded(d) => out.text(i..end, &d),
            Step::Forced(source, translation, source_range) => {
                out.push(
                    Segment::Forced {
                        source,
                        translation,
                        source_range,
                    },
                    i..end,
                );
            }
        }
        i = end;
        run = end;
    }
    out.text(run..text.len(), &text[run..]);
    let mut unit = 0;
    for piece in &mut out.pieces {
        let len = text.get(piece.range.clone()).map_or(0, utf16_len);
        piece.utf16 = unit..unit + len;
        unit += len;
    }
    out.pieces
}

/// What was read at a `<` or `&`.
enum Step {
    Keep,
    Decoded(Cow<'static, str>),
    Forced(String, String, Range<usize>),
}

/// What the tag at `at` stands for, and where that ends; `None`: it is text.
fn markup(sc: &Scanner, s: &str, at: usize, tag: &Tag, html: bool) -> Option<(usize, Step)> {
    if tag.kind == TagKind::Start
        && tag.name_is(s, "mstrans:dictionary")
        && let Some(found) = forced(sc, s, tag, html)
    {
        return Some(found);
    }
    if !html {
        return None;
    }
    let open = tag.kind == TagKind::Start && !tag.self_closing;
    let end = if open && scan::is_raw_text(s, tag) {
        sc.raw_text_end(tag)
    } else if open && is_notranslate(s, tag) && !s.get(tag.name.clone()).is_some_and(scan::is_void) {
        sc.element_end(tag)
    } else {
        tag.end
    };
    Some((end.max(at + 1), Step::Keep))
}

fn starts_dictionary(s: &str, at: usize) -> bool {
    const OPEN: &[u8] = b"<mstrans:dictionary";
    s.as_bytes()
        .get(at..at + OPEN.len())
        .is_some_and(|b| b.eq_ignore_ascii_case(OPEN))
}

fn is_notranslate(s: &str, tag: &Tag) -> bool {
    tag.attr(s, "class").is_some_and(|class| {
        class
            .split_ascii_whitespace()
            .any(|c| c.eq_ignore_ascii_case("notranslate"))
    })
}

/// `<mstrans:dictionary translation="X">phrase</mstrans:dictionary>` starting with `tag`.
fn forced(sc: &Scanner, s: &str, tag: &Tag, html: bool) -> Option<(usize, Step)> {
    if tag.self_closing {
        return None;
    }
    let translation = decode_entities(tag.attr(s, "translation")?).into_owned();
    let mut from = tag.end;
    loop {
        let close = sc.find_dictionary_close(from)?;
        match sc.tag_at(close) {
            Some(end) if end.kind == TagKind::End && end.name_is(s, "mstrans:dictionary") => {
                let phrase = s.get(tag.end..close)?;
                let source = if html {
                    decode_entities(phrase).into_owned()
                } else {
                    phrase.to_owned()
                };
                return Some((end.end, Step::Forced(source, translation, tag.end..close)));
            }
            _ => from = close + 2,
        }
    }
}

/// A character reference at `at` (where `s` has `&`): simple ones decode, unknown
/// named ones are kept, anything else (`AT&T`) is text.
fn char_ref(s: &str, at: usize) -> Option<(usize, Step)> {
    let rest = s.get(at + 1..)?;
    let semi = rest.bytes().take(34).position(|c| c == b';')?;
    let body = &rest[..semi];
    let end = at + 1 + semi + 1;
    if body.is_empty()
        || !body
            .bytes()
            .enumerate()
            .all(|(k, c)| c.is_ascii_alphanumeric() || (k == 0 && c == b'#'))
    {
        return None;
    }
    let step = match body.strip_prefix('#') {
        // Well-formed but not a character (`&#0;`, a surrogate): kept as it is.
        Some(num) => decode_numeric(num).map_or(Step::Keep, |c| Step::Decoded(Cow::Owned(c.to_string()))),
        None => named(body).map_or(Step::Keep, |d| Step::Decoded(Cow::Borrowed(d))),
    };
    Some((end, step))
}

/// The digits of `&#…;` (decimal, or hex after `x`). Digits only: Rust's integer parsing
/// would also take a sign (`&#+68;`), which is no reference.
fn decode_numeric(num: &str) -> Option<char> {
    let value = match num.strip_prefix(['x', 'X']) {
        Some(hex) if (1..=6).contains(&hex.len()) && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            u32::from_str_radix(hex, 16).ok()?
        }
        None if (1..=7).contains(&num.len()) && num.bytes().all(|b| b.is_ascii_digit()) => {
            num.parse().ok()?
        }
        _ => return None,
    };
    char::from_u32(value).filter(|&c| c != '\0')
}

fn named(name: &str) -> Option<&'static str> {
    Some(match name {
        "amp" => "&",
        "lt" => "<",
        "gt" => ">",
        "quot" => "\"",
        "apos" => "'",
        "nbsp" => "\u{a0}",
        _ => return None,
    })
}

/// Decodes the simple character references of `s`; anything else stays as it is.
pub fn decode_entities(s: &str) -> Cow<'_, str> {
    if !s.contains('&') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let tail = &rest[amp..];
        let body = tail[1..].split_once(';').filter(|(body, _)| body.len() <= 32);
        let decoded = body.and_then(|(body, _)| {
            let c: Cow<'static, str> = match body.strip_prefix('#') {
                Some(num) => decode_numeric(num)?.to_string().into(),
                None => named(body)?.into(),
            };
            Some((c, body.len() + 2))
        });
        match decoded {
            Some((c, len)) => {
                out.push_str(&c);
                rest = &tail[len..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Escapes `&`, `<` and `>` so translated text can go back between html tags.
pub fn escape_text(s: &str) -> Cow<'_, str> {
    if !s.contains(['&', '<', '>']) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

struct Builder<'a> {
    s: &'a str,
    pieces: Vec<Piece>,
}

impl Builder<'_> {
    fn text(&mut self, range: Range<usize>, decoded: &str) {
        if range.is_empty() {
            return;
        }
        if let Some(Piece {
            segment: Segment::Text(t),
            range: r,
            ..
        }) = self.pieces.last_mut()
        {
            t.push_str(decoded);
            r.end = range.end;
        } else {
            self.push(Segment::Text(decoded.to_owned()), range);
        }
    }

    fn keep(&mut self, range: Range<usize>) {
        let slice = &self.s[range.clone()];
        if let Some(Piece {
            segment: Segment::Keep(t),
            range: r,
            ..
        }) = self.pieces.last_mut()
        {
            t.push_str(slice);
            r.end = range.end;
        } else {
            self.push(Segment::Keep(slice.to_owned()), range);
        }
    }

    fn push(&mut self, segment: Segment, range: Range<usize>) {
        self.pieces.push(Piece {
            segment,
            range,
            utf16: 0..0,
        });
    }
}
