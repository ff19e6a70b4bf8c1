//! Choosing what a source word or phrase becomes: the longest phrase the
//! dictionary knows (up to [`MAX_PHRASE`] words), else the word, else one of its
//! base forms; the sense by part of speech (from the word before it, for
//! English) and by the dictionary's own ranking (see `dict::lookup`).

use super::rank::{MIN_OVERRIDE, best, pick};
use super::{closed, cues};
use crate::engine::dict::{Candidate, Library, Pos, candidates, normalize};
use crate::engine::lemma;
use crate::engine::tokens::{Kind, Token};

/// Longest phrase tried, in words.
pub const MAX_PHRASE: usize = 4;

/// Languages that say "the file (is) big" without a present-tense "to be"
/// (Russian `Файл большой`, Arabic `الملف كبير`, Turkish `Dosya büyük`, its
/// copula a suffix): English `am`, `is`, `are` have no word there.
const ZERO_COPULA: &[&str] = &["ru", "uk", "ar", "tr"];
const PRESENT_BE: &[&str] = &["am", "is", "are"];

/// English words that are headwords of their own but in software text are
/// almost always another verb's past form: "File not found" is `find`'s (fr
/// `trouvé`, not `fonder`; bg `намеря`, not `създавам`). The form's own
/// translation in the messages comes first (ru `найден`), then the base's.
const INFLECTION_FIRST: &[&str] = &["found"];

/// English articles: a word-by-word gloss cannot inflect them, so they are left out.
const ARTICLES: &[&str] = &["a", "an", "the"];

/// What a span of source tokens becomes.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Index (in the token list) one past the last token consumed.
    pub end: usize,
    /// The translation; `None` drops the words (no counterpart).
    pub text: Option<String>,
    /// Its part of speech, when the dictionary said.
    pub pos: Option<Pos>,
}

pub use super::cues::Prev;

/// What every choice in a run of text reads: the dictionaries, the
/// direction, the source and its tokens.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub lib: &'a Library,
    pub from: &'a str,
    pub to: &'a str,
    pub src: &'a str,
    pub tokens: &'a [Token],
}

/// Chooses for the word at `cx.tokens[i]`.
pub fn choose(cx: Context, i: usize, prev: Prev) -> Choice {
    let c = choose_span(cx, i, prev);
    // A Bulgarian verb after a modal or `does`, or opening a label (see
    // [`super::bulgarian::verb`]).
    if cx.from == "en"
        && c.end == i + 1
        && c.pos == Some(Pos::Verb)
        && let Some(text) = c.text.as_deref()
        && let Some((text, pos)) = super::bulgarian::verb(cx.to, prev.map(|(p, _)| p), text)
    {
        return Choice {
            text: Some(text),
            pos: Some(pos),
            ..c
        };
    }
    // Into English, the Arabic verbal noun after `تعذّر` "could not" or
    // `فشل` "failed to" is the verb: "reading" → "read" (`تعذّر القراءة من
    // الدفق` → "Could not read from stream").
    if let Some((p, _)) = prev
        && c.end == i + 1
        && super::negation::arabic_opening(cx.from, cx.to, false, p, true).is_some()
        && let Some(base) = c.text.as_deref().and_then(|t| gerund_base(cx.lib, t))
    {
        return Choice {
            text: Some(base),
            pos: Some(Pos::Verb),
            ..c
        };
    }
    c
}

/// The English verb of a gerund (one word in -ing) that has an entry.
fn gerund_base(lib: &Library, text: &str) -> Option<String> {
    if text.contains(' ') || !text.ends_with("ing") {
        return None;
    }
    lemma::candidates(text, "en")
        .into_iter()
        .find(|b| !b.ends_with("ing") && lib.is_english_word(b))
}

