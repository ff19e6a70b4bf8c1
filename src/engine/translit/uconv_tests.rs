//! Agreement with ICU4C's `uconv -x` (Debian `icu-devtools`), pair by pair,
//! after NFC on both sides. Skipped, with a message, when `uconv` is absent.
//!
//! - Pairs on ICU4X's CLDR rules must agree (the same rules, another engine).
//! - Pairs with rules of our own are compared with the nearest ICU transform
//!   for information only: pinyin by words vs ICU's character by character
//!   (spaces, apostrophes and case ignored), our romaji (ん = "nn") vs
//!   Hiragana-Latin, RTGS vs ICU's Thai-Latin (ISO 11940, another system).
//! - Cyrl→Latn on BGN/PCGN (ICU4X's rules, then `·` where a word would not
//!   read back) must agree too; Latn→Cyrl of those languages reads their BGN
//!   Latin back and is checked as a round trip of the language's Cyrl sample.

use std::io::Write;
use std::process::{Command, Stdio};

use super::samples::SAMPLES;
use super::scope::Route;
use super::*;

/// `uconv -x id` on `text`; `None` when uconv cannot be run.
fn uconv(id: &str, text: &str) -> Option<String> {
    let mut child = Command::new("uconv")
        .args(["-x", id])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(text.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    out.status
        .success()
        .then(|| nfc(&String::from_utf8_lossy(&out.stdout)).into_owned())
}

/// The ICU4C name of the transform behind an ICU4X id.
fn icu4c_name(id: &str) -> Option<String> {
    const SCRIPTS: &[(&str, &str)] = &[
        ("arab", "Arabic"),
        ("beng", "Bengali"),
        ("cyrl", "Cyrillic"),
        ("deva", "Devanagari"),
        ("grek", "Greek"),
        ("gujr", "Gujarati"),
        ("guru", "Gurmukhi"),
        ("hang", "Hangul"),
        ("hebr", "Hebrew"),
        ("knda", "Kannada"),
        ("mlym", "Malayalam"),
        ("orya", "Oriya"),
        ("taml", "Tamil"),
        ("telu", "Telugu"),
        ("latn", "Latin"),
    ];
    let name = |code: &str| SCRIPTS.iter().find(|s| s.0 == code.to_lowercase()).map(|s| s.1);
    match id {
        "und-Hant-t-und-hans" => return Some("Simplified-Traditional".into()),
        "und-Hans-t-und-hant" => return Some("Traditional-Simplified".into()),
        "si-Latn-t-si" => return Some("si-si_Latn".into()),
        _ => {}
    }
    if let Some(lang) = id.strip_suffix("-m0-bgn").and_then(|s| s.split('-').next()) {
        return Some(format!("{lang}-{lang}_Latn/BGN"));
    }
    let (target, source) = id.strip_prefix("und-")?.split_once("-t-und-")?;
    Some(format!("{}-{}", name(source)?, name(target)?))
}

/// Word-level agreement: 2·LCS / (words of a + words of b).
fn agreement(a: &str, b: &str) -> f64 {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.split_whitespace().collect(), b.split_whitespace().collect());
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let mut row = vec![0usize; b.len() + 1];
    for x in &a {
        let mut diag = 0;
        for (j, y) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = if x == y { diag + 1 } else { up.max(row[j]) };
            diag = up;
        }
    }
    2.0 * row[b.len()] as f64 / (a.len() + b.len()) as f64
}

/// Character-level agreement ignoring spaces, apostrophes and case.
fn char_agreement(a: &str, b: &str) -> f64 {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '\'')
            .flat_map(char::to_lowercase)
            .flat_map(|c| [c, ' '])
            .collect()
    };
    agreement(&squash(a), &squash(b))
}

