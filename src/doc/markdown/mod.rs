//! Markdown translated with its markup kept, through the service's html mode.
//!
//! [`regions`] reads the document with pulldown-cmark (CommonMark plus
//! tables, strikethrough, task lists, footnotes and front matter) and
//! returns the runs of inline content of its blocks — a paragraph, a
//! heading's text, a table cell, a tight list item — as [`Region`]s: the
//! byte range in the source and the same content as html for
//! `textType=html`. Everything outside the regions (heading markers, list
//! markers and numbers, `>` of block quotes, fenced and indented code blocks,
//! html blocks, tables' pipes and alignment rows, front matter, link
//! reference definitions, blank lines) is never sent and stays byte for byte.
//!
//! Inside a region every piece of markup becomes an element with an `id`
//! (`m0`, `m1`…) whose source text the region keeps ([`Mark`]):
//! - emphasis, strong, strikethrough, a link's or an image's text: a pair
//!   of tags around the text to translate (`<em id="m2">…</em>`,
//!   `<a id="m3">…</a>`), their delimiters (`**`, `[` and `](url "title")`)
//!   kept, so the URL is never sent as text;
//! - inline code, inline html, autolinks, bare URLs, footnote references,
//!   math, backslash escapes and character references, a link whose text is
//!   its reference label: `class="notranslate"` elements, which the real
//!   service and the local one copy untranslated;
//! - a line break inside a paragraph: `<br id="m5">`, standing for the new
//!   line and the next line's prefix (`> `, the list item's indentation).
//!
//! The translated html is mapped back by `back.rs`; the tags may have moved
//! with the words they hold.

mod back;
#[cfg(test)]
pub(crate) mod tests;

use std::ops::Range;

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};

pub use back::to_markdown;

/// A piece of markup inside a region, by the id its element carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Copied untranslated: the source text it stands for.
    Keep(Range<usize>),
    /// A line break inside the block: the new line and the next line's prefix.
    Break(Range<usize>),
    /// A pair around text to translate: the opening and closing delimiters.
    Pair {
        open: Range<usize>,
        close: Range<usize>,
        /// A link or an image: its destination is in `close`, never lost.
        link: bool,
    },
}

/// A run of inline content of one block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Its bytes in the source.
    pub range: Range<usize>,
    /// The content as html for the service.
    pub html: String,
    /// The markup, by id (`m{index}`).
    pub marks: Vec<Mark>,
    /// A table cell: a `|` of the translation is escaped.
    pub in_table: bool,
    /// Whether there is any text to translate (else it is not sent).
    pub translatable: bool,
}

/// pulldown-cmark's options for the documents Glossa translates.
fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS
}

/// The regions of `src`, in order, not overlapping.
pub fn regions(src: &str) -> Vec<Region> {
    let mut out = Vec::new();
    let mut run: Vec<(Event, Range<usize>)> = Vec::new();
    // Inside code blocks, html blocks and front matter nothing is inline content.
    let mut raw = 0usize;
    let mut in_table = false;
    for (event, range) in Parser::new_ext(src, options()).into_offset_iter() {
        match &event {
            Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock | Tag::MetadataBlock(_)) => raw += 1,
            Event::End(TagEnd::CodeBlock | TagEnd::HtmlBlock | TagEnd::MetadataBlock(_)) => {
                raw = raw.saturating_sub(1);
            }
            Event::Start(Tag::Table(_)) => in_table = true,
            Event::End(TagEnd::Table) => in_table = false,
            _ => {}
        }
        if raw == 0 && is_inline(&event) {
            run.push((event, range));
            continue;
        }
        if !run.is_empty() {
            out.push(Builder::region(src, std::mem::take(&mut run), in_table));
        }
    }
    if !run.is_empty() {
        out.push(Builder::region(src, run, in_table));
    }
    out
}

