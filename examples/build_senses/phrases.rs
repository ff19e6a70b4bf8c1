//! Phrases the messages translate as a whole: for each run of two or three
//! adjacent source words (`could not`, `file name`, `out of memory`), the
//! word or run of words of the other side most associated with it, by
//! competitive linking among the single words and the runs of both sides
//! together (so that a run wins a translation only where its words alone
//! do not: `the file` keeps no phrase, `ファイル` is `file`'s).

use std::collections::{BTreeMap, HashMap};

use glossa::engine::dict::{grammar, normalize};
use glossa::engine::tokens::{Kind, Token, tokenize};

use super::induce;

/// The longest run of source words, and of target words, linked.
const MAX_RUN: usize = 3;
/// The least Dice of a phrase's link (tuned on the dev split's halves:
/// 0.2, 0.3, 0.5, 0.7 gave a mean chrF of 45.6, 45.6, 45.5, 45.2).
const MIN_DICE: f64 = 0.3;
/// The catalogues a phrase's link must be attested in (on the dev split's
/// halves: 1 → 45.3 mean chrF, 2 → 45.1 with a third of the phrases left).
const MIN_CATALOGUES: usize = 2;
/// Messages longer than this (in words) are left out: their runs are many
/// and their links weak.
const MAX_WORDS: usize = 16;