fn choose_span(cx: Context, i: usize, prev: Prev) -> Choice {
    let Context {
        lib,
        from,
        to,
        src,
        tokens,
    } = cx;
    let words = phrase_words(src, tokens, i);
    let word = &src[tokens[i].range.clone()];
    let next = cues::next_word(src, tokens, i);
    let prefer = cues::preference(from, prev, word, next.map(|(_, n)| n));
    if let Some((j, n)) = next
        && let Some(text) = super::negation::adjective_not(lib, (from, to), word, n)
    {
        return Choice {
            end: j + 1,
            text: Some(text),
            pos: Some(Pos::Adj),
        };
    }
    if let Some(c) = learned_phrase(from, to, src, tokens, &words) {
        return c;
    }
    if let Some(opening) = super::negation::arabic_opening(from, to, prev.is_some(), word, next.is_some()) {
        return Choice {
            end: i + 1,
            text: Some(opening.to_owned()),
            pos: Some(Pos::Verb),
        };
    }
    if from == "en" {
        // The word after the next: what follows a negated auxiliary.
        let after = next
            .and_then(|(j, _)| cues::next_word(src, tokens, j))
            .map(|(_, w)| w);
        if let Some(c) = super::negation::auxiliary(lib, to, (prev, word, next), (i, after)) {
            return c;
        }
        if let Some((text, been)) = cues::perfect(to, word, next.map(|(_, n)| n)) {
            return Choice {
                end: if been {
                    next.map_or(i, |(j, _)| j) + 1
                } else {
                    i + 1
                },
                text: Some(text.to_owned()),
                pos: Some(Pos::Verb),
            };
        }
        if normalize(word) == "to"
            && !cues::infinitive_particle(to)
            && next.is_some_and(|(_, n)| infinitive(lib, to, n))
        {
            return Choice {
                end: i + 1,
                text: None,
                pos: Some(Pos::Other),
            };
        }
        if cues::passive_be(to, word, next.map(|(_, n)| n)) {
            return Choice {
                end: i + 1,
                text: None,
                pos: Some(Pos::Verb),
            };
        }
        if normalize(word) == "not"
            && let Some(fixed) = super::negation::not_word(to, prev.map(|(p, _)| p), next.map(|(_, n)| n))
        {
            return Choice {
                end: i + 1,
                text: Some(fixed.to_owned()),
                pos: Some(Pos::Adv),
            };
        }
    }
    if let Some(degree) = cues::degree(to, word, next.map(|(_, n)| n)).filter(|_| from == "en") {
        return Choice {
            end: i + 1,
            text: Some(degree.to_owned()),
            pos: Some(Pos::Adv),
        };
    }
    let article = from == "en" && ARTICLES.contains(&normalize(word).as_str());
    for n in (2..=words.len()).rev().filter(|_| !article) {
        let end = words[n - 1];
        let phrase = &src[tokens[i].range.start..tokens[end].range.end];
        if lib.contains(from, to, phrase) {
            return best(lib, from, to, phrase, prefer, end + 1);
        }
    }
    if let Some(fixed) = closed::unspaced_to_english(from, word).filter(|_| to == "en") {
        return Choice {
            end: i + 1,
            text: fixed.map(str::to_owned),
            pos: Some(Pos::Other),
        };
    }
    if article {
        return Choice {
            end: i + 1,
            text: None,
            pos: Some(Pos::Det),
        };
    }
    // English contractions always (a dictionary's `don't` → ru `делать` is
    // worse than the parts); French and Italian elision when the dictionary
    // lacks the whole.
    if let Some(mut parts) =
        closed::expand(from, &normalize(word)).filter(|_| from == "en" || !lib.contains(from, to, word))
    {
        let negated = parts.len() > 1 && parts.last().is_some_and(|p| p == "not");
        // `couldn't` as `could not` (ar `تعذّر`, zh `无法`).
        if let Some(fixed) = super::negation::phrase(to, &parts[0]).filter(|_| negated) {
            return Choice {
                end: i + 1,
                text: Some(fixed.to_owned()),
                pos: Some(Pos::Verb),
            };
        }
        if negated && cues::negation_first(to) {
            parts.rotate_right(1);
        }
        let text: Vec<String> = parts
            .iter()
            .filter_map(|part| word_choice(lib, from, to, part, prefer, i + 1).text)
            .collect();
        return Choice {
            end: i + 1,
            text: join(to, text),
            pos: Some(Pos::Other),
        };
    }
    word_choice(lib, from, to, word, prefer, i + 1)
}

/// Whether the English `word` after `to` is a verb, `to` then the mark of
/// its infinitive: the dictionary into `to` has it as a verb.
fn infinitive(lib: &Library, to: &str, word: &str) -> bool {
    !cues::nominal(word)
        && candidates(lib, "en", to, word)
            .1
            .iter()
            .any(|c| c.pos == Pos::Verb)
}

/// A run of two or three words (the longest first) that the messages
/// translate as a whole (`could not` → ja `できませんでした`; see
/// [`super::senses::Senses::learned`]; the tables hold only the phrases with
/// strong evidence).
fn learned_phrase(from: &str, to: &str, src: &str, tokens: &[Token], words: &[usize]) -> Option<Choice> {
    // Each word normalized once for both lengths tried.
    let key: Vec<String> = words[..words.len().min(3)]
        .iter()
        .map(|&k| normalize(&src[tokens[k].range.clone()]))
        .collect();
    // Not a phrase that ends or opens at an `of` the gloss moves (see
    // [`super::postpose`]: `name of` → hi `का नाम` would keep `का नाम फ़ाइल`).
    let moved = |w: &String| w == "of" && from == "en" && matches!(to, "hi" | "ja" | "zh-Hans");
    for n in (2..=key.len()).rev() {
        if moved(&key[0]) || moved(&key[n - 1]) {
            continue;
        }
        if let Some((_, text)) = super::senses::of(from, to, &key[..n].join(" ")).learned() {
            return Some(Choice {
                end: words[n - 1] + 1,
                text: Some(text.to_owned()),
                pos: None,
            });
        }
    }
    // `do` of a negation says nothing of its own: `does not exist` is the
    // phrase `not exist` (ru `не существует`) when the tables lack it whole.
    if from == "en" && key.len() == 3 && matches!(key[0].as_str(), "do" | "does" | "did") && key[1] == "not" {
        let (_, text) = super::senses::of(from, to, &key[1..].join(" ")).learned()?;
        return Some(Choice {
            end: words[2] + 1,
            text: Some(text.to_owned()),
            pos: None,
        });
    }
    None
}

