//! What the Translate tab copies, as plain text (pure functions, no IO).
//!
//! - [`source_text`]: the editor's lines, joined with newlines.
//! - [`focused_target`]: the text of the target pane that has the focus.
//! - [`all_targets`]: every target labelled with its language code, in the order shown.
//! - [`alignment_pairs`]: the alignment as `source words → target words`, per target.
//!
//! Alignment indexes are inclusive UTF-16 offsets (the service runs on .NET), so an emoji
//! counts 2 and a CJK ideograph 1. An entry that falls outside its text, or cuts a surrogate
//! pair, comes from a result that does not belong to the text given (or a faulty service):
//! it is skipped and counted, never a panic.

use crate::api::model::Translation;
use crate::engine::text::utf16_slice;

/// The editor's lines as one text (ratatui-textarea keeps the lines without newlines).
pub fn source_text<S: AsRef<str>>(lines: &[S]) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(line.as_ref());
    }
    out
}

/// The text of the target at `focus` in display order, if there is one.
pub fn focused_target(translations: &[Translation], focus: usize) -> Option<&str> {
    translations.get(focus).map(|t| t.text.as_str())
}

/// `[fi] …`, a blank line, `[ja] …`: every target with its language code, in the order
/// given (pass them in the order the panes show them).
pub fn all_targets<'a>(translations: impl IntoIterator<Item = &'a Translation>) -> String {
    let mut out = String::new();
    for (i, t) in translations.into_iter().enumerate() {
        if i > 0 {
            out.push_str("\n\n");
        }
        out.push_str(&format!("[{}] {}", t.to, t.text));
    }
    out
}

/// The alignment of each target as text: a `[code]` line, then one line per entry,
/// `source words → target words`, in the service's order; a blank line between targets.
///
/// `source` must be the text the result was translated from (the request's text, not the
/// editor's current one), or the offsets point at the wrong words. A target without
/// alignment says `(no alignment)`; entries that do not resolve are skipped and counted in
/// a closing `(N entries skipped: …)` line. Whitespace inside a span (a newline, say) is
/// collapsed to one space so that each entry stays on one line.
pub fn alignment_pairs<'a>(source: &str, translations: impl IntoIterator<Item = &'a Translation>) -> String {
    let mut out = String::new();
    for (i, t) in translations.into_iter().enumerate() {
        if i > 0 {
            out.push_str("\n\n");
        }
        out.push_str(&format!("[{}]", t.to));
        let entries = t.alignment.as_ref().map(|a| a.proj.entries()).unwrap_or(&[]);
        if entries.is_empty() {
            out.push_str("\n(no alignment)");
            continue;
        }
        let mut skipped = 0usize;
        for e in entries {
            let src = span(source, e.src_start, e.src_end);
            let tgt = span(&t.text, e.tgt_start, e.tgt_end);
            match (src, tgt) {
                (Some(s), Some(g)) => out.push_str(&format!("\n{s} → {g}")),
                _ => skipped += 1,
            }
        }
        if skipped > 0 {
            let noun = if skipped == 1 { "entry" } else { "entries" };
            out.push_str(&format!(
                "\n({skipped} {noun} skipped: outside the text or blank)"
            ));
        }
    }
    out
}

/// The words between the inclusive UTF-16 offsets `start..=end`, whitespace collapsed;
/// `None` when the span is outside `text`, cuts a character, or holds only whitespace.
fn span(text: &str, start: u32, end: u32) -> Option<String> {
    let end = usize::try_from(end).ok()?.checked_add(1)?;
    let slice = utf16_slice(text, usize::try_from(start).ok()?, end)?;
    let words: Vec<&str> = slice.split_whitespace().collect();
    (!words.is_empty()).then(|| words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::model::Alignment;

    fn target(to: &str, text: &str, proj: Option<&str>) -> Translation {
        Translation {
            text: text.to_owned(),
            to: to.to_owned(),
            transliteration: None,
            alignment: proj.map(|p| Alignment {
                proj: p.parse().unwrap(),
            }),
            sent_len: None,
        }
    }

    #[test]
    fn source_joins_lines() {
        assert_eq!(source_text(&["Hello", "", "world"]), "Hello\n\nworld");
        assert_eq!(source_text::<String>(&[]), "");
    }

    #[test]
    fn focused_target_by_display_index() {
        let ts = [target("fi", "Hei", None), target("ja", "こんにちは", None)];
        assert_eq!(focused_target(&ts, 1), Some("こんにちは"));
        assert_eq!(focused_target(&ts, 2), None);
    }

    #[test]
    fn all_targets_labelled_in_order_with_blank_lines() {
        let ts = [
            target("fi", "Hei maailma 😀", None),
            target("ja", "こんにちは世界", None),
            target("zh-Hans", "你好\n世界", None),
        ];
        assert_eq!(
            all_targets(&ts),
            "[fi] Hei maailma 😀\n\n[ja] こんにちは世界\n\n[zh-Hans] 你好\n世界"
        );
        assert_eq!(all_targets(&[]), "");
    }

    #[test]
    fn alignment_pairs_resolve_utf16_offsets() {
        // "😀 Hello world": the emoji takes units 0-1, "Hello" 3-7, "world" 9-13.
        let source = "😀 Hello world";
        let ts = [
            // "😀 こんにちは 世界": emoji 0-1, こんにちは 3-7, 世界 9-10.
            target("ja", "😀 こんにちは 世界", Some("0:1-0:1 3:7-3:7 9:13-9:10")),
            // many-to-one and one-to-many: "Hello world" -> "Hei", "world" -> "maa" and "ilma".
            target("fi", "Hei maa ilma", Some("3:13-0:2 9:13-4:6 9:13-8:11")),
        ];
        assert_eq!(
            alignment_pairs(source, &ts),
            "[ja]\n😀 → 😀\nHello → こんにちは\nworld → 世界\n\n\
             [fi]\nHello world → Hei\nworld → maa\nworld → ilma"
        );
    }

    #[test]
    fn malformed_alignment_entries_are_skipped() {
        let source = "😀 Hi\nthere";
        let ts = [target(
            "ja",
            "😀 やあ",
            // 0:0 cuts the emoji; 3:99 runs past the source; 2:2 is blank;
            // 3:4-3:40 runs past the target; 3:10-3:4 spans a newline, collapsed to a space.
            Some("0:0-0:1 3:99-3:4 2:2-3:4 3:4-3:40 3:10-3:4 0:1-0:1"),
        )];
        assert_eq!(
            alignment_pairs(source, &ts),
            "[ja]\nHi there → やあ\n😀 → 😀\n(4 entries skipped: outside the text or blank)"
        );
    }

    #[test]
    fn absent_alignment_is_said() {
        let ts = [target("fi", "Hei", None), target("ja", "やあ", Some(""))];
        assert_eq!(
            alignment_pairs("Hi", &ts),
            "[fi]\n(no alignment)\n\n[ja]\n(no alignment)"
        );
    }

    #[test]
    fn huge_offsets_do_not_overflow() {
        let ts = [target("fi", "Hei", Some("4294967295:4294967295-0:2"))];
        assert_eq!(
            alignment_pairs("Hi", &ts),
            "[fi]\n(1 entry skipped: outside the text or blank)"
        );
    }
}
