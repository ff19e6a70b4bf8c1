//! Japanese conjugation undone: the dictionary forms an inflected verb or
//! adjective may come from (`使っています` → `使う`, `開けませんでした` →
//! `開ける`, `高くなかった` → `高い`, `勉強します` → `勉強`).
//!
//! The method of the pop-up dictionaries (rikaichan, Yomichan): rules that
//! replace an ending, each saying what kind of word it accepts and what kind
//! it leaves, applied in chains (`食べさせられなかった`: かった → い, ない → る,
//! られる → る, させる → る → `食べる`). A chain starts at the surface form,
//! where any rule applies; after that a rule applies only when it accepts the
//! kind the previous one left, so a final ending (た, て, ば) is undone only
//! at the end of the word. The result is a list of guesses, fewest steps
//! first; a guess counts only when the dictionary has it as a headword.

use std::sync::OnceLock;

/// Kinds of word a rule accepts and leaves (bits).
const V1: u8 = 1; // ichidan verb (食べる)
const V5: u8 = 2; // godan verb (書く)
const VS: u8 = 4; // する verb
const VK: u8 = 8; // 来る
const ADJ: u8 = 16; // i-adjective, and the ない/たい forms that conjugate like one
const TE: u8 = 32; // a te-form, before an auxiliary verb (ている, てしまう)
const NOUN: u8 = 64; // the noun of a する verb (勉強する → 勉強)
/// Kinds a dictionary lists.
const HEADWORD: u8 = V1 | V5 | VS | VK | ADJ | NOUN;
/// The surface form: every rule applies to it.
const START: u8 = 0;

/// Most rules applied in one chain.
const MAX_STEPS: usize = 6;

/// A rule: the inflected ending, its replacement, the kinds of word the
/// inflected form may be (`START`: only the surface form) and the kind it
/// leaves; `negative` when the ending negates (ない, ません, ず).
struct Rule {
    inflected: String,
    base: String,
    accepts: u8,
    leaves: u8,
    negative: bool,
}

/// Endings that negate; a chain through two of them is not negative
/// (なければならない, "must": ない in both of its rules).
fn negates(inflected: &str) -> bool {
    [
        "ない",
        "ません",
        "ませんでした",
        "ず",
        "なきゃ",
        "なくてはいけない",
    ]
    .iter()
    .any(|n| inflected.ends_with(n))
}

/// A godan row: the dictionary ending, then the a-, i-, e- and o-stems and
/// the te- and ta-forms.
const GODAN: &[[&str; 7]] = &[
    ["う", "わ", "い", "え", "お", "って", "った"],
    ["く", "か", "き", "け", "こ", "いて", "いた"],
    ["ぐ", "が", "ぎ", "げ", "ご", "いで", "いだ"],
    ["す", "さ", "し", "せ", "そ", "して", "した"],
    ["つ", "た", "ち", "て", "と", "って", "った"],
    ["ぬ", "な", "に", "ね", "の", "んで", "んだ"],
    ["ぶ", "ば", "び", "べ", "ぼ", "んで", "んだ"],
    ["む", "ま", "み", "め", "も", "んで", "んだ"],
    ["る", "ら", "り", "れ", "ろ", "って", "った"],
];

/// Endings after the masu-stem (i-stem of godan, the bare stem of ichidan),
/// with the kinds of word the inflected form may be.
const AFTER_STEM: &[(&str, u8)] = &[
    ("ます", START),
    ("ました", START),
    ("ません", START),
    ("ませんでした", START),
    ("ましょう", START),
    ("まして", START),
    ("たい", ADJ | START),
    ("ながら", START),
    ("なさい", START),
    ("そう", START),
    ("すぎる", V1 | START),
];

/// Auxiliary verbs after a te-form: (auxiliary, the kinds it conjugates as).
const AFTER_TE: &[(&str, u8)] = &[
    ("いる", V1),
    ("る", V1), // 食べてる
    ("おく", V5),
    ("しまう", V5),
    ("ある", V5),
    ("いく", V5),
    ("くる", VK),
    ("みる", V1),
    ("あげる", V1),
    ("くれる", V1),
    ("もらう", V5),
    ("ください", START),
];