/// Whether an event belongs to a block's inline content.
fn is_inline(event: &Event) -> bool {
    match event {
        Event::Text(_)
        | Event::Code(_)
        | Event::InlineHtml(_)
        | Event::InlineMath(_)
        | Event::DisplayMath(_)
        | Event::FootnoteReference(_)
        | Event::SoftBreak
        | Event::HardBreak => true,
        Event::Start(tag) => matches!(
            tag,
            Tag::Emphasis
                | Tag::Strong
                | Tag::Strikethrough
                | Tag::Superscript
                | Tag::Subscript
                | Tag::Link { .. }
                | Tag::Image { .. }
        ),
        Event::End(tag) => matches!(
            tag,
            TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Superscript
                | TagEnd::Subscript
                | TagEnd::Link
                | TagEnd::Image
        ),
        _ => false,
    }
}

/// Builds one region's html and marks.
struct Builder<'s> {
    src: &'s str,
    html: String,
    marks: Vec<Mark>,
    /// Where the source has been accounted for up to.
    pos: usize,
    /// A mark whose source runs up to the next event (an opening delimiter,
    /// a line break and the next line's prefix).
    pending: Option<usize>,
    /// The open pairs: their mark and tag name.
    open: Vec<(usize, &'static str)>,
    translatable: bool,
}

impl<'s> Builder<'s> {
    fn region(src: &'s str, run: Vec<(Event<'s>, Range<usize>)>, in_table: bool) -> Region {
        let start = run.first().map_or(0, |(_, r)| r.start);
        let end = run.iter().map(|(_, r)| r.end).max().unwrap_or(start);
        let mut b = Builder {
            src,
            html: String::new(),
            marks: Vec::new(),
            pos: start,
            pending: None,
            open: Vec::new(),
            translatable: false,
        };
        let mut events = run.into_iter();
        while let Some((event, range)) = events.next() {
            b.event(event, range, &mut events);
        }
        b.reach(end);
        Region {
            range: start..end,
            html: b.html,
            marks: b.marks,
            in_table,
            translatable: b.translatable,
        }
    }

    /// Accounts for the source up to `to`: the pending mark takes it, else
    /// what lies between two events is kept as it is (a line's prefix).
    fn reach(&mut self, to: usize) {
        if to <= self.pos {
            return;
        }
        match self.pending.take() {
            Some(k) => match &mut self.marks[k] {
                Mark::Keep(r) | Mark::Break(r) | Mark::Pair { open: r, .. } => r.end = to,
            },
            None => {
                let gap = self.pos..to;
                match self.src[gap.clone()].contains('\n') {
                    true => {
                        self.mark(Mark::Break(gap), "br", "");
                    }
                    false => self.keep(gap),
                }
            }
        }
        self.pos = to;
    }

    /// Adds `mark` as the element `tag` with `inner` (escaped) as its content
    /// (`br`: a void element).
    fn mark(&mut self, mark: Mark, tag: &str, inner: &str) -> usize {
        let k = self.marks.len();
        self.marks.push(mark);
        match tag {
            "br" => self.html.push_str(&format!("<br id=\"m{k}\">")),
            _ => {
                self.html
                    .push_str(&format!("<{tag} class=\"notranslate\" id=\"m{k}\">"));
                escape_into(&mut self.html, inner);
                self.html.push_str(&format!("</{tag}>"));
            }
        }
        k
    }

    /// Source bytes copied untranslated.
    fn keep(&mut self, range: Range<usize>) {
        let inner = self.src[range.clone()].to_owned();
        self.mark(Mark::Keep(range), "span", &inner);
    }

    fn event(
        &mut self,
        event: Event<'s>,
        range: Range<usize>,
        rest: &mut impl Iterator<Item = (Event<'s>, Range<usize>)>,
    ) {
        self.reach(range.start);
        match event {
            Event::Start(tag) => {
                let (name, link) = match &tag {
                    Tag::Emphasis => ("em", false),
                    Tag::Strong => ("strong", false),
                    Tag::Strikethrough => ("s", false),
                    Tag::Superscript => ("sup", false),
                    Tag::Subscript => ("sub", false),
                    Tag::Link { link_type, .. } | Tag::Image { link_type, .. } => {
                        if !translatable_link(*link_type) {
                            // The text is the reference label or the URL itself: kept whole.
                            skip_to_end(rest);
                            self.keep(range.clone());
                            self.pos = range.end;
                            return;
                        }
                        (
                            if matches!(tag, Tag::Image { .. }) {
                                "span"
                            } else {
                                "a"
                            },
                            true,
                        )
                    }
                    _ => ("span", false),
                };
                let k = self.marks.len();
                self.marks.push(Mark::Pair {
                    open: range.start..range.start,
                    close: range.end..range.end,
                    link,
                });
                self.html.push_str(&format!("<{name} id=\"m{k}\">"));
                self.open.push((k, name));
                self.pending = Some(k);
                self.pos = range.start;
            }
            Event::End(_) => {
                // An empty link text (`[](url)`): its delimiters are all the close.
                self.pending = None;
                if let Some((k, name)) = self.open.pop() {
                    if let Mark::Pair { close, .. } = &mut self.marks[k] {
                        *close = self.pos..range.end;
                    }
                    self.html.push_str(&format!("</{name}>"));
                }
                self.pos = range.end;
            }
            Event::Text(text) => {
                if self.src[range.clone()] == *text {
                    self.text(range.clone());
                } else {
                    // An escape or a character reference: kept as written.
                    let inner = text.to_string();
                    self.mark(Mark::Keep(range.clone()), "span", &inner);
                }
                self.pos = range.end;
            }
            Event::Code(code) => {
                self.mark(Mark::Keep(range.clone()), "code", &code);
                self.pos = range.end;
            }
            Event::SoftBreak | Event::HardBreak => {
                let k = self.mark(Mark::Break(range.clone()), "br", "");
                self.pending = Some(k);
                self.pos = range.end;
            }
            _ => {
                self.keep(range.clone());
                self.pos = range.end;
            }
        }
    }

    /// Text to translate, its bare URLs kept.
    fn text(&mut self, range: Range<usize>) {
        let mut at = range.start;
        for url in urls(&self.src[range.clone()]) {
            let url = range.start + url.start..range.start + url.end;
            self.plain(at..url.start);
            self.keep(url.clone());
            at = url.end;
        }
        self.plain(at..range.end);
    }

    fn plain(&mut self, range: Range<usize>) {
        let text = &self.src[range];
        self.translatable |= text.chars().any(char::is_alphabetic);
        escape_into(&mut self.html, text);
    }
}

