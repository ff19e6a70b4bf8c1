//! The gloss's tests of negation as each target says it: Arabic `غير`,
//! `لا`, `ليس`; Japanese and Hindi negated verbs at the clause's end;
//! Chinese `无法`, `未`; and no word learned as its own negation (helpers in
//! `tests.rs`).

use super::tests::pairs;

#[test]
fn arabic_not_is_said_by_what_follows() {
    let (text, _) = pairs("The option is not supported", "en", "ar");
    assert!(text.contains("غير") && !text.contains("ليس"), "{text}");
    let (text, _) = pairs("This is not a directory", "en", "ar");
    assert!(text.contains("ليس"), "{text}");
    let (text, _) = pairs("could not read directory", "en", "ar");
    assert!(text.starts_with("تعذّر"), "{text}");
    // Into English, the verbal noun after `تعذّر` is the verb.
    let (text, _) = pairs("تعذّر القراءة من الدفق", "ar", "en");
    assert!(text.starts_with("Could not read "), "{text}");
}

#[test]
fn japanese_negated_verbs_go_to_the_clause_end() {
    let (text, links) = pairs("could not read directory: disk", "en", "ja");
    assert!(text.starts_with("ディレクトリを"), "{text}");
    assert!(text.contains("できませんでした:"), "{text}");
    assert!(
        links
            .iter()
            .any(|(s, t)| s == "could not" && t == "できませんでした"),
        "{links:?}"
    );
    // No particle after a postposition that ends the clause.
    let (text, _) = pairs("could not read file in folder", "en", "ja");
    assert!(!text.contains("でを"), "{text}");
    // A quote sits inside the clause; `failed to` follows the verb's noun.
    let (text, _) = pairs("Failed to load 'x'", "en", "ja");
    assert!(text.ends_with("に失敗しました"), "{text}");
    // A verb negated with `do` ends the clause in its negative form, its
    // subject marked.
    let (text, _) = pairs("File does not exist", "en", "ja");
    assert!(text.ends_with("が存在しません"), "{text}");
    let (text, _) = pairs("Option ' ' is not supported", "en", "ja");
    assert!(text.contains("は") && text.ends_with("ていません"), "{text}");
    // "cannot be changed" is said "cannot change", the subject its object;
    // without a word before the negation, no particle.
    let (text, _) = pairs("The password could not be changed", "en", "ja");
    assert!(text.contains("を変更できませんでした"), "{text}");
    assert!(!text.contains("です"), "{text}");
    let (text, _) = pairs("could not be changed", "en", "ja");
    assert!(text.starts_with("変更できませんでした"), "{text}");
    // "too" and an adjective: its `すぎます` ends the clause.
    let (text, _) = pairs("Too many arguments", "en", "ja");
    assert!(
        text.ends_with("が多すぎます") && !text.starts_with('が'),
        "{text}"
    );
    let (text, _) = pairs("Function name is too long: x", "en", "ja");
    assert!(text.contains("が長すぎます:") && !text.contains("です"), "{text}");
    let (text, _) = pairs("section too small for data", "en", "ja");
    assert!(text.ends_with("小さすぎます"), "{text}");
    let (text, _) = pairs("do not create the directory", "en", "ja");
    assert!(
        text.starts_with("ディレクトリを") && text.ends_with("しない"),
        "{text}"
    );
    let (text, _) = pairs("Server did not respond.", "en", "ja");
    assert!(text.ends_with("ませんでした。"), "{text}");
    // So does a `not` of its own, by what follows it.
    let (text, _) = pairs("Not an ELF file", "en", "ja");
    assert!(
        text.ends_with("ではありません") && !text.starts_with("ません"),
        "{text}"
    );
    let (text, _) = pairs("not compiled with x", "en", "ja");
    assert!(text.ends_with("されていません") && !text.contains('を'), "{text}");
    let (text, _) = pairs("not mapping", "en", "ja");
    assert!(text.ends_with("しません"), "{text}");
    // Elsewhere, and into other languages, the order is the source's.
    let (text, _) = pairs("could not read directory", "en", "zh-Hans");
    assert!(text.starts_with("无法") && text.ends_with("目录"), "{text}");
}

