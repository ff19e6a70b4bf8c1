//! Japanese verbs as a held ending follows them (see [`super::verb_final`]):
//! the `-i` stem before `ません` and `に失敗しました`, the `-a` stem before
//! `ない`, a negated passive's `れ` / `られ`, a noun-like verb's `する`; and
//! an adjective's `すぎます` after "too" (`長すぎます`).

use std::ops::Range;

/// The endings of a negated passive, held only before a past participle
/// ("is not supported" → `サポートされていません`, "was not accepted" →
/// `承認されませんでした`): in the dev split's references of "is/are not"
/// before one, 44 end in `されていません`, 24 `ていません`, 22 `ません`, 12
/// `されません`; of "was not", 6 of 11 `ませんでした`. As a noun-like verb's
/// (`する`'s passive); a verb of its own takes `れ` or `られ` (see
/// [`conjugate`], [`passive`]).
pub(super) const PASSIVE: &str = "されていません";
pub(super) const PASSIVE_PAST: &str = "されませんでした";

/// Godan verbs' last kana (dictionary form) with the kana of their `-i`
/// stem (`読み込む` → `読み込み`) and of their `-a` stem (`含む` → `含ま`).
const GODAN: &[(char, char, char)] = &[
    ('う', 'い', 'わ'),
    ('く', 'き', 'か'),
    ('ぐ', 'ぎ', 'が'),
    ('す', 'し', 'さ'),
    ('つ', 'ち', 'た'),
    ('ぬ', 'に', 'な'),
    ('ぶ', 'び', 'ば'),
    ('む', 'み', 'ま'),
    ('る', 'り', 'ら'),
];

/// Kana of the `e` and `i` rows, before the `る` of an ichidan verb (`見つける`, `見る`).
const ICHIDAN_ROW: &str = "えけげせぜてでねへべぺめれいきぎしじちぢにひびぴみり";

/// Ichidan verbs whose `る` follows a kanji (the kana rule takes a kanji
/// before `る` for a godan verb: `知る` → `知り`, `入る` → `入り`).
const ICHIDAN_KANJI: &[&str] = &[
    "見る", "出る", "寝る", "着る", "居る", "似る", "得る", "経る", "煮る",
];

/// The verb as the ending follows it. `に失敗しました` follows a noun: a verb
/// in its dictionary form gives its `-i` stem (`読み込む` → `読み込みに失敗しました`,
/// an ichidan verb its stem: `見つける` → `見つけ`). `できません` and
/// `できませんでした` follow the verb as the dictionary gives it: right after a
/// noun-like verb (`作成できません`), a gloss after another (`読むできません`,
/// not the potential `読めません`: on the dev-b messages the potential forms
/// scored 0.3 chrF lower, their references mostly writing a noun-like verb
/// and `できません` where the dictionary gives another verb). `ません` follows
/// the `-i` stem, `ない` the `-a` stem (`含む` → `含みません`, `含まない`; `ある`
/// → `ない`), a noun-like verb its `する`'s (`作成しません`, `作成しない`).
pub(super) fn conjugate(verb: &str, ending: &str) -> String {
    let Some(last) = verb.chars().last() else {
        return verb.to_owned();
    };
    let stem = &verb[..verb.len() - last.len_utf8()];
    let negative = ending.starts_with('ま') || ending == "ない";
    if !(negative || ending.starts_with('に') && !stem.is_empty()) {
        return verb.to_owned();
    }
    if negative && let Some(noun) = verb.strip_suffix("する") {
        return format!("{noun}し");
    }
    let Some(&(_, i, a)) = GODAN.iter().find(|(u, _, _)| *u == last) else {
        // A noun-like verb (its `する` left out): `する`'s stem after it.
        return if negative {
            format!("{verb}し")
        } else {
            verb.to_owned()
        };
    };
    if ichidan(verb) {
        return stem.to_owned();
    }
    if ending == "ない" {
        if verb == "ある" {
            return String::new();
        }
        return format!("{stem}{a}");
    }
    format!("{stem}{i}")
}

/// A verb and a passive ending as it takes it: a noun-like verb the ending
/// as it is (`設定されていません`), an ichidan verb its stem and `られ`
/// (`見つけられ…`), a godan verb its `-a` stem and `れ` (`許されていません`);
/// "found" is `見つかりません` ("is not found", as after "No"). `None` for
/// another ending.
pub(super) fn passive(verb: &str, ending: &'static str) -> Option<(String, &'static str)> {
    let past = match ending {
        PASSIVE => false,
        PASSIVE_PAST => true,
        _ => return None,
    };
    let (own, by_ichidan) = if past {
        ("れませんでした", "られませんでした")
    } else {
        ("れていません", "られていません")
    };
    if verb == "見つける" {
        return Some((
            "見つかり".to_owned(),
            if past { "ませんでした" } else { "ません" },
        ));
    }
    let last = verb.chars().last()?;
    let stem = &verb[..verb.len() - last.len_utf8()];
    if let Some(noun) = verb.strip_suffix("する") {
        return Some((noun.to_owned(), ending));
    }
    Some(match GODAN.iter().find(|(u, _, _)| *u == last) {
        None => (verb.to_owned(), ending),
        Some(_) if ichidan(verb) => (stem.to_owned(), by_ichidan),
        Some((_, _, a)) => (format!("{stem}{a}"), own),
    })
}

