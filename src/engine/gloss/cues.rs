//! English syntax cues for the gloss: the part of speech a word is expected to
//! have from the words beside it, and the auxiliaries a gloss renders its own
//! way (modals by the grammatical-word table; the `do` of a negation or a
//! question left out; `not` before the verb where the target puts it there).

use crate::engine::dict::{Pos, normalize};
use crate::engine::tokens::{Kind, Token};

use super::closed;

/// English words after which a noun (or adjective) is expected.
const NOUN_CUES: &[&str] = &[
    "the", "a", "an", "my", "your", "his", "her", "its", "our", "their", "this", "that", "these", "those",
    "some", "any", "no", "every", "each", "of", "in", "on", "at", "with", "for", "from",
];
/// English words after which a verb is expected.
const VERB_CUES: &[&str] = &[
    "to",
    "i",
    "you",
    "we",
    "they",
    "he",
    "she",
    "it",
    "will",
    "would",
    "can",
    "could",
    "must",
    "should",
    "may",
    "might",
    "do",
    "does",
    "did",
    "not",
    "don't",
    "let's",
    "please",
    "cannot",
    "can't",
    "won't",
    "couldn't",
    "wouldn't",
    "shouldn't",
    "mustn't",
    "doesn't",
    "didn't",
];
/// Forms of the English auxiliaries, read as verbs unless a noun is expected:
/// a dictionary's homograph (`are`, the unit of area: de `Ar`, zh `公亩`) is
/// far rarer in running text than the verb.
const AUXILIARIES: &[&str] = &[
    "am", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "does", "did",
];
/// The English modals: unless a noun is expected, the grammatical-word table's
/// word for them (ru `может`), never a dictionary's homograph (`can` the tin,
/// `will` the testament, `must` the grape juice).
pub const MODALS: &[&str] = &[
    "can", "could", "may", "might", "must", "shall", "should", "will", "would",
];
/// The `do` of "do not know" or "Do you know?": no word of its own in a gloss.
const DO: &[&str] = &["do", "does", "did"];
/// Words that start a noun phrase: after a sentence's first word they make it
/// an imperative ("Repeat this password", "Open the file").
const OBJECT_CUES: &[&str] = &[
    "the", "a", "an", "this", "that", "these", "those", "all", "my", "your", "his", "her", "its", "our",
    "their", "it", "them", "me", "us", "him", "any", "some", "every", "each",
];
const SUBJECTS: &[&str] = &["i", "you", "we", "they", "he", "she", "it", "there"];
/// Grammatical words that no adjective stands before.
const NOT_CONTENT: &[&str] = &[
    "and", "or", "but", "not", "than", "as", "if", "when", "so", "too", "very", "there",
];

/// The previous source word and what it was taken to be.
pub type Prev<'a> = Option<(&'a str, Option<Pos>)>;

/// The next word after `tokens[i]` when one run of spaces (no line break) or
/// nothing separates them: its token index and text.
pub fn next_word<'a>(src: &'a str, tokens: &[Token], i: usize) -> Option<(usize, &'a str)> {
    let word = |k: usize| {
        tokens
            .get(k)
            .filter(|t| t.kind == Kind::Word)
            .map(|t| (k, &src[t.range.clone()]))
    };
    match tokens.get(i + 1)?.kind {
        Kind::Word => word(i + 1),
        Kind::Space if !src[tokens[i + 1].range.clone()].contains('\n') => word(i + 2),
        _ => None,
    }
}

/// `too` before an adjective or an adverb ("too large") is a degree, not
/// "also": the word each language says it with (the dictionaries rank "also"
/// first: ru `также`, tr `da`, hi `भी`).
const TOO: &[(&str, &str)] = &[
    ("ar", "جدا"),
    ("bg", "твърде"),
    ("cs", "příliš"),
    ("de", "zu"),
    ("el", "πολύ"),
    ("es", "demasiado"),
    ("fi", "liian"),
    ("fr", "trop"),
    ("hi", "बहुत"),
    ("id", "terlalu"),
    ("it", "troppo"),
    ("nb", "for"),
    ("nl", "te"),
    ("pl", "zbyt"),
    ("pt", "muito"),
    ("ru", "слишком"),
    ("sv", "för"),
    ("tr", "çok"),
    ("zh", "太"),
];

/// The word for `too` of degree in `to`, when `word` is `too` and a content
/// word follows it.
pub fn degree(to: &str, word: &str, next: Option<&str>) -> Option<&'static str> {
    (normalize(word) == "too" && next.is_some_and(content))
        .then(|| TOO.iter().find(|(l, _)| *l == closed::base(to)).map(|(_, w)| *w))
        .flatten()
}

/// A word that can be the noun an adjective stands before.
fn content(word: &str) -> bool {
    let w = normalize(word);
    w.chars().any(char::is_alphabetic)
        && ![NOUN_CUES, VERB_CUES, AUXILIARIES, MODALS, NOT_CONTENT]
            .iter()
            .any(|list| list.contains(&w.as_str()))
}