/// Whole forms whose ending the regular rules miss.
const IRREGULAR: &[(&str, &str, u8, u8)] = &[
    ("行って", "行く", TE | START, V5),
    ("行った", "行く", START, V5),
    ("いって", "いく", TE | START, V5),
    ("いった", "いく", START, V5),
    ("ちゃう", "てしまう", V5 | START, V5),
    ("じゃう", "でしまう", V5 | START, V5),
    ("とく", "ておく", V5 | START, V5),
    ("どく", "でおく", V5 | START, V5),
    ("なければならない", "ない", START, ADJ),
    ("なくてはいけない", "ない", START, ADJ),
    ("なきゃ", "ない", START, ADJ),
    ("いです", "い", START, ADJ),
    ("する", "", VS, NOUN),
    ("できる", "する", V1 | START, VS),
];

fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(build)
}

fn build() -> Vec<Rule> {
    let mut out = Vec::new();
    let mut add = |inflected: String, base: &str, accepts: u8, leaves: u8| {
        out.push(Rule {
            negative: negates(&inflected),
            inflected,
            base: base.to_owned(),
            accepts,
            leaves,
        });
    };
    for [base, a, i, e, o, te, ta] in GODAN {
        for (ending, accepts) in AFTER_STEM {
            add(format!("{i}{ending}"), base, *accepts, V5);
        }
        add((*i).to_owned(), base, START, V5);
        add(format!("{a}ない"), base, ADJ | START, V5);
        add(format!("{a}ず"), base, START, V5);
        add(format!("{a}れる"), base, V1 | START, V5);
        add(format!("{a}せる"), base, V1 | START, V5);
        add(format!("{e}る"), base, V1 | START, V5);
        add(format!("{e}ば"), base, START, V5);
        add((*e).to_owned(), base, START, V5);
        add(format!("{o}う"), base, START, V5);
        add((*te).to_owned(), base, TE | START, V5);
        add((*ta).to_owned(), base, START, V5);
        add(format!("{ta}ら"), base, START, V5);
        add(format!("{ta}り"), base, START, V5);
    }
    // Ichidan: the stem is the dictionary form without る.
    for (ending, accepts) in AFTER_STEM {
        add((*ending).to_owned(), "る", *accepts, V1);
    }
    for (ending, accepts) in [
        ("ない", ADJ | START),
        ("ず", START),
        ("られる", V1 | START),
        ("させる", V1 | START),
        ("れる", V1 | START),
        ("れば", START),
        ("よう", START),
        ("ろ", START),
        ("て", TE | START),
        ("た", START),
        ("たら", START),
        ("たり", START),
    ] {
        add(ending.to_owned(), "る", accepts, V1);
    }
    // する and 来る (in kanji and in kana).
    for (stem, base, kind) in [("し", "する", VS), ("来", "来る", VK), ("き", "くる", VK)] {
        for (ending, accepts) in AFTER_STEM {
            add(format!("{stem}{ending}"), base, *accepts, kind);
        }
        for (ending, accepts) in [("て", TE | START), ("た", START), ("たら", START)] {
            add(format!("{stem}{ending}"), base, accepts, kind);
        }
    }
    for (form, accepts) in [
        ("しない", ADJ | START),
        ("される", V1 | START),
        ("させる", V1 | START),
        ("しよう", START),
        ("すれば", START),
    ] {
        add(form.to_owned(), "する", accepts, VS);
    }
    for (stem, base) in [("来", "来る"), ("こ", "くる")] {
        for (ending, accepts) in [("ない", ADJ | START), ("られる", V1 | START), ("よう", START)] {
            add(format!("{stem}{ending}"), base, accepts, VK);
        }
    }
    add("来れば".to_owned(), "来る", START, VK);
    add("くれば".to_owned(), "くる", START, VK);
    // i-adjectives.
    for (ending, accepts) in [
        ("く", START),
        ("くて", TE | START),
        ("かった", START),
        ("くない", ADJ | START),
        ("ければ", START),
        ("さ", START),
        ("そう", START),
        ("すぎる", V1 | START),
        ("くなる", V5 | START),
    ] {
        add(ending.to_owned(), "い", accepts, ADJ);
    }
    // Auxiliary verbs after a te-form (て or で).
    for (aux, kinds) in AFTER_TE {
        for te in ["て", "で"] {
            add(format!("{te}{aux}"), te, kinds | START, TE);
        }
    }
    for (form, base, accepts, leaves) in IRREGULAR {
        add((*form).to_owned(), base, *accepts, *leaves);
    }
    out
}