/// `phrase → (dice, translation)` for the phrases of `msgs` (source,
/// translation; `domains`: each message's catalogue) from `from` to `to`; a
/// phrase is its normalized words joined by one space, a translation as it
/// is most often spelled (joined without spaces into ja and zh-Hans).
pub fn learn(
    msgs: &[(&str, &str)],
    domains: &[&str],
    (from, to): (&str, &str),
) -> BTreeMap<String, (f64, String)> {
    let unspaced = matches!(to, "ja" | "zh-Hans");
    let mut keys_per_msg = Vec::new();
    let mut units_per_msg = Vec::new();
    let mut spelled: HashMap<String, HashMap<String, u32>> = HashMap::new();
    // A run of the other side's words → its words (normalized).
    let mut parts: HashMap<String, Vec<String>> = HashMap::new();
    // Per word of the other side: the messages it is in, and those whose
    // source has it too (copied: a name, a command).
    let mut copied: HashMap<String, (u32, u32)> = HashMap::new();
    // Per translation (normalized) into Japanese: the messages it is in,
    // and those where it opens right after a kanji (see [`inside_word`]).
    let mut after_kanji: HashMap<String, (u32, u32)> = HashMap::new();
    // The catalogues of the messages kept, in the order of the lists.
    let mut kept_domains = Vec::new();
    for ((src, dst), domain) in msgs.iter().zip(domains) {
        let src_runs = runs(src, false);
        let dst_runs = runs(dst, to == "ja");
        let words = |runs: &[Vec<&str>]| runs.iter().map(Vec::len).sum::<usize>();
        if words(&src_runs) > MAX_WORDS || words(&dst_runs) > 2 * MAX_WORDS {
            continue;
        }
        keys_per_msg.push(grams(&src_runs, " ", normalize));
        let glue = if unspaced { "" } else { " " };
        let mut units = grams(&dst_runs, glue, |w| w.to_owned());
        // A Japanese translation stops at no `ませんで` (`ませんでした` cut).
        units.retain(|u| !u.ends_with("ませんで"));
        let mut norm: Vec<String> = units.iter().map(|u| normalize(u)).collect();
        let src_words: Vec<String> = src_runs.iter().flatten().map(|w| normalize(w)).collect();
        let mut dst_words: Vec<String> = dst_runs.iter().flatten().map(|w| normalize(w)).collect();
        dst_words.sort();
        dst_words.dedup();
        for w in dst_words {
            let c = copied.entry(w.clone()).or_default();
            c.0 += 1;
            c.1 += u32::from(src_words.contains(&w));
        }
        for run in &dst_runs {
            for i in 0..run.len() {
                for n in 2..=MAX_RUN.min(run.len() - i) {
                    let words: Vec<String> = run[i..i + n].iter().map(|w| normalize(w)).collect();
                    parts.entry(words.join(glue)).or_insert(words);
                }
            }
        }
        for (u, n) in units.iter().zip(&norm) {
            let at = dst.find(u.as_str());
            if to == "ja"
                && let Some(at) = at
            {
                let c = after_kanji.entry(n.clone()).or_default();
                c.0 += 1;
                c.1 += u32::from(dst[..at].chars().next_back().is_some_and(kanji));
            }
            // A sentence's first word is spelled with its capital.
            if !at.is_some_and(|at| super::initial(dst, at)) {
                *spelled
                    .entry(n.clone())
                    .or_default()
                    .entry(u.clone())
                    .or_default() += 1;
            }
        }
        norm.sort();
        norm.dedup();
        units_per_msg.push(norm);
        kept_domains.push(*domain);
    }
    let links = induce::induce(&keys_per_msg, &units_per_msg, true, false);
    // The key each word or run of the other side was linked to: a phrase's
    // translation may not hold a word that belongs to words outside it (`in
    // folder` is not de `Nachrichten in`, whose `Nachrichten` is
    // `messages`'s).
    let owner: HashMap<&str, &str> = links
        .iter()
        .map(|(k, (_, unit))| (unit.as_str(), k.as_str()))
        .collect();
    let shares = |a: &str, b: &str| a.split(' ').any(|w| b.split(' ').any(|v| v == w));
    let foreign = |key: &str, unit: &str| {
        parts.get(unit).is_some_and(|words| {
            words
                .iter()
                .any(|w| owner.get(w.as_str()).is_some_and(|k| !shares(key, k)))
        })
    };
    // A word of a phrase's translation that the messages mostly copy from
    // their source and that is not the phrase's own (ru `ошибка чтения
    // информации` is not `dyld`).
    let borrowed = |key: &str, unit: &str| {
        let words = parts.get(unit).cloned().unwrap_or_else(|| vec![unit.to_owned()]);
        words.iter().any(|w| {
            w.chars().count() >= 3
                && !key.split(' ').any(|k| k == w)
                && copied.get(w).is_some_and(|&(n, c)| 2 * c >= n)
        })
    };
    // In how many catalogues each phrase's link is attested: one
    // catalogue's habits (a mail client's `N messages in folder`) are no
    // evidence of what a phrase means.
    let mut attested: HashMap<(&str, &str), Vec<&str>> = HashMap::new();
    for ((keys, units), domain) in keys_per_msg.iter().zip(&units_per_msg).zip(&kept_domains) {
        for k in keys.iter().filter(|k| k.contains(' ')) {
            if let Some((_, unit)) = links.get(k)
                && units.binary_search(unit).is_ok()
            {
                let seen = attested.entry((k.as_str(), unit.as_str())).or_default();
                if !seen.contains(domain) {
                    seen.push(domain);
                }
            }
        }
    }
    links
        .iter()
        .filter(|(k, (dice, unit))| {
            k.contains(' ')
                && attested.get(&(k.as_str(), unit.as_str())).is_some_and(|d| d.len() >= MIN_CATALOGUES)
                && *dice >= MIN_DICE
                && unit.chars().filter(|c| c.is_alphabetic()).count() > 1
                // Not one of the phrase's own words with the others dropped
                // (`сжатый gzip` → `gzip`).
                && !k.split(' ').any(|w| w == unit)
                // Nor the translation of one of its words alone (ja `in
                // folder` is not `フォルダ`, `folder`'s).
                && !owner.get(unit.as_str()).is_some_and(|o| !o.contains(' ') && shares(k, o))
                && !foreign(k, unit)
                && !borrowed(k, unit)
                && !modifier_ending(from, k)
                && !inside_word(unit, parts.get(unit.as_str()), after_kanji.get(unit.as_str()))
                && (!negated(from, k) || says_no(to, unit) || to == "tr")
        })
        .map(|(k, (dice, unit))| {
            let spelling = spelled
                .get(unit)
                .and_then(|forms| forms.iter().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0))))
                .map_or(unit, |(form, _)| form);
            (k.clone(), (*dice, spelling.clone()))
        })
        .collect()
}

/// The words of a message inside one of the `phrases` whose translation it
/// has (`has`) and whose other words are all content words (`go to` → ar
/// `اذهب` is `go`'s): each as the key it counts under (`key_of`), with that
/// translation (normalized). `words`: the words of its source `src`, in order.
pub fn present(
    (src, from): (&str, &str),
    words: &[String],
    phrases: &BTreeMap<String, (f64, String)>,
    has: impl Fn(&str) -> bool,
    key_of: impl Fn(&str) -> String,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if phrases.is_empty() {
        return out;
    }
    let norm: Vec<String> = words.iter().map(|w| normalize(w)).collect();
    let text = normalize(src);
    for i in 0..norm.len() {
        for n in 2..=MAX_RUN.min(norm.len() - i) {
            let gram = norm[i..i + n].join(" ");
            // Adjacent in the source (no punctuation between), said in the target.
            if let Some((_, unit)) = phrases.get(&gram)
                && text.contains(&gram)
                && has(&normalize(unit))
            {
                for (j, word) in words.iter().enumerate().skip(i).take(n) {
                    if (i..i + n).all(|o| o == j || !grammatical(from, &norm[o])) {
                        out.push((key_of(word), normalize(unit)));
                    }
                }
            }
        }
    }
    out
}

