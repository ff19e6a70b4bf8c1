//! Japanese puts the verb and its negation at the end of the clause:
//! "cannot create temp file" → `一時ファイルを作成できません`, "could not read
//! directory" → `ディレクトリを読み取れませんでした`, "failed to load module" →
//! `モジュールのロードに失敗しました`. English opens with the negated modal; the
//! gloss holds it and the verb after it and writes both where the clause ends
//! (punctuation other than quotes and brackets, a line break, a sentence's
//! end), the verb first, its `する` left out before the ending (`作成する` +
//! `できません` → `作成できません`).
//!
//! In the dev split's Japanese references, a message opening with "cannot"
//! ends in `できません` or `ません` 491 times of 527, "could not" in
//! `できませんでした`, `できません` or `ませんでした` 302 of 376, "failed to" in
//! `に失敗しました` 181 of 274. A verb negated with `do` ends the clause as
//! its negative: "does not exist" → `存在しません` (in the dev split's
//! references of "does not" or "doesn't" 137 of 170 end in `ません`), "did
//! not accept" → `受け入れませんでした` (11 of 17 `ませんでした`), "do not
//! create" → `作成しない` (options and commands: 90 of 135 `ない` or `ず`, 22
//! `ません`).
//!
//! Hindi holds the verb too, its form chosen by [`super::hindi`]: "failed
//! to load module" → `मॉड्यूल लोड करने में विफल`, "could not open file" →
//! `फ़ाइल खोल नहीं सका`; no object particle.
//!
//! A Japanese clause opening with "No" says it at the end, without a verb:
//! "No match" → `一致がありません`, "No symbol table found" →
//! `シンボル表が見つかりません`.
//!
//! Chinese keeps the verb in place but says a failure after it: "failed to
//! open file" → `打开文件失败` (257 of the dev split's 346 Chinese references of
//! "failed to" have `失败`); only the ending is held. So is an opening "too
//! many": "Too many arguments" → `参数过多`.

use std::ops::Range;

use super::japanese_verb::{PASSIVE, PASSIVE_PAST, conjugate, passive, too};
use super::writer::Writer;
use crate::engine::dict::normalize;
use crate::engine::lemma;
use crate::engine::tokens::{Kind, Token};

/// The English openings held, their words normalized, and the ending each
/// becomes.
type Endings = &'static [(&'static [&'static str], &'static str)];

const JAPANESE: Endings = &[
    (&["could", "not"], "できませんでした"),
    (&["couldn't"], "できませんでした"),
    (&["cannot"], "できません"),
    (&["can't"], "できません"),
    (&["can", "not"], "できません"),
    (&["unable", "to"], "できません"),
    (&["failed", "to"], "に失敗しました"),
    (&["does", "not"], "ません"),
    (&["doesn't"], "ません"),
    (&["doesn’t"], "ません"),
    (&["did", "not"], "ませんでした"),
    (&["didn't"], "ませんでした"),
    (&["didn’t"], "ませんでした"),
    (&["do", "not"], "ない"),
    (&["don't"], "ない"),
    (&["don’t"], "ない"),
    (&["is", "not"], PASSIVE),
    (&["are", "not"], PASSIVE),
    (&["isn't"], PASSIVE),
    (&["aren't"], PASSIVE),
    (&["was", "not"], PASSIVE_PAST),
    (&["were", "not"], PASSIVE_PAST),
    (&["wasn't"], PASSIVE_PAST),
    (&["weren't"], PASSIVE_PAST),
];

/// The particle a Japanese subject takes before the negated verb held to
/// the clause's end. In the dev split's Japanese references of messages
/// opening with words (no punctuation) before the negation, the first of
/// `は`/`が`/`を`: a passive ("X is not supported") `は` 41 of 71, `が` 21
/// (`オプションはサポートされていません`); `do` ("X does not exist") `が` 44
/// of 97, `は` 42 (`ファイルが存在しません`); a modal ("X cannot handle Y")
/// `は` 23 of 36, `が` 4; a modal before `be` and a participle ("X cannot be
/// opened", said "cannot open X") `を` 12 of 28, `は` 10; "do not" (options,
/// commands) none.
fn subject_particle(ending: &str) -> &'static str {
    match ending {
        PASSIVE | PASSIVE_PAST => "は",
        "ません" | "ませんでした" => "が",
        "できません" | "できませんでした" => "は",
        _ => "",
    }
}