/// Whether a link's text may be translated: not when it is the reference
/// label (`[label]`, `[label][]`) or the URL (`<https://…>`).
fn translatable_link(t: LinkType) -> bool {
    matches!(
        t,
        LinkType::Inline | LinkType::Reference | LinkType::ReferenceUnknown
    )
}

/// Skips the events of a link or image up to its end.
fn skip_to_end<'s>(rest: &mut impl Iterator<Item = (Event<'s>, Range<usize>)>) {
    let mut depth = 1;
    for (event, _) in rest {
        match event {
            Event::Start(_) => depth += 1,
            Event::End(_) => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return;
        }
    }
}

/// Byte ranges of the bare `http://` and `https://` URLs of `text` (to the
/// next space, closing punctuation at the end left out).
fn urls(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("http").map(|i| from + i) {
        let rest = &text[i..];
        if !(rest.starts_with("http://") || rest.starts_with("https://")) {
            from = i + 4;
            continue;
        }
        let len = rest
            .find(|c: char| c.is_whitespace() || c == '<' || c == '>')
            .unwrap_or(rest.len());
        let url = rest[..len].trim_end_matches(['.', ',', ';', ':', '!', '?', ')', '\'', '"']);
        out.push(i..i + url.len());
        from = i + len.max(1);
    }
    out
}

/// Appends `text` escaped for html content.
fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
}

/// Whether `path` names a Markdown file (`.md`, `.markdown`, `.mdown`, `.mkd`).
pub fn is_markdown(path: &std::path::Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        ["md", "markdown", "mdown", "mkd"]
            .iter()
            .any(|m| e.eq_ignore_ascii_case(m))
    })
}