/// The parts of speech expected for the English word `current`, best first
/// (empty: no expectation, the dictionary's ranking decides).
pub fn preference(from: &str, prev: Prev, current: &str, next: Option<&str>) -> &'static [Pos] {
    if from != "en" {
        return &[];
    }
    let cur = normalize(current);
    // A phrase taken whole ("can not") counts by its last word.
    let prev = prev.map(|(w, pos)| (w.rsplit(' ').next().unwrap_or(w), pos));
    let noun_cue = prev.is_some_and(|(w, _)| NOUN_CUES.contains(&normalize(w).as_str()));
    if !noun_cue && (AUXILIARIES.contains(&cur.as_str()) || MODALS.contains(&cur.as_str())) {
        return &[Pos::Verb, Pos::Modal];
    }
    let next_content = next.is_some_and(content);
    let Some((word, pos)) = prev else {
        // A sentence's first word: an imperative before a noun phrase, an
        // attribute before a noun ("Invalid device").
        return if next.is_some_and(|n| OBJECT_CUES.contains(&normalize(n).as_str())) {
            &[Pos::Verb]
        } else if next_content {
            &[Pos::Adj]
        } else {
            &[]
        };
    };
    let word = normalize(word);
    if noun_cue && next_content {
        &[Pos::Adj, Pos::Noun]
    } else if noun_cue {
        &[Pos::Noun, Pos::Adj]
    } else if VERB_CUES.contains(&word.as_str()) || pos == Some(Pos::Pron) {
        &[Pos::Verb, Pos::Modal]
    } else if pos == Some(Pos::Noun) && current.ends_with('s') {
        // "the dog runs": a noun then a word in -s reads as subject and verb.
        &[Pos::Verb, Pos::Modal]
    } else {
        &[]
    }
}

/// Whether `to` puts its negation before the verb (ru `не может`, es `no
/// puede`); German, Dutch, the Scandinavian languages and French (`pas`),
/// Japanese and Turkish put it after.
pub fn negation_first(to: &str) -> bool {
    !matches!(
        closed::base(to),
        "de" | "nl" | "sv" | "nb" | "da" | "fr" | "ja" | "tr" | "en"
    )
}

/// Whether the English auxiliary `word`, followed by `not`, keeps a word of
/// its own (`can not` → ru `не может`) or only the negation is rendered (`do
/// not` → `не`); `None` when it is no auxiliary.
pub fn negated_auxiliary(word: &str) -> Option<bool> {
    let w = normalize(word);
    if DO.contains(&w.as_str()) {
        Some(false)
    } else if MODALS.contains(&w.as_str()) || AUXILIARIES.contains(&w.as_str()) {
        Some(true)
    } else {
        None
    }
}

/// The auxiliary a word is or begins with, normalized: `can't` and `cannot`
/// → `can`, `won't` → `will`, `doesn't` → `does`, `Could` → `could`; any
/// other word normalized.
pub fn auxiliary_head(word: &str) -> String {
    let w = normalize(word);
    if w == "cannot" {
        return "can".to_owned();
    }
    crate::engine::lemma::negated_head(&w).unwrap_or(w)
}

/// Whether `word` is a modal or a form of `do`: what makes `not` a verb's
/// negation.
pub fn modal_or_do(word: &str) -> bool {
    let w = normalize(word);
    MODALS.contains(&w.as_str()) || DO.contains(&w.as_str())
}

/// The perfect's `has`/`have`/`had` where the target marks it with a word of
/// its own before the verb: Chinese `已` ("has been renamed" → `已改名`, "have
/// changed" → `已更改`; in the dev split's Chinese references `已` in 49 of 89
/// messages with "has/have been", 27 of 53 with "has/have" and an `-ed`
/// form, the gloss's `有是` in none). The word and whether `been` (the next
/// word) is taken with it; `None` elsewhere.
pub fn perfect(to: &str, word: &str, next: Option<&str>) -> Option<(&'static str, bool)> {
    if to != "zh-Hans" || !matches!(normalize(word).as_str(), "has" | "have" | "had") {
        return None;
    }
    let next = normalize(next?);
    if next == "been" {
        Some(("已", true))
    } else {
        crate::engine::lemma::english_past(&next).then_some(("已", false))
    }
}

/// Whether `word` is the `be` of a passive ("is locked", "could not be
/// opened") that the target leaves out: Chinese writes the verb alone
/// (`文件锁定`, `无法打开`; the gloss's `是` before a participle appears in
/// few of the dev split's Chinese references); and before the adverbs of a
/// predicate (`数字太大` "number is too big", `流已经关闭` "stream is already
/// closed", `越界` "is out of range").
pub fn passive_be(to: &str, word: &str, next: Option<&str>) -> bool {
    to == "zh-Hans"
        && matches!(
            normalize(word).as_str(),
            "am" | "is" | "are" | "was" | "were" | "be" | "been" | "being"
        )
        && next.is_some_and(|n| {
            matches!(normalize(n).as_str(), "too" | "already" | "still" | "out")
                || crate::engine::lemma::english_past(n)
        })
}