/// A `not` of its own (no auxiliary before it) into Japanese, by the word
/// after it: the ending and whether that word is the verb held. Before a
/// participle a negated passive ("not compiled with" → `コンパイルされていません`),
/// before an `-ing` form that verb's `ません` ("not mapping" → `マップしません`),
/// before an article or "enough" a clause ending in "is not" ("Not an ELF
/// file" → `ELFファイルではありません`, "Not enough memory" → `十分メモリがありません`).
/// Else `None`: `not` is glossed in place.
fn japanese_not(next: &str) -> Option<(&'static str, bool)> {
    match next {
        "a" | "an" | "the" => Some(("ではありません", false)),
        "enough" => Some((JAPANESE_NO, false)),
        // (WordNet lists `mapping` as a form of `map`: -ing first.)
        _ if next.ends_with("ing") && next.len() > 4 => Some(("ません", true)),
        _ if lemma::english_past(next) => Some((PASSIVE, true)),
        _ => None,
    }
}

/// Japanese openings of a clause held to its end without a verb: "No
/// matches" → `一致がありません` (in the dev split's Japanese references, a
/// message opening with "No" ends in `ありません` 87 times of 198, in another
/// `ません` 73).
const JAPANESE_OPENINGS: Endings = &[(&["no"], JAPANESE_NO)];

/// The ending of a clause opening with "No".
const JAPANESE_NO: &str = "がありません";

/// After "No", "found" (and a `be` before it) makes the ending "is not
/// found": "No symbol table found" → `シンボル表が見つかりません` (of the dev
/// split's 198 Japanese references of a message opening with "No", 59 have
/// `見つかりません` or `見つかりませんでした`).
const JAPANESE_FOUND: &str = "が見つかりません";

const CHINESE: Endings = &[(&["failed", "to"], "失败")];

/// A Chinese clause opening with "too many" or "too few" says it after the
/// noun, at the clause's end: "Too many arguments" → `参数过多` (in the dev-a
/// split's Chinese references of "too many", `过多` 11 times, `太多` 3).
fn chinese_too(words: &[(usize, Range<usize>, String)]) -> Option<(usize, &'static str, &'static str)> {
    if words.first()?.2 != "too" || words.len() < 3 {
        return None;
    }
    let ending = match words[1].2.as_str() {
        "many" | "much" => "过多",
        "few" => "过少",
        _ => return None,
    };
    Some((2, ending, ending))
}

/// Hindi's endings (see [`super::hindi`]; the verb's form decides between
/// `नहीं सका` and `नहीं किया जा सका`).
const HINDI: Endings = &[
    (&["could", "not"], "नहीं सका"),
    (&["couldn't"], "नहीं सका"),
    (&["cannot"], "नहीं सकता"),
    (&["can't"], "नहीं सकता"),
    (&["can", "not"], "नहीं सकता"),
    (&["unable", "to"], "में असमर्थ"),
    (&["failed", "to"], "में विफल"),
];

/// Source characters that end no clause: quotes and brackets sit inside one.
const INSIDE: &[char] = &['\'', '"', '`', '‘', '’', '“', '”', '(', ')', '[', ']', '「', '」'];