/// Whether an English phrase ends in a word that modifies the next one
/// (`too`, `very`) after a content word: `line too` had learned de `Zeile
/// zu lang`, zh-Hans `行太长`, the adjective after it included (`Line too
/// long` → `行太长长`). `is too` → `ist zu` stays.
fn modifier_ending(from: &str, key: &str) -> bool {
    let mut words = key.split(' ').rev();
    from == "en"
        && words.next().is_some_and(|w| matches!(w, "too" | "very"))
        && words.any(|w| !grammatical(from, w))
}

/// Whether a Japanese translation opens inside a word: with hiragana that
/// are no particle or form of `する`, in most of its messages right after a
/// kanji (`parts`: its words; `after_kanji`: its messages, and those). The
/// segmenter cuts `無効な` as `無効|な`, `大きすぎ` as `大|きすぎ`: `invalid
/// header` had learned `なヘッダ`, `too large` `きすぎ`. The suffix `的`
/// counts as such hiragana (`致命|的なエラー`).
fn inside_word(unit: &str, parts: Option<&Vec<String>>, after_kanji: Option<&(u32, u32)>) -> bool {
    let first = parts.and_then(|p| p.first()).map_or(unit, String::as_str);
    first
        .chars()
        .next()
        .is_some_and(|c| ('\u{3041}'..='\u{3096}').contains(&c) || c == '的')
        && !JAPANESE_OPENERS.contains(&first)
        && after_kanji.is_some_and(|&(n, k)| 2 * k > n)
}

/// Japanese words a translation may open with after a kanji: particles and
/// forms of `する` (`の角度` "angle of", `と適用` "and apply", `する値` "value
/// to").
const JAPANESE_OPENERS: &[&str] = &[
    "の",
    "と",
    "を",
    "に",
    "で",
    "が",
    "は",
    "や",
    "も",
    "へ",
    "から",
    "まで",
    "より",
    "として",
    "について",
    "に対する",
    "する",
    "して",
    "した",
    "される",
    "された",
    "し",
    "という",
    "または",
    "あるいは",
    "でなければ",
];

fn kanji(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c) || ('\u{3400}'..='\u{4DBF}').contains(&c)
}

/// Whether a word (normalized) is a grammatical word of `lang` (English:
/// one the grammar tables translate, `to`, `is`).
fn grammatical(lang: &str, word: &str) -> bool {
    if lang == "en" {
        grammar::from_english("de", word).is_some()
    } else {
        grammar::to_english(lang, word).is_some()
    }
}

/// The proposals of `learned` that are their key's own: not a word that,
/// in most messages with the key and the word (`keys_per_msg`,
/// `words_per_msg`), is the whole translation of a phrase holding the key
/// (`in_phrases`, of [`present`]): ar `صحيح` "correct" had learned
/// "integer", `عدد صحيح`'s. (A word that is a part of a phrase's
/// translation is often the key's own: `الحافظة` → "clipboard" in "copy to
/// clipboard".) Counting no evidence inside phrases at all lost dev-b chrF
/// into English (de→en −0.8, pt→en −0.5) and Turkish (−1.1).
pub fn own(
    learned: BTreeMap<String, (f64, String)>,
    (keys_per_msg, words_per_msg): (&[Vec<String>], &[Vec<String>]),
    in_phrases: &[Vec<(String, String)>],
) -> BTreeMap<String, (f64, String)> {
    let mut msgs_of: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, keys) in keys_per_msg.iter().enumerate() {
        for k in keys {
            msgs_of.entry(k).or_default().push(i);
        }
    }
    learned
        .into_iter()
        .filter(|(key, (_, word))| {
            let (mut with, mut inside) = (0, 0);
            for &i in msgs_of.get(key.as_str()).into_iter().flatten() {
                if words_per_msg[i].binary_search(word).is_err() {
                    continue;
                }
                with += 1;
                inside += usize::from(in_phrases[i].iter().any(|(k, unit)| k == key && unit == word));
            }
            with == 0 || 2 * inside < with
        })
        .collect()
}

/// The runs of adjacent words of `text` (only spaces, or nothing, between
/// them), each a list of words. `polite`: Japanese, whose polite endings
/// the segmenter cuts after their `ま` (`ありま` + `せん`, `しま` + `した`) are
/// joined again, so that no translation ends or opens inside one.
fn runs(text: &str, polite: bool) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    let mut tokens = tokenize(text, 0..text.len());
    if polite {
        tokens = join_polite(text, tokens);
    }
    for t in tokens {
        match t.kind {
            Kind::Word if word(&text[t.range.clone()]) => {
                run.push(&text[t.range]);
            }
            Kind::Space if !text[t.range.clone()].contains('\n') => {}
            _ => {
                if !run.is_empty() {
                    out.push(std::mem::take(&mut run));
                }
            }
        }
    }
    if !run.is_empty() {
        out.push(run);
    }
    out
}