#[test]
fn chinese_modals_failures_perfects_and_passives() {
    // `cannot`/`could not`/`couldn't` → 无法, in place.
    for src in ["Cannot open file", "could not open file", "couldn't open file"] {
        let (text, links) = pairs(src, "en", "zh-Hans");
        assert!(
            text.starts_with("无法") && text.ends_with("文件"),
            "{src}: {text}"
        );
        // 无法 alone, or opening a phrase (`Cannot open` → 无法打开).
        assert!(links.iter().any(|(_, t)| t.starts_with("无法")), "{links:?}");
    }
    // A failure is said after the verb and its object, at the clause's end.
    let (text, links) = pairs("Failed to open file: %s", "en", "zh-Hans");
    assert!(text.starts_with("打开文件失败"), "{text}");
    assert!(text.ends_with("%s"), "{text}");
    assert!(
        links.iter().any(|(s, t)| s == "Failed to" && t == "失败"),
        "{links:?}"
    );
    // The perfect's `has been` is 已; a passive's `be` has no word.
    let (text, links) = pairs("The files have been updated", "en", "zh-Hans");
    assert!(text.contains("已更新"), "{text}");
    assert!(
        links.iter().any(|(s, t)| s == "have been" && t == "已"),
        "{links:?}"
    );
    let (text, _) = pairs("it could not be opened", "en", "zh-Hans");
    assert!(!text.contains('是'), "{text}");
    let (text, _) = pairs("the mode is not set", "en", "zh-Hans");
    assert!(!text.contains("不是"), "{text}");
    // `to` before a verb has no word; before a noun it stays.
    let (text, _) = pairs("needs to use it", "en", "zh-Hans");
    assert!(!text.contains('到'), "{text}");
    let (text, _) = pairs("needs to use it", "en", "de");
    assert!(text.contains("zu"), "{text}");
}

#[test]
fn chinese_too_many_follows_its_noun_and_no_be_precedes_too() {
    let (text, links) = pairs("Too many arguments", "en", "zh-Hans");
    assert_eq!(text, "参数过多");
    assert!(
        links.iter().any(|(s, t)| s == "Too many" && t == "过多"),
        "{links:?}"
    );
    let (text, _) = pairs("Too many arguments (first is x)", "en", "zh-Hans");
    assert!(text.starts_with("参数过多"), "{text}");
    // After a verb, in place.
    let (text, _) = pairs("contains too many arguments", "en", "zh-Hans");
    assert!(text.ends_with("参数"), "{text}");
    for src in ["number is too big", "Stream is already closed"] {
        let (text, _) = pairs(src, "en", "zh-Hans");
        assert!(!text.contains('是'), "{src}: {text}");
    }
}

#[test]
fn hindi_negated_verbs_go_to_the_clause_end() {
    let (text, links) = pairs("Failed to read file", "en", "hi");
    assert!(text.ends_with("पढ़ने में विफल"), "{text}");
    assert!(!text.starts_with(' '), "{text}");
    assert!(
        links.iter().any(|(s, t)| s == "Failed to" && t == "में विफल"),
        "{links:?}"
    );
    let (text, _) = pairs("could not read file ' ': disk", "en", "hi");
    assert!(text.contains("' ' पढ़ नहीं सका:"), "{text}");
}

#[test]
fn a_word_is_not_learned_as_its_own_negation() {
    // The sense tables had learned it `valido`, id `valid` and ar `صالح` as
    // "invalid" from the messages that negate them (`non valido`).
    for (src, from) in [
        ("valore valido", "it"),
        ("nilai valid", "id"),
        ("ترويسة صالحة", "ar"),
    ] {
        let (text, _) = pairs(src, from, "en");
        assert!(!text.to_lowercase().contains("invalid"), "{src}: {text}");
    }
}

#[test]
fn arabic_ghayr_and_greek_mi_negate_the_word_after_them_in_english() {
    // `غير صالحة` (feminine; no learned phrase): "valid" with its prefix,
    // an adjective before its noun.
    let (text, links) = pairs("حزمة غير صالحة", "ar", "en");
    assert_eq!(text.to_lowercase(), "invalid package", "{links:?}");
    // A learned phrase that drops the negation is not taken (`غير موجود`
    // → "exist"): the message says the file is not there.
    let (text, _) = pairs("الملف غير موجود", "ar", "en");
    assert!(text.contains("not "), "{text}");
    let (text, _) = pairs("μη έγκυρη ημερομηνία", "el", "en");
    assert!(text.to_lowercase().starts_with("invalid"), "{text}");
}

#[test]
fn into_chinese_not_yet_is_said_of_what_has_not_happened() {
    let (text, _) = pairs("The option is not set", "en", "zh-Hans");
    assert!(text.contains("未设"), "{text}");
    let (text, _) = pairs("write did not end", "en", "zh-Hans");
    assert!(text.contains("未"), "{text}");
    let (text, _) = pairs("The format is not supported", "en", "zh-Hans");
    assert!(text.contains("不支持"), "{text}");
}

#[test]
fn a_japanese_clause_opening_with_no_ends_in_its_negation() {
    let (text, links) = pairs("No match", "en", "ja");
    assert!(text.ends_with("がありません"), "{text}");
    assert!(
        links.iter().any(|(s, t)| s == "No" && t == "がありません"),
        "{links:?}"
    );
    for src in ["No symbol table found", "No metadata was found"] {
        let (text, _) = pairs(src, "en", "ja");
        assert!(text.ends_with("が見つかりません"), "{src}: {text}");
        assert!(!text.contains('見') || text.matches('見').count() == 1, "{text}");
    }
    // Only at a clause's start, and before another word.
    let (text, _) = pairs("there is no file", "en", "ja");
    assert!(!text.ends_with("がありません"), "{text}");
    let (text, _) = pairs("No", "en", "ja");
    assert!(!text.contains("がありません"), "{text}");
}