#[derive(Default)]
pub struct VerbFinal {
    /// The openings held into the target (none: off).
    endings: Endings,
    /// Those held only at a clause's start, without a verb.
    openings: Endings,
    /// Whether the verb goes to the clause's end too (Japanese, Hindi).
    verb_last: bool,
    /// Whether the verb is Hindi's (else Japanese's, with an object particle).
    hindi: bool,
    /// The opening's span and its ending.
    ending: Option<(Range<usize>, &'static str)>,
    /// The verb after it, and its translation.
    verb: Option<(Range<usize>, String)>,
    /// Whether the next word is the verb to hold.
    want_verb: bool,
    /// Whether words were written after the verb was held: its object.
    object: bool,
    /// Whether the ending held is an adjective's ("too long" → `長すぎます`).
    adjective: bool,
}

impl VerbFinal {
    pub fn new(from: &str, to: &str) -> Self {
        let endings = match (from, to) {
            ("en", "ja") => JAPANESE,
            ("en", "zh-Hans") => CHINESE,
            ("en", "hi") => HINDI,
            _ => &[],
        };
        VerbFinal {
            endings,
            openings: if (from, to) == ("en", "ja") {
                JAPANESE_OPENINGS
            } else {
                &[]
            },
            verb_last: matches!(to, "ja" | "hi"),
            hindi: to == "hi",
            ..Self::default()
        }
    }

    /// Whether the words from token `i` on open a held negation (`start`:
    /// the clause's first word): then they are taken and held, and the index
    /// of the token after them and their span are returned.
    pub fn open(
        &mut self,
        w: &mut Writer,
        src: &str,
        tokens: &[Token],
        (i, start, after_word): (usize, bool, bool),
    ) -> Option<(usize, Range<usize>)> {
        if self.endings.is_empty() {
            return None;
        }
        // The longest opening's words and the two after an opening.
        let words = next_words(src, tokens, i, 4);
        // The particle after the subject, when a word of the clause precedes.
        let mut subject: Option<&'static str> = None;
        let matches = |keys: &&[&str]| {
            keys.len() <= words.len() && keys.iter().zip(&words).all(|(k, (_, _, w))| k == w)
        };
        let japanese = self.verb_last && !self.hindi;
        let too = if japanese {
            too(&words)
        } else if !self.verb_last && !after_word {
            chinese_too(&words)
        } else {
            None
        };
        let (mut n, ending, verb) = match self.endings.iter().find(|(keys, _)| matches(keys)) {
            // A passive only before its participle ("is not a file" is none).
            Some((keys, ending))
                if [PASSIVE, PASSIVE_PAST].contains(ending)
                    && !words
                        .get(keys.len())
                        .is_some_and(|(_, _, w)| lemma::english_past(w)) =>
            {
                return None;
            }
            Some((keys, ending)) => {
                // The subject before an auxiliary's negation (see `subject`).
                if !self.hindi && after_word {
                    subject = Some(subject_particle(ending));
                }
                (keys.len(), *ending, self.verb_last)
            }
            // "X is too long" → `Xが長すぎます`; "Too many X" → `Xが多すぎます`.
            None if too.is_some() => {
                let (n, form, with_ga) = too?;
                if after_word {
                    subject = Some("が");
                    (n, form, false)
                } else {
                    (n, with_ga, false)
                }
            }
            None if japanese && words.first().is_some_and(|(_, _, w)| w == "not") => {
                let (ending, verb) = japanese_not(&words.get(1)?.2)?;
                (1, ending, verb)
            }
            None => {
                // Only before another word of the clause.
                let (keys, ending) = self.openings.iter().find(|(keys, _)| start && matches(keys))?;
                words.get(keys.len())?;
                (keys.len(), *ending, false)
            }
        };
        // Japanese says "cannot be opened" as "cannot open" (`開けません`),
        // the English subject its object: `を`.
        if japanese
            && verb
            && ending.starts_with("でき")
            && words.get(n).is_some_and(|(_, _, w)| w == "be")
            && words.get(n + 1).is_some_and(|(_, _, w)| lemma::english_past(w))
        {
            n += 1;
            subject = subject.map(|_| "を");
        }
        self.flush(w);
        // A learned phrase may have said the subject's particle ("file is"
        // → `ファイルは`).
        if w.ends_with(&['は', 'が', 'を']) {
            subject = None;
        }
        self.adjective = too.is_some();
        let (last, end) = (words[n - 1].0, words[n - 1].1.end);
        let span = words[0].1.start..end;
        match subject.filter(|p| !p.is_empty()) {
            Some(particle) => w.word(span.clone(), particle, false),
            // Nothing is written for the opening here: spacing as after a
            // word left out (no space opens a line).
            None => w.drop_word(span.clone()),
        }
        self.ending = Some((span.clone(), ending));
        self.want_verb = verb;
        Some((last + 1, span))
    }