/// Pushes the dictionary forms `word` may be an inflection of, fewest steps first.
pub fn candidates(word: &str, out: &mut Vec<String>) {
    out.extend(search(word).into_iter().map(|(base, _)| base));
}

/// Whether the chain from `word` to `base` (the first one found) negates:
/// `開けませんでした` → `開ける` is "did not open".
pub fn negated(word: &str, base: &str) -> bool {
    search(word)
        .into_iter()
        .find(|(b, _)| b == base)
        .is_some_and(|(_, negative)| negative)
}

/// Every dictionary form reached from `word`, fewest steps first, with
/// whether its chain negates.
fn search(word: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut frontier = vec![(word.to_owned(), START, false)];
    let mut seen = vec![(word.to_owned(), START)];
    for _ in 0..MAX_STEPS {
        let mut next = Vec::new();
        for (form, kind, negative) in &frontier {
            for rule in rules() {
                if *kind != START && rule.accepts & kind == 0 {
                    continue;
                }
                let Some(stem) = form.strip_suffix(rule.inflected.as_str()) else {
                    continue;
                };
                // A whole word only goes to a whole dictionary form (した → する).
                if stem.is_empty() && rule.base.chars().count() < 2 {
                    continue;
                }
                let base = format!("{stem}{}", rule.base);
                if seen.iter().any(|(f, k)| *f == base && *k == rule.leaves) {
                    continue;
                }
                seen.push((base.clone(), rule.leaves));
                let negative = negative ^ rule.negative;
                if rule.leaves & HEADWORD != 0 {
                    out.push((base.clone(), negative));
                }
                next.push((base, rule.leaves, negative));
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::candidates;

    fn bases(word: &str) -> Vec<String> {
        let mut out = Vec::new();
        candidates(word, &mut out);
        out
    }

    #[test]
    fn verbs_and_adjectives_reach_their_dictionary_form() {
        for (form, base) in [
            ("使っています", "使う"),
            ("開けませんでした", "開ける"),
            ("食べさせられなかった", "食べる"),
            ("書きました", "書く"),
            ("読んでいる", "読む"),
            ("行った", "行く"),
            ("見られない", "見る"),
            ("高くなかった", "高い"),
            ("勉強します", "勉強"),
            ("来ました", "来る"),
            ("行かなければならない", "行く"),
            ("忘れてしまった", "忘れる"),
            ("保存できません", "保存"),
        ] {
            let got = bases(form);
            assert!(got.iter().any(|b| b == base), "{form}: {got:?}");
        }
    }

    #[test]
    fn negation_is_read_from_the_chain() {
        assert!(super::negated("開けませんでした", "開ける"));
        assert!(super::negated("高くなかった", "高い"));
        assert!(super::negated("食べさせられなかった", "食べる"));
        assert!(!super::negated("使っています", "使う"));
        // Two negations: "must go".
        assert!(!super::negated("行かなければならない", "行く"));
    }

    #[test]
    fn a_final_ending_is_undone_only_at_the_end() {
        // た is past only at the end of a word: 書いたい is no form of 書く.
        assert!(!bases("書いたい").iter().any(|b| b == "書く"));
        assert!(bases("猫").is_empty());
        assert!(bases("").is_empty());
    }
}
