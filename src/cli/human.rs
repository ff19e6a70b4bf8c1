//! Human output of the one-shot commands: plain text, one idea per line,
//! nothing a script must parse (that is what `--json` is for).
//!
//! One text into one language prints just the translation, so
//! `glossa translate --to fi "Hello"` is usable in a shell pipeline; more
//! texts or targets print labelled blocks.

use std::fmt::Write as _;

use crate::api::languages::LanguagesResponse;
use crate::api::model::{BreakSentenceResult, DetectResult, ExamplesResult, LookupResult, TranslateResult};
use crate::client::round_trip::RoundTrip;

/// Each item on its own line.
pub fn lines<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    items.into_iter().map(|l| format!("{l}\n")).collect()
}

/// The results as JSON with each target's `roundTrip` (`translate --round-trip --json`).
pub fn with_round_trips(results: &[TranslateResult], trips: &[Vec<RoundTrip>]) -> serde_json::Value {
    let mut value = serde_json::to_value(results).unwrap_or_default();
    if let Some(elements) = value.as_array_mut() {
        for (element, trips) in elements.iter_mut().zip(trips) {
            let Some(targets) = element.get_mut("translations").and_then(|t| t.as_array_mut()) else {
                continue;
            };
            for (target, trip) in targets.iter_mut().zip(trips) {
                if let Some(target) = target.as_object_mut() {
                    let trip = serde_json::to_value(trip.to_json()).unwrap_or_default();
                    target.insert("roundTrip".into(), trip);
                }
            }
        }
    }
    value
}

/// A back-translation with the words that differ from the source in «».
fn marked(trip: &RoundTrip) -> String {
    let mut out = String::with_capacity(trip.text.len() + 8);
    let mut at = 0;
    for r in &trip.changed {
        out.push_str(&trip.text[at..r.start]);
        out.push('«');
        out.push_str(&trip.text[r.clone()]);
        out.push('»');
        at = r.end;
    }
    out.push_str(&trip.text[at..]);
    if !trip.missing.is_empty() {
        out.push_str(&format!("  (missing: {})", trip.missing.join(", ")));
    }
    out
}

pub fn translations(
    texts: &[String],
    results: &[TranslateResult],
    trips: Option<&[Vec<RoundTrip>]>,
) -> String {
    let single = results.len() == 1 && results[0].translations.len() == 1 && trips.is_none();
    let mut out = String::new();
    let trip = |e: usize, t: usize| trips.and_then(|all| all.get(e)?.get(t));
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
        for (k, t) in r.translations.iter().enumerate() {
            let _ = writeln!(out, "  {:width$}  {}", t.to, t.text);
            if let Some(tl) = &t.transliteration {
                let _ = writeln!(out, "  {:width$}  {} ({})", "", tl.text, tl.script);
            }
            if let Some(trip) = trip(i, k) {
                let _ = writeln!(out, "  {:width$}  ↺ {}", "", marked(trip));
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
        assert_eq!(translations(&["Hello".into()], &[r], None), "Hei\n");
    }

    #[test]
    fn several_targets_are_labelled() {
        let r = TranslateResult {
            detected_language: None,
            translations: vec![tr("fi", "Hei"), tr("zh-Hans", "你好")],
            source_text: None,
        };
        let out = translations(&["Hello".into(), "Hello".into()], &[r.clone(), r], None);
        assert_eq!(
            out,
            "Hello\n  fi       Hei\n  zh-Hans  你好\n\nHello\n  fi       Hei\n  zh-Hans  你好\n"
        );
    }

    #[test]
    fn a_round_trip_goes_under_its_target_with_the_differences_marked() {
        let r = TranslateResult {
            detected_language: None,
            translations: vec![tr("de", "Ich habe Konto.")],
            source_text: None,
        };
        let back = "I have an account.";
        let trip = RoundTrip {
            text: back.into(),
            changed: std::iter::once(7..9).collect(),
            missing: vec!["a".into(), "bank".into()],
        };
        let out = translations(
            &["I have a bank account.".into()],
            std::slice::from_ref(&r),
            Some(&[vec![trip.clone()]]),
        );
        assert_eq!(
            out,
            "  de  Ich habe Konto.\n      ↺ I have «an» account.  (missing: a, bank)\n"
        );
        let json = with_round_trips(&[r], &[vec![trip]]);
        let rt = &json[0]["translations"][0]["roundTrip"];
        assert_eq!(rt["text"], back);
        assert_eq!(rt["changed"][0]["word"], "an");
        assert_eq!(
            (
                rt["changed"][0]["start"].as_u64(),
                rt["changed"][0]["end"].as_u64()
            ),
            (Some(7), Some(9))
        );
        assert_eq!(rt["missing"][1], "bank");
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