/// Whether `to` keeps English's `to` before a verb: the languages that mark
/// an infinitive with a word of their own (de `zu`, nl `te`, sv `att`, nb `å`,
/// bg `да`, el `να`), and those whose `to` of purpose the dictionary's
/// preposition renders (pt `para`, fr `pour`, hi `के लिए`: dropping it there
/// lost 0.1–0.3 chrF on dev-b). Into the others `to` before a verb has no
/// word (`to use` → ru `использовать`, zh `使用`).
pub fn infinitive_particle(to: &str) -> bool {
    matches!(
        closed::base(to),
        "de" | "nl" | "sv" | "nb" | "bg" | "el" | "es" | "pt" | "fr" | "it" | "hi" | "en"
    )
}

/// Whether `word` opens a noun phrase or is grammatical (`the`, `this`, `my`):
/// no verb.
pub fn nominal(word: &str) -> bool {
    let w = normalize(word);
    NOUN_CUES.contains(&w.as_str()) || SUBJECTS.contains(&w.as_str()) || verbal(&w) && w != "be"
}

/// Whether `word` (normalized) is an auxiliary, a modal, `not` or `to`: a
/// verb's company, where a noun phrase ends.
pub fn verbal(word: &str) -> bool {
    [AUXILIARIES, MODALS, DO, &["not", "to"]]
        .iter()
        .any(|list| list.contains(&word))
}

/// The `do` that opens a question ("Do you know …?"): left out.
pub fn question_do(prev: Prev, word: &str, next: Option<&str>) -> bool {
    prev.is_none()
        && DO.contains(&normalize(word).as_str())
        && next.is_some_and(|n| SUBJECTS.contains(&normalize(n).as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectations_from_both_neighbours() {
        assert_eq!(preference("en", None, "Repeat", Some("this")), [Pos::Verb]);
        assert_eq!(preference("en", None, "Invalid", Some("device")), [Pos::Adj]);
        assert_eq!(preference("en", None, "Invalid", Some("and")), [] as [Pos; 0]);
        assert_eq!(
            preference("en", Some(("the", None)), "long", Some("options")),
            [Pos::Adj, Pos::Noun]
        );
        assert_eq!(
            preference("en", Some(("the", None)), "file", None),
            [Pos::Noun, Pos::Adj]
        );
        assert_eq!(
            preference("en", Some(("cannot", None)), "open", Some("it")),
            [Pos::Verb, Pos::Modal]
        );
        assert_eq!(
            preference("en", Some(("it", None)), "can", None),
            [Pos::Verb, Pos::Modal]
        );
        assert_eq!(
            preference("en", Some(("a", None)), "can", None),
            [Pos::Noun, Pos::Adj]
        );
        assert_eq!(preference("de", None, "Invalid", Some("device")), [] as [Pos; 0]);
    }

    #[test]
    fn too_before_an_adjective_is_a_degree() {
        assert_eq!(degree("ru", "too", Some("large")), Some("слишком"));
        assert_eq!(degree("zh-Hans", "Too", Some("many")), Some("太"));
        assert_eq!(degree("ru", "too", None), None);
        assert_eq!(degree("ru", "too", Some("and")), None);
        assert_eq!(degree("ru", "also", Some("large")), None);
    }

    #[test]
    fn auxiliaries_and_negation() {
        assert!(negation_first("ru") && negation_first("zh-Hans") && !negation_first("de"));
        assert_eq!(negated_auxiliary("did"), Some(false));
        assert_eq!(negated_auxiliary("Can"), Some(true));
        assert_eq!(negated_auxiliary("open"), None);
        assert_eq!(auxiliary_head("Can’t"), "can");
        assert_eq!(auxiliary_head("cannot"), "can");
        assert_eq!(auxiliary_head("won't"), "will");
        assert_eq!(auxiliary_head("doesn't"), "does");
        assert_eq!(auxiliary_head("Open"), "open");
        assert!(modal_or_do("Might") && modal_or_do("did") && !modal_or_do("is"));
        assert!(question_do(None, "Do", Some("you")));
        assert_eq!(perfect("zh-Hans", "has", Some("been")), Some(("已", true)));
        assert_eq!(perfect("zh-Hans", "Have", Some("changed")), Some(("已", false)));
        assert_eq!(perfect("zh-Hans", "has", Some("files")), None);
        assert_eq!(perfect("ja", "has", Some("been")), None);
        assert!(!nominal("use") && nominal("the") && nominal("it") && !nominal("be"));
        assert!(infinitive_particle("de") && !infinitive_particle("zh-Hans"));
        assert!(passive_be("zh-Hans", "be", Some("opened")));
        assert!(passive_be("zh-Hans", "Is", Some("set")));
        assert!(!passive_be("zh-Hans", "is", Some("empty")));
        assert!(passive_be("zh-Hans", "is", Some("too")) && passive_be("zh-Hans", "Are", Some("already")));
        assert!(!passive_be("ru", "is", Some("opened")));
        assert!(!question_do(Some(("I", None)), "do", Some("you")));
    }
}
