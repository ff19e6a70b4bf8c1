//! Human output of the one-shot commands: plain text, one idea per line,
//! nothing a script must parse (that is what `--json` is for).
//!
//! One text into one language prints just the translation, so
//! `glossa translate --to fi "Hello"` is usable in a shell pipeline; more
//! texts or targets print labelled blocks.

use std::fmt::Write as _;

use crate::api::languages::LanguagesResponse;
use crate::api::model::{BreakSentenceResult, DetectResult, ExamplesResult, LookupResult, TranslateResult};

/// Each item on its own line.
pub fn lines<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    items.into_iter().map(|l| format!("{l}\n")).collect()
}

pub fn translations(texts: &[String], results: &[TranslateResult]) -> String {
    let single = results.len() == 1 && results[0].translations.len() == 1;
    let mut out = String::new();
    for (i, (text, r)) in texts.iter().zip(results).enumerate() {
        if single {
            let t = &r.translations[0];
            let _ = writeln!(out, "{}", t.text);
            if let Some(tl) = &t.transliteration {
                let _ = writeln!(out, "{}", tl.text);
            }
            break;
        }
        if i > 0 {
            out.push('\n');
        }
        if results.len() > 1 {
            let _ = writeln!(out, "{text}");
        }
        if let Some(d) = &r.detected_language {
            let _ = writeln!(out, "  (detected {} {:.2})", d.language, d.score);
        }
        let width = r.translations.iter().map(|t| t.to.len()).max().unwrap_or(0);
        for t in &r.translations {
            let _ = writeln!(out, "  {:width$}  {}", t.to, t.text);
            if let Some(tl) = &t.transliteration {
                let _ = writeln!(out, "  {:width$}  {} ({})", "", tl.text, tl.script);
            }
        }
    }
    out
}

pub fn languages(r: &LanguagesResponse) -> String {
    let mut out = String::new();
    if let Some(t) = &r.translation {
        let _ = writeln!(out, "translation ({} languages)", t.len());
        for (code, l) in t {
            let _ = writeln!(out, "  {code:10} {} — {}", l.name, l.native_name);
        }
    }
    if let Some(t) = &r.transliteration {
        let _ = writeln!(out, "transliteration ({} languages)", t.len());
        for (code, l) in t {
            for s in &l.scripts {
                let to: Vec<&str> = s.to_scripts.iter().map(|x| x.code.as_str()).collect();
                let _ = writeln!(out, "  {code:10} {} {} → {}", l.name, s.code, to.join(", "));
            }
        }
    }
    if let Some(t) = &r.dictionary {
        let _ = writeln!(out, "dictionary ({} languages)", t.len());
        for (code, l) in t {
            let to: Vec<&str> = l.translations.iter().map(|x| x.code.as_str()).collect();
            let _ = writeln!(out, "  {code:10} {} → {}", l.name, to.join(", "));
        }
    }
    out
}

pub fn lookups(results: &[LookupResult]) -> String {
    let mut out = String::new();
    for (i, r) in results.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{}", r.display_source);
        if r.translations.is_empty() {
            let _ = writeln!(out, "  (not in the dictionary)");
        }
        for t in &r.translations {
            let prefix = if t.prefix_word.is_empty() {
                String::new()
            } else {
                format!("{} ", t.prefix_word)
            };
            let back: Vec<&str> = t
                .back_translations
                .iter()
                .map(|b| b.display_text.as_str())
                .collect();
            let _ = writeln!(
                out,
                "  {:6} {prefix}{}  {:.2}  ← {}",
                format!("{:?}", t.pos_tag).to_uppercase(),
                t.display_target,
                t.confidence,
                back.join(", ")
            );
        }
    }
    out
}

pub fn examples(results: &[ExamplesResult]) -> String {
    let mut out = String::new();
    for (i, r) in results.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{} — {}", r.normalized_source, r.normalized_target);
        if r.examples.is_empty() {
            let _ = writeln!(out, "  (no examples)");
        }
        for e in &r.examples {
            let _ = writeln!(out, "  {}{}{}", e.source_prefix, e.source_term, e.source_suffix);
            let _ = writeln!(out, "  {}{}{}", e.target_prefix, e.target_term, e.target_suffix);
        }
    }
    out
}

pub fn detections(results: &[DetectResult]) -> String {
    let yes = |b: bool| if b { "yes" } else { "no" };
    let mut out = String::new();
    for r in results {
        let alts: Vec<String> = r
            .alternatives
            .iter()
            .map(|a| format!("{} {:.2}", a.language, a.score))
            .collect();
        let _ = write!(
            out,
            "{} {:.2}  translation: {}  transliteration: {}",
            r.language,
            r.score,
            yes(r.is_translation_supported),
            yes(r.is_transliteration_supported)
        );
        if !alts.is_empty() {
            let _ = write!(out, "  (or {})", alts.join(", "));
        }
        out.push('\n');
    }
    out
}

/// Each sentence on its own line (cut by the UTF-16 lengths of `sentLen`);
/// texts separated by a blank line.
pub fn sentences(texts: &[String], results: &[BreakSentenceResult]) -> String {
    let mut out = String::new();
    for (i, (text, r)) in texts.iter().zip(results).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut at = 0usize;
        for &len in &r.sent_len {
            let end = (at + len as usize).min(units.len());
            let s = String::from_utf16_lossy(&units[at..end]);
            let _ = writeln!(out, "{}", s.trim_end());
            at = end;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::model::{DetectedLanguage, Translation};

    fn tr(to: &str, text: &str) -> Translation {
        Translation {
            text: text.into(),
            to: to.into(),
            transliteration: None,
            alignment: None,
            sent_len: None,
        }
    }

    #[test]
    fn one_text_one_target_is_bare() {
        let r = TranslateResult {
            detected_language: Some(DetectedLanguage {
                language: "en".into(),
                score: 1.0,
            }),
            translations: vec![tr("fi", "Hei")],
            source_text: None,
        };
        assert_eq!(translations(&["Hello".into()], &[r]), "Hei\n");
    }

    #[test]
    fn several_targets_are_labelled() {
        let r = TranslateResult {
            detected_language: None,
            translations: vec![tr("fi", "Hei"), tr("zh-Hans", "你好")],
            source_text: None,
        };
        let out = translations(&["Hello".into(), "Hello".into()], &[r.clone(), r]);
        assert_eq!(
            out,
            "Hello\n  fi       Hei\n  zh-Hans  你好\n\nHello\n  fi       Hei\n  zh-Hans  你好\n"
        );
    }

    #[test]
    fn sentences_cut_by_utf16_lengths() {
        let text = "Hi 😀. Bye.".to_owned();
        let r = BreakSentenceResult {
            detected_language: None,
            sent_len: vec![7, 4],
        };
        assert_eq!(sentences(&[text], &[r]), "Hi 😀.\nBye.\n");
    }
}