/// `tokens` with each word ending in `ま` joined to the word right after it
/// that goes on with a polite ending (`せん`, `す`, `した`, `しょう`).
fn join_polite(text: &str, tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    for t in tokens {
        if let Some(last) = out.last_mut()
            && last.kind == Kind::Word
            && t.kind == Kind::Word
            && last.range.end == t.range.start
            && text[last.range.clone()].ends_with('ま')
            && text[t.range.clone()].starts_with(['せ', 'す', 'し'])
        {
            last.range.end = t.range.end;
            continue;
        }
        out.push(t);
    }
    out
}

/// Whether a phrase or its translation (normalized) says "not" or "no":
/// a translation that drops a phrase's negation misleads (ja `could not
/// close` is not `をクローズ`). Turkish negates with a suffix, not told here.
/// Not zh `别` ("don't"): it is in `识别` (recognize), `类别`, `级别` (`not
/// recognized` had learned `被识别`).
fn negated(lang: &str, text: &str) -> bool {
    const EN: &[&str] = &[
        "not", "no", "never", "none", "nothing", "without", "cannot", "can't", "won't", "nor", "neither",
    ];
    const MARKS: &[(&str, &[&str])] = &[
        (
            "ja",
            &["ない", "ません", "ず", "未", "不", "非", "無", "ではありま"],
        ),
        ("zh-Hans", &["不", "没", "未", "无", "非", "否"]),
    ];
    // Words that have a mark's character and say no "not": `まず` (first),
    // `必ず` (always), `ずつ` (each), `是否` (whether).
    const NOT_MARKS: &[&str] = &["まず", "必ず", "ずつ", "わずか", "是否"];
    if let Some((_, marks)) = MARKS.iter().find(|(l, _)| *l == lang) {
        let mut text = text.to_owned();
        for w in NOT_MARKS {
            text = text.replace(w, "");
        }
        return marks.iter().any(|m| text.contains(m));
    }
    text.split(' ').any(|w| {
        let english = if lang == "en" {
            Some(w)
        } else {
            grammar::to_english(lang, w)
        };
        english.is_some_and(|e| EN.contains(&e) || e.ends_with("n't"))
    })
}

/// Whether a translation (normalized) negates, by a word ([`negated`]) or a
/// prefix (`unavailable`, ru `неверный`, cs `nelze`, de `ungültig`).
fn says_no(lang: &str, text: &str) -> bool {
    const PREFIXES: &[(&str, &[&str])] = &[
        ("en", &["un", "in", "im", "il", "ir", "non", "dis"]),
        ("de", &["un"]),
        ("nl", &["on"]),
        ("ru", &["не", "без"]),
        ("bg", &["не", "без"]),
        ("cs", &["ne", "bez"]),
        ("pl", &["nie", "bez"]),
    ];
    let prefixes = PREFIXES
        .iter()
        .find(|(l, _)| *l == lang)
        .map_or(&[][..], |(_, p)| *p);
    negated(lang, text) || text.split(' ').any(|w| prefixes.iter().any(|p| w.starts_with(p)))
}

/// Whether a token is a word of the language: letters (an apostrophe or a
/// hyphen inside), not a code, a number or a placeholder (`0x`, `u8`).
fn word(token: &str) -> bool {
    use icu_properties::CodePointMapData;
    use icu_properties::props::{GeneralCategory, GeneralCategoryGroup};
    let categories = CodePointMapData::<GeneralCategory>::new();
    let mark = |c: char| GeneralCategoryGroup::Mark.contains(categories.get(c));
    token
        .chars()
        .all(|c| c.is_alphabetic() || mark(c) || matches!(c, '\'' | '’' | '-'))
        && token.chars().any(char::is_alphabetic)
}

/// The distinct words and runs of up to [`MAX_RUN`] words of `runs`, each
/// made by `form` and joined by `glue`.
fn grams(runs: &[Vec<&str>], glue: &str, form: impl Fn(&str) -> String) -> Vec<String> {
    let mut out = Vec::new();
    for run in runs {
        for i in 0..run.len() {
            for n in 1..=MAX_RUN.min(run.len() - i) {
                let words: Vec<String> = run[i..i + n].iter().map(|w| form(w)).collect();
                out.push(words.join(glue));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
#[path = "phrases_tests.rs"]
mod tests;