#[test]
fn agrees_with_uconv() {
    if uconv("Any-Null", "x").is_none() {
        eprintln!("uconv not found (Debian package icu-devtools): comparison skipped");
        return;
    }
    let mut worst: f64 = 1.0;
    eprintln!("{:<9} {:<10} {:>6}  ICU transform", "language", "pair", "agree");
    for &(lang, from, to, text) in SAMPLES {
        let ours = transliterate(lang, from, to, text).unwrap_or_default();
        let pair = format!("{from}→{to}");
        let (ours, reference, score, note) = match scope::route(lang, from, to) {
            Some(Route::Icu(id) | Route::IcuHan(id)) => {
                let name = icu4c_name(id).unwrap_or_else(|| panic!("no ICU4C name for {id}"));
                let reference = uconv(&name, text).unwrap_or_else(|| panic!("uconv -x {name}"));
                let score = agreement(&ours, &reference);
                worst = worst.min(score);
                (ours, reference, score, name)
            }
            Some(Route::Bgn(id)) => {
                let name = icu4c_name(id).unwrap_or_else(|| panic!("no ICU4C name for {id}"));
                let reference = uconv(&name, text).unwrap_or_else(|| panic!("uconv -x {name}"));
                let score = agreement(&ours, &reference);
                worst = worst.min(score);
                (ours, reference, score, name)
            }
            Some(Route::FromBgn) => {
                let cyrl = SAMPLES
                    .iter()
                    .find(|s| s.1 == "Cyrl" && s.0.split('-').next() == lang.split('-').next())
                    .map(|s| s.3)
                    .unwrap_or_else(|| panic!("no Cyrl sample for {lang}"));
                let source = if lang == "sr-Latn" { "sr-Cyrl" } else { lang };
                let latin = transliterate(source, "Cyrl", "Latn", cyrl).unwrap_or_default();
                let back = transliterate(lang, from, to, &latin).unwrap_or_default();
                let score = agreement(&back, cyrl);
                worst = worst.min(score);
                // A lone Ь is "ʹ", which has no case: it comes back as ь.
                let lone_sign = |t: &str| t.strip_suffix(", Ь").map(|t| format!("{t}, ь"));
                let want = lone_sign(cyrl).unwrap_or_else(|| cyrl.to_owned());
                assert_eq!(back, want, "{lang}: Cyrl → Latn → Cyrl");
                (back, latin, score, "round trip of the Cyrl sample".to_owned())
            }
            Some(Route::Pinyin(_)) => {
                let reference = uconv("Han-Latin", text).unwrap_or_default();
                let score = char_agreement(&ours, &reference);
                (
                    ours,
                    reference,
                    score,
                    "Han-Latin (info: by characters)".to_owned(),
                )
            }
            Some(Route::Romaji) => {
                // Kana only: ICU has no kanji readings for Japanese.
                let kana = "こんにちは さようなら ありがとう がっこう コーヒー";
                let ours = transliterate(lang, from, to, kana).unwrap_or_default();
                let reference = uconv("Hiragana-Latin; Katakana-Latin", kana).unwrap_or_default();
                let score = char_agreement(&ours, &reference);
                (ours, reference, score, "Hiragana-Latin on kana (info)".to_owned())
            }
            Some(Route::Kana) => {
                let reference = uconv("Latin-Hiragana", text).unwrap_or_default();
                let score = char_agreement(&ours, &reference);
                (ours, reference, score, "Latin-Hiragana (info)".to_owned())
            }
            Some(Route::Rtgs) => {
                let reference = uconv("Thai-Latin", text).unwrap_or_default();
                let score = char_agreement(&ours, &reference);
                (ours, reference, score, "Thai-Latin (info: ISO 11940)".to_owned())
            }
            None => unreachable!(),
        };
        eprintln!("{lang:<9} {pair:<10} {:>5.0}%  {note}", score * 100.0);
        if score < 1.0 {
            eprintln!("          ours: {ours}\n          icu:  {reference}");
        }
    }
    assert!(
        worst >= 0.7,
        "an ICU-backed pair agrees with uconv on less than 70% of words"
    );
}
