//! Markdown through the html mode: a realistic README keeps every byte of
//! its markup, whatever the translation does to the text, and the mapping
//! back survives tags moved, dropped or doubled by the service.

use super::{Mark, regions, to_markdown};
use crate::doc::{Document, Kind};

/// A README as projects write them: front matter, headings (ATX and setext),
/// lists (bullets, numbers, tasks, nested), a block quote over two lines,
/// emphasis, links (inline, reference, shortcut, autolink, bare), images,
/// inline code, fenced and indented code, a table, an html block, escapes,
/// references, a hard break, footnotes.
pub const README: &str = r#"---
title: Glossa
tags: [tui, translation]
---

# Glossa — a *translation* workbench

Glossa translates **text and files** in the terminal. Run `cargo run --release`
to start it, or read the [user guide](https://example.com/guide "The guide") first.
See also <https://example.com/faq> and https://example.com/plain.

Setext heading
==============

## Install

1. Install Rust from [rustup][rustup].
2. Clone the repository:
   `git clone https://example.com/glossa.git`
3. Build it with `cargo build`.

- [x] Markdown keeps its markup
- [ ] Large files show a *progress bar*
  - nested item with ~~old~~ new text

> The workbench is fast.
> It never blocks on the network.

```sh
cargo test --locked   # every test
glossa notes.md
```

    indented code stays
    exactly as it is

| Key | What it does |
|:----|-------------:|
| `Ctrl+S` | save the translations |
| `Ctrl+O` | open a file \| path |

<div align="center">
  <img src="logo.png" alt="logo">
</div>

![The logo of Glossa](docs/logo.png)

Escaped \*stars\*, an &amp; entity, a hard break\
and a [shortcut] link.  
Two spaces made that break.

Footnote here[^1].

[^1]: The footnote text.

[rustup]: https://rustup.rs
[shortcut]: https://example.com/shortcut
"#;

/// The html of a region translated by a "translator" that upper-cases every
/// letter of the text and leaves the tags (and kept elements) alone.
fn shout(html: &str) -> String {
    let mut out = String::new();
    let mut kept = 0usize;
    let mut rest = html;
    while let Some(c) = rest.chars().next() {
        if c == '<' {
            let end = rest.find('>').unwrap_or(rest.len() - 1);
            let tag = &rest[..=end];
            if tag.contains("notranslate") {
                kept += 1;
            } else if tag.starts_with("</")
                && kept > 0
                && (tag.starts_with("</span") || tag.starts_with("</code"))
            {
                kept -= 1;
            }
            out.push_str(tag);
            rest = &rest[end + 1..];
            continue;
        }
        if c == '&' {
            let end = rest.find(';').unwrap_or(0);
            out.push_str(&rest[..=end]);
            rest = &rest[end + 1..];
            continue;
        }
        out.push(if kept > 0 { c } else { c.to_ascii_uppercase() });
        rest = &rest[c.len_utf8()..];
    }
    out
}

fn translated(src: &str, translate: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut at = 0;
    for r in regions(src).iter().filter(|r| r.translatable) {
        out.push_str(&src[at..r.range.start]);
        out.push_str(&to_markdown(src, r, &translate(&r.html)));
        at = r.range.end;
    }
    out.push_str(&src[at..]);
    out
}

#[test]
fn the_same_text_back_is_the_document_byte_for_byte() {
    assert_eq!(translated(README, str::to_owned), README);
    // Through Document: the parts, their results, the assembly.
    let doc = Document::new(Kind::Markdown, README, 10_000);
    let results = doc.parts().map(crate::doc::tests::echo).collect();
    let out = doc.assemble(README, results).expect("assembled");
    assert_eq!(out.translations[0].text, README);
}

#[test]
fn only_translated_text_changes_the_markup_stays_byte_for_byte() {
    let out = translated(README, shout);
    assert_ne!(out, README);
    // Outside the translated letters nothing changed: the same bytes, case aside.
    assert_eq!(out.to_lowercase(), README.to_lowercase());
    assert_eq!(out.lines().count(), README.lines().count(), "the line layout");
    for kept in [
        "---\ntitle: Glossa\ntags: [tui, translation]\n---\n",
        "`cargo run --release`",
        "(https://example.com/guide \"The guide\")",
        "<https://example.com/faq>",
        "https://example.com/plain",
        "][rustup]",
        "`git clone https://example.com/glossa.git`",
        "```sh\ncargo test --locked   # every test\nglossa notes.md\n```",
        "    indented code stays\n    exactly as it is\n",
        "|:----|-------------:|",
        "| `Ctrl+S` |",
        "<div align=\"center\">\n  <img src=\"logo.png\" alt=\"logo\">\n</div>",
        "](docs/logo.png)",
        "[shortcut]",
        "[^1]",
        "[rustup]: https://rustup.rs\n[shortcut]: https://example.com/shortcut\n",
        "- [x] ",
        "~~OLD~~",
    ] {
        assert!(out.contains(kept), "{kept:?} kept in:\n{out}");
    }
    for translated in [
        "# GLOSSA — A *TRANSLATION* WORKBENCH",
        "GLOSSA TRANSLATES **TEXT AND FILES** IN THE TERMINAL.",
        "[USER GUIDE](https://example.com/guide",
        "SETEXT HEADING\n==============",
        "1. INSTALL RUST FROM [RUSTUP][rustup].",
        "> THE WORKBENCH IS FAST.\n> IT NEVER BLOCKS",
        "ESCAPED \\*STARS\\*, AN &amp; ENTITY",
        "| SAVE THE TRANSLATIONS |",
        "![THE LOGO OF GLOSSA](docs/logo.png)",
        "A HARD BREAK\\\nAND A",
        "[^1]: THE FOOTNOTE TEXT.",
    ] {
        assert!(out.contains(translated), "{translated:?} in:\n{out}");
    }
}

#[test]
fn markup_outside_the_inline_content_is_never_sent() {
    let all: Vec<_> = regions(README);
    let sent: String = all.iter().map(|r| r.html.as_str()).collect();
    for never in [
        "cargo test --locked",
        "indented code",
        "title: Glossa",
        "|:----",
        "align=",
        "rustup.rs",
    ] {
        assert!(!sent.contains(never), "{never:?} was sent: {sent}");
    }
    // URLs and code go as elements the service leaves alone; link text as text.
    let guide = all
        .iter()
        .find(|r| r.html.contains("user guide"))
        .expect("the paragraph");
    assert!(
        guide.html.contains("<code class=\"notranslate\" id=\"m"),
        "{}",
        guide.html
    );
    assert!(guide.html.contains("user guide</a>"), "{}", guide.html);
    assert!(
        !guide.html.contains("example.com/guide"),
        "the URL is not sent as text"
    );
    assert!(
        guide.html.contains("notranslate\" id=\"m")
            && guide.html.contains("https://example.com/plain</span>")
    );
    // A line break inside a paragraph is an element, the next line's prefix in it.
    let quote = all.iter().find(|r| r.html.contains("fast")).expect("the quote");
    let br = quote.marks.iter().find_map(|m| match m {
        Mark::Break(r) => Some(&README[r.clone()]),
        _ => None,
    });
    assert_eq!(br, Some("\n> "));
}

#[test]
fn tags_moved_dropped_or_doubled_by_the_service_lose_nothing_kept() {
    let src = "Run `cargo test` and read the [guide](https://x.test/g) *now*.\nNext line.";
    let all = regions(src);
    assert_eq!(all.len(), 1);
    let r = &all[0];
    // The service moved the emphasis first, dropped the code span and the line
    // break, doubled the link's tags and added one of its own.
    let html = r
        .html
        .replace(r#"<code class="notranslate" id="m0">cargo test</code>"#, "")
        .replace(r#"<br id="m3">"#, " ");
    let moved = format!("<b>¡</b>{html}<a id=\"m1\">x</a>");
    let out = to_markdown(src, r, &moved);
    assert!(out.contains("[guide](https://x.test/g)"), "{out}");
    assert!(out.contains("*now*"), "{out}");
    assert!(out.ends_with(" `cargo test`"), "the lost code put back: {out}");
    assert_eq!(out.matches("https://x.test/g").count(), 1, "{out}");
    assert!(!out.contains('\n'), "a lost break joins the lines: {out}");
    // A pair never closed is closed at the end; text that would start a block
    // after a line break is escaped.
    let src = "Some *words\nhere* end";
    let r = &regions(src)[0];
    let out = to_markdown(src, r, r#"Some <em id="m0">words<br id="m1"># here"#);
    assert_eq!(out, "Some *words\n\\# here*");
    let out = to_markdown(src, r, r#"<em id="m0">1. words<br id="m1">- here</em> end"#);
    assert_eq!(out, "*1. words\n\\- here* end");
}

#[test]
fn a_table_cell_escapes_a_pipe_of_the_translation() {
    let src = "| a | b |\n|---|---|\n| one | two |\n";
    let all = regions(src);
    assert!(all.iter().all(|r| r.in_table));
    let out = to_markdown(src, &all[2], "un | deux");
    assert_eq!(out, "un \\| deux");
}

#[test]
fn files_are_markdown_by_their_extension() {
    use std::path::Path;
    assert_eq!(Kind::of(Path::new("notes.md")), Kind::Markdown);
    assert_eq!(Kind::of(Path::new("README.MARKDOWN")), Kind::Markdown);
    assert_eq!(Kind::of(Path::new("page.htm")), Kind::Html);
    assert_eq!(Kind::of(Path::new("notes.txt")), Kind::Plain);
    assert_eq!(Kind::of(Path::new("README")), Kind::Plain);
}