/// English adjectives after "too" and Japanese's `すぎます` of each, alone
/// and after the subject's `が` (when the subject follows: "Too many
/// arguments" → `引数が多すぎます`). In the dev split's Japanese references,
/// 199 of the 201 messages with "too" and an adjective say `すぎ`.
const TOO: &[(&str, &str, &str)] = &[
    ("many", "多すぎます", "が多すぎます"),
    ("much", "多すぎます", "が多すぎます"),
    ("long", "長すぎます", "が長すぎます"),
    ("large", "大きすぎます", "が大きすぎます"),
    ("big", "大きすぎます", "が大きすぎます"),
    ("old", "古すぎます", "が古すぎます"),
    ("short", "短すぎます", "が短すぎます"),
    ("small", "小さすぎます", "が小さすぎます"),
    ("few", "少なすぎます", "が少なすぎます"),
    ("high", "高すぎます", "が高すぎます"),
    ("low", "低すぎます", "が低すぎます"),
    ("far", "遠すぎます", "が遠すぎます"),
    ("deep", "深すぎます", "が深すぎます"),
    ("slow", "遅すぎます", "が遅すぎます"),
    ("late", "遅すぎます", "が遅すぎます"),
    ("complex", "複雑すぎます", "が複雑すぎます"),
];

/// "too" and an adjective of [`TOO`] (after an `is`, `are`, `was` or
/// `were`, said by the ending too) at the start of `words` (normalized, as
/// [`super::verb_final::next_words`] gives them): the words taken and the
/// endings, alone and after `が`.
pub(super) fn too(words: &[(usize, Range<usize>, String)]) -> Option<(usize, &'static str, &'static str)> {
    let be = usize::from(
        words
            .first()
            .is_some_and(|(_, _, w)| matches!(w.as_str(), "is" | "are" | "was" | "were")),
    );
    if words.get(be)?.2 != "too" {
        return None;
    }
    let adjective = &words.get(be + 1)?.2;
    let &(_, alone, after_ga) = TOO.iter().find(|(a, _, _)| a == adjective)?;
    Some((be + 2, alone, after_ga))
}

/// Whether `verb` (ending in `る`) is an ichidan verb: an `e`- or `i`-row
/// kana before its `る`, or one of [`ICHIDAN_KANJI`].
fn ichidan(verb: &str) -> bool {
    let Some(stem) = verb.strip_suffix('る') else {
        return false;
    };
    stem.chars().last().is_some_and(|b| ICHIDAN_ROW.contains(b)) || ICHIDAN_KANJI.contains(&verb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_verbs_take_the_ending() {
        assert_eq!(conjugate("作成", "できません"), "作成");
        assert_eq!(conjugate("読む", "できません"), "読む");
        assert_eq!(conjugate("読み込む", "に失敗しました"), "読み込み");
        assert_eq!(conjugate("見つける", "に失敗しました"), "見つけ");
        assert_eq!(conjugate("ロード", "に失敗しました"), "ロード");
        assert_eq!(conjugate("る", "に失敗しました"), "る");
        assert_eq!(conjugate("存在", "ません"), "存在し");
        assert_eq!(conjugate("含む", "ません"), "含み");
        assert_eq!(conjugate("含む", "ない"), "含ま");
        assert_eq!(conjugate("合う", "ない"), "合わ");
        assert_eq!(conjugate("見つける", "ませんでした"), "見つけ");
        assert_eq!(conjugate("見る", "ない"), "見");
        assert_eq!(conjugate("知る", "ません"), "知り");
        assert_eq!(conjugate("ある", "ない"), "");
        assert_eq!(conjugate("作成", "ない"), "作成し");
        assert_eq!(conjugate("する", "ない"), "し");
    }

    #[test]
    fn japanese_negated_passives() {
        let p = |v: &str, e: &'static str| {
            let (v, e) = passive(v, e).unwrap();
            format!("{v}{e}")
        };
        assert_eq!(p("サポート", PASSIVE), "サポートされていません");
        assert_eq!(p("設定する", PASSIVE), "設定されていません");
        assert_eq!(p("許す", PASSIVE), "許されていません");
        assert_eq!(p("見つける", PASSIVE_PAST), "見つかりませんでした");
        assert_eq!(p("受け入れる", PASSIVE_PAST), "受け入れられませんでした");
        assert_eq!(p("書く", PASSIVE), "書かれていません");
        assert!(passive("読む", "ません").is_none());
    }
}