    /// Whether token `i` is a word that the held opening takes ("found"
    /// after "No", and a `be` before it): then nothing is written for it and
    /// the token after it is returned.
    pub fn absorb(&mut self, w: &mut Writer, src: &str, tokens: &[Token], i: usize) -> Option<usize> {
        let (_, ending) = self
            .ending
            .as_mut()
            .filter(|(_, e)| [JAPANESE_NO, JAPANESE_FOUND].contains(e))?;
        let words = next_words(src, tokens, i, 2);
        let (k, span, word) = words.first()?;
        let found = match word.as_str() {
            "found" => true,
            "is" | "are" | "was" | "were" | "been" => words.get(1).is_some_and(|(_, _, n)| n == "found"),
            _ => false,
        };
        if !found {
            return None;
        }
        *ending = JAPANESE_FOUND;
        w.drop_word(span.clone());
        Some(k + 1)
    }

    /// Whether the translation `text` of the source span `span` is the held
    /// negation's verb, taken to be written at the clause's end.
    pub fn hold_verb(&mut self, span: &Range<usize>, text: &str) -> bool {
        if !std::mem::take(&mut self.want_verb) {
            return false;
        }
        let text = text
            .strip_suffix("する")
            .filter(|t| !t.is_empty())
            .unwrap_or(text);
        self.verb = Some((span.clone(), text.to_owned()));
        self.object = false;
        true
    }

    /// A word was written: while a verb is held, its object.
    pub fn object(&mut self) {
        self.object |= self.verb.is_some();
    }

    /// The clause ends with a postposition (`フォルダで`): the object's
    /// particle would follow it, not the object, so none is written.
    pub fn postposed(&mut self) {
        self.object = false;
    }

    /// Whether the source punctuation `p` ends the clause.
    pub fn ends_at(p: &str) -> bool {
        !p.chars().all(|c| INSIDE.contains(&c))
    }

    pub fn holding(&self) -> bool {
        self.ending.is_some()
    }

    /// Whether an adjective's ending is held: said before an aside in
    /// brackets, as the copula is.
    pub fn holding_adjective(&self) -> bool {
        self.adjective && self.ending.is_some()
    }

    /// Writes the held verb, then the ending.
    pub fn flush(&mut self, w: &mut Writer) {
        self.want_verb = false;
        let held = self.ending.take();
        let mut ending = held.as_ref().map_or("", |(_, e)| *e);
        if let Some((span, text)) = self.verb.take() {
            let object = std::mem::take(&mut self.object);
            let verb = if self.hindi {
                let (verb, said) = super::hindi::conjugate(&text, ending);
                ending = said;
                w.separate();
                verb
            } else {
                // The object's particle: `を` before a verb, `の` before the
                // noun that `に失敗しました` follows; none before a passive.
                let particle = match ending {
                    _ if !object || [PASSIVE, PASSIVE_PAST].contains(&ending) => "",
                    e if e.starts_with('に') => "の",
                    _ => "を",
                };
                let (verb, said) =
                    passive(&text, ending).unwrap_or_else(|| (conjugate(&text, ending), ending));
                ending = said;
                format!("{particle}{verb}")
            };
            w.word(span, &verb, false);
        }
        if let Some((span, _)) = held {
            w.word(span, ending, false);
        }
    }
}

/// The normalized words from token `i` on (up to `n`), with their token
/// indices and spans, while only spaces within a line separate them.
pub(super) fn next_words(
    src: &str,
    tokens: &[Token],
    i: usize,
    n: usize,
) -> Vec<(usize, Range<usize>, String)> {
    let mut out = Vec::new();
    let mut k = i;
    while out.len() < n && k < tokens.len() && tokens[k].kind == Kind::Word {
        let r = tokens[k].range.clone();
        out.push((k, r.clone(), normalize(&src[r])));
        match tokens.get(k + 1) {
            Some(t) if t.kind == Kind::Space && !src[t.range.clone()].contains('\n') => k += 2,
            _ => break,
        }
    }
    out
}