/// The English word an unknown Hindi, Russian or Bulgarian word spells (see
/// [`super::loanword`]); a Cyrillic word read in its base forms first
/// (`сокета` → `сокет` → socket). Loanwords in Cyrillic are nouns: a word
/// with the ending of a verb or a short participle (`доверяю`, `Выберите`,
/// `пройдена`) and verb infinitives among the base forms are not read.
fn loan(lib: &Library, from: &str, word: &str) -> Option<String> {
    if from == "hi" {
        return super::loanword::english(lib, word);
    }
    const VERB: &[&str] = &[
        "ть", "ться", "ся", "сь", "ла", "ло", "ли", "ите", "йте", "ешь", "ишь", "ют", "ят", "ю", "ена",
        "ено", "ены", "ана", "ано", "аны",
    ];
    let lower = word.to_lowercase();
    if VERB.iter().any(|e| lower.ends_with(e)) {
        return None;
    }
    lemma::candidates(word, from)
        .iter()
        .map(String::as_str)
        .filter(|b| !b.ends_with("ть") && !b.ends_with("ться"))
        .chain(std::iter::once(word))
        .find_map(|w| super::loanword::english(lib, w))
}

/// Words of the target joined as its writing system does (`不能`, `не может`).
pub(super) fn join(to: &str, words: Vec<String>) -> Option<String> {
    (!words.is_empty()).then(|| words.join(if super::writer::unspaced(to) { "" } else { " " }))
}

/// One word, a grammatical word first (see [`closed`]).
pub(super) fn word_choice(
    lib: &Library,
    from: &str,
    to: &str,
    word: &str,
    prefer: &[Pos],
    end: usize,
) -> Choice {
    let key = normalize(word);
    if from == "en" && ZERO_COPULA.contains(&closed::base(to)) && PRESENT_BE.contains(&key.as_str()) {
        return Choice {
            end,
            text: None,
            pos: Some(Pos::Verb),
        };
    }
    let fixed = |text: &str| Choice {
        end,
        text: (!text.is_empty()).then(|| text.to_owned()),
        pos: Some(Pos::Other),
    };
    if from == "en" && cues::MODALS.contains(&key.as_str()) && prefer.first() != Some(&Pos::Noun) {
        if let Some(modal) = closed::from_english(to, &key) {
            return fixed(modal);
        }
        // No word of the table's: a sense of the dictionary's that is no noun
        // (tr `can` is "prison" and "tin", ru `will` "воля"), else none.
        let (_, cands) = candidates(lib, from, to, word);
        return match cands.iter().find(|c| c.pos != Pos::Noun) {
            Some(c) => Choice {
                end,
                text: Some(c.display.clone()),
                pos: Some(c.pos),
            },
            None => fixed(""),
        };
    }
    if to == "en" {
        if let Some(en) = closed::to_english(from, &key) {
            return fixed(en);
        }
    } else if let Some(favoured) = closed::from_english(to, &key).filter(|_| from == "en") {
        // Prepositions, conjunctions, pronouns and determiners: the table's
        // word, whatever sense a dictionary ranks first (`in` → zh `在`, not
        // `乎`); but not `to`, a preposition or the mark of an infinitive (nb
        // `til`, `å`), which the dictionary's ranking tells apart better.
        let grammatical = key != "to"
            && matches!(
                closed::english_pos(&key),
                Pos::Prep | Pos::Conj | Pos::Pron | Pos::Det
            );
        if grammatical || !lib.contains(from, to, word) {
            return fixed(favoured);
        }
        let (_, cands) = candidates(lib, from, to, word);
        if let Some(c) = cands.iter().find(|c| normalize(&c.display) == favoured) {
            return Choice {
                end,
                text: Some(c.display.clone()),
                pos: Some(c.pos),
            };
        }
        // The dictionary has the word in another part of speech only (`are`
        // → `Ar`): the grammatical word is what the text means.
        if !prefer.is_empty() && !cands.iter().any(|c| prefer.contains(&c.pos)) {
            return fixed(favoured);
        }
        return single(lib, (from, to), word, prefer, end, Some(&cands));
    }
    single(lib, (from, to), word, prefer, end, None)
}

/// One word: itself when a headword, else a base form, else copied.
/// `known`: the word's candidates, when the caller has them already.
fn single(
    lib: &Library,
    (from, to): (&str, &str),
    word: &str,
    prefer: &[Pos],
    end: usize,
    known: Option<&[Candidate]>,
) -> Choice {
    let lemmas = lemma::candidates(word, from);
    let inflection_first = from == "en" && INFLECTION_FIRST.contains(&normalize(word).as_str());
    if inflection_first
        && let Some((_, text)) = super::senses::of(from, to, word)
            .learned()
            .filter(|(dice, _)| *dice >= MIN_OVERRIDE)
    {
        return Choice {
            end,
            text: Some(text.to_owned()),
            pos: Some(Pos::Verb),
        };
    }
    // Into Chinese or Japanese, which do not inflect, an English inflected
    // form the tables do not know is said as its base they do: `files` →
    // `文件` (the base's), not the dictionary's own entry `案卷` ("dossiers").
    let uninflected =
        from == "en" && super::writer::unspaced(to) && !super::senses::of(from, to, word).known();
    if uninflected
        && let Some(base) = lemmas
            .iter()
            .find(|b| lib.contains(from, to, b) && super::senses::of(from, to, b).known())
    {
        return best(lib, from, to, base, prefer, end);
    }
    if lib.contains(from, to, word) && !inflection_first {
        let direct = match known {
            Some(cands) => pick(lib, (from, to), word, cands, prefer, end),
            None => best(lib, from, to, word, prefer, end),
        };
        // A base form that has the expected part of speech beats an inflected
        // headword that lacks it ("runs" after a noun: the verb "run").
        if !prefer.is_empty() && !direct.pos.is_some_and(|p| prefer.contains(&p)) {
            for base in lemmas.iter().filter(|b| lib.contains(from, to, b)) {
                let c = best(lib, from, to, base, prefer, end);
                if c.pos.is_some_and(|p| prefer.contains(&p)) {
                    return c;
                }
            }
        }
        return direct;
    }
    for base in lemmas {
        if lib.contains(from, to, &base) {
            let mut c = best(lib, from, to, &base, prefer, end);
            // A negated Japanese or Turkish verb keeps its negation
            // (開けませんでした, kopyalanmadı → "not open", "not copy").
            if to == "en" && lemma::negated(word, from, &base) {
                c.text = c.text.map(|t| format!("not {t}"));
            }
            // An English past form of a verb: the target's participle
            // (`deleted` → fr `supprimé`, not `supprimer`).
            if from == "en" && c.pos == Some(Pos::Verb) && lemma::english_past(word) {
                c.text = c.text.map(|t| super::inflect::participle(to, &t).unwrap_or(t));
            }
            // Its `-s` form: the target's third person (`contains` → bg `съдържа`).
            if from == "en" && c.pos == Some(Pos::Verb) && normalize(word).ends_with('s') {
                c.text = c
                    .text
                    .map(|t| super::bulgarian::third_person(to, &t).unwrap_or(t));
            }
            return c;
        }
    }
    // No dictionary has the word nor a base form of it: the translation the
    // catalogues' translators used, where one stands out (`مستند` → document).
    if let Some((_, text)) = super::senses::of(from, to, word).learned() {
        return Choice {
            end,
            text: Some(text.to_owned()),
            pos: None,
        };
    }
    if let Some(c) = super::compound::choice(lib, (from, to), word, prefer, end) {
        return c;
    }
    if matches!(from, "hi" | "ru" | "bg")
        && to == "en"
        && let Some(english) = loan(lib, from, word)
    {
        return Choice {
            end,
            text: Some(english),
            pos: None,
        };
    }
    Choice {
        end,
        text: Some(word.to_owned()),
        pos: None,
    }
}

/// Token indices of the words of a phrase starting at `i`: consecutive words
/// separated by one run of spaces (no line break) or by nothing.
fn phrase_words(src: &str, tokens: &[Token], i: usize) -> Vec<usize> {
    let mut out = vec![i];
    let mut k = i + 1;
    let next_is_word = |k: usize| tokens.get(k).is_some_and(|t| t.kind == Kind::Word);
    while out.len() < MAX_PHRASE && k < tokens.len() {
        match tokens[k].kind {
            Kind::Word => {
                out.push(k);
                k += 1;
            }
            Kind::Space if !src[tokens[k].range.clone()].contains('\n') && next_is_word(k + 1) => {
                out.push(k + 1);
                k += 2;
            }
            _ => break,
        }
    }
    out
}
