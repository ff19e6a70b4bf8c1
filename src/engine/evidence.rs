//! Word evidence for language detection, from word-frequency lists.
//!
//! whatlang's trigram profiles say little about a word or two. A word's
//! frequency in each candidate language says a lot: `water` is common English
//! and rare Afrikaans. For each language of the dominant script that has a
//! list (wordfreq's, CC-BY-SA 4.0: the lists of assets/dict shared with the
//! dictionaries, and those of assets/detect for the other languages), a word
//! scores by the log of its frequency ([`word_score`]), 0 when unlisted; the
//! evidence of a language is its mean over the text's words. A language with
//! no list gets, for each word, [`Weights::unlisted`] scaled by how far the
//! word is from being a common word of any listed language: a word no list
//! knows is evidence for the languages without one.

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;
use whatlang::Lang;

use super::dict::freq::Frequencies;
use super::dict::library::FREQUENCIES;
use super::langmap::from_whatlang;

/// Most words of a text that are looked up: the evidence of a long text is the
/// trigrams', and each word costs a look-up in every list of its script.
const MAX_WORDS: usize = 16;
/// What a Serbian Cyrillic word's score in the Serbo-Croatian list counts.
const SERBIAN_CYRILLIC: f64 = 0.4;
/// What a word known to a lexicon scores, as a share of the best score the
/// word has in a frequency list, when that is more than [`Weights::lexicon`].
const LEXICON_SHARED: f64 = 0.7;
/// Words longer than this (in bytes) are not looked up.
const MAX_WORD_BYTES: usize = 64;

/// The weights of the three kinds of evidence (whatlang's score counts 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// Share of the text's words among a language's function words ([`super::words`]).
    pub function_words: f64,
    /// Mean word score from the frequency lists, for one word; it falls as
    /// `frequency_long + (frequency - frequency_long) / words`.
    pub frequency: f64,
    pub frequency_long: f64,
    /// What an unknown word is worth to a language without a list.
    pub unlisted: f64,
    /// Added to English: the commonest language of short input (`water`,
    /// `save` are also common Dutch and Lithuanian).
    pub english: f64,
    /// A word's score in a language that has a spelling dictionary's word
    /// list instead of a frequency list ([`LEXICONS`]).
    pub lexicon: f64,
    /// The character n-gram evidence ([`super::ngrams`]) for one word; it
    /// falls as `ngram_long + (ngram - ngram_long) / words`.
    pub ngram: f64,
    pub ngram_long: f64,
    /// How fast a language's n-gram evidence falls with its cost above the best.
    pub ngram_sharpness: f64,
    /// The n-gram evidence of a language without a model.
    pub ngram_unmodeled: f64,
    /// Cyrillic words are Kazakh when they cost this much less (nats per
    /// letter, summed over the words) under its model than under the best other.
    pub kazakh_margin: f64,
}

impl Weights {
    /// Tuned on the `dev` split of scripts/detect_eval_set.py (never on `test`).
    pub const DEFAULT: Weights = Weights {
        function_words: 0.1,
        frequency: 1.5,
        frequency_long: 0.5,
        unlisted: 0.0,
        english: 0.35,
        lexicon: 0.3,
        ngram: 0.75,
        ngram_long: 0.0,
        ngram_sharpness: 1.0,
        ngram_unmodeled: 0.0,
        kazakh_margin: 0.5,
    };
}

/// `(code, bytes)` of the fst maps `assets/detect/<prefix><code>.fst`.
macro_rules! detect_assets {
    ($prefix:literal: $($lang:literal),* $(,)?) => {
        &[$(($lang, include_bytes!(concat!("../../assets/detect/", $prefix, $lang, ".fst")))),*]
    };
}
pub(super) use detect_assets;

/// The map of `code` in `table`, opened in place; `None` when it has none or
/// it is damaged (a damaged map only costs its evidence: tests open them all).
pub(super) fn open(table: &[(&str, &'static [u8])], code: &str) -> Option<Frequencies> {
    let (_, bytes) = table.iter().find(|(c, _)| *c == code)?;
    Frequencies::embedded(bytes).ok()
}

/// The lists that only detection uses (scripts/build_detect_words.py); `hr` is
/// wordfreq's Serbo-Croatian.
static DETECT_ONLY: &[(&str, &[u8])] = detect_assets!("freq-":
    "ca", "da", "fa", "fil", "he", "hr", "hu", "lt", "lv", "mk", "ro", "sk", "sl", "uk", "ur", "vi",
);

/// The words of spelling dictionaries (scripts/build_detect_lexicons.py) for
/// languages wordfreq has no list for: a word is known or not, every count is 1.
static LEXICONS: &[(&str, &[u8])] =
    detect_assets!("lex-": "af", "be", "cy", "eo", "et", "kk", "mr", "sr-Cyrl");

/// A language's list: word frequencies, or a lexicon (known words only).
struct List {
    words: Frequencies,
    lexicon: bool,
}

fn lists() -> &'static HashMap<Lang, List> {
    static LISTS: OnceLock<HashMap<Lang, List>> = OnceLock::new();
    LISTS.get_or_init(|| {
        let by_code: HashMap<&str, (&'static [u8], bool)> = FREQUENCIES
            .iter()
            .chain(DETECT_ONLY)
            .map(|&(c, b)| (c, (b, false)))
            .chain(LEXICONS.iter().map(|&(c, b)| (c, (b, true))))
            .collect();
        Lang::all()
            .iter()
            .filter_map(|&lang| {
                let &(bytes, lexicon) = by_code.get(from_whatlang(lang))?;
                // A damaged list only costs its evidence (a test opens them all).
                let words = Frequencies::embedded(bytes).ok()?;
                Some((lang, List { words, lexicon }))
            })
            .collect()
    })
}

/// Whether every one of the lowercase `words` ([`words`]) is in the Kazakh
/// lexicon: Kazakh has no trigram profile, and its words without the letters
/// only it writes (langmap) are otherwise read as Russian or Belarusian.
pub fn all_kazakh(words: &[String]) -> bool {
    static KAZAKH: OnceLock<Option<Frequencies>> = OnceLock::new();
    let Some(lexicon) = KAZAKH.get_or_init(|| open(LEXICONS, "kk")) else {
        return false;
    };
    !words.is_empty() && words.iter().all(|w| lexicon.get(w).is_some())
}

/// Whether `lang` has a frequency list.
pub fn has_list(lang: Lang) -> bool {
    lists().contains_key(&lang)
}

/// A word's score from its count per 10 million words: 0 at 10 and below,
/// 1 at 100,000 (`and`, `die`, `que` score about 1.1).
pub fn word_score(count: u32) -> f64 {
    ((f64::from(count.max(1)).log10() - 1.0) / 4.0).clamp(0.0, 1.25)
}

/// The lowercase words of `text` (letters, marks and inner apostrophes), at
/// most the first [`MAX_WORDS`]: what every kind of word evidence reads.
pub(super) fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’' || is_mark(c)))
        .map(|w| w.trim_matches(|c| c == '\'' || c == '’'))
        .filter(|w| !w.is_empty() && w.len() <= MAX_WORD_BYTES && !w.chars().any(|c| c.is_ascii_digit()))
        .take(MAX_WORDS)
        .map(|w| {
            w.chars()
                .flat_map(char::to_lowercase)
                .map(|c| if c == '’' { '\'' } else { c })
                .collect()
        })
        .collect()
}

/// Combining marks (Indic vowel signs, Hebrew and Arabic points), which are
/// part of words (here and in [`super::words`]).
pub(super) fn is_mark(c: char) -> bool {
    let u = c as u32;
    matches!(u, 0x0591..=0x05BD | 0x064B..=0x065F | 0x0670 | 0x0900..=0x0DFF) && !matches!(u, 0x0964 | 0x0965)
}

/// The frequency evidence (see the module doc) of each language of `langs`
/// for the lowercase `words` ([`words`]); empty when there are none.
pub fn frequency_evidence(
    words: &[String],
    langs: &[Lang],
    unlisted: f64,
    lexicon: f64,
) -> HashMap<Lang, f64> {
    if words.is_empty() {
        return HashMap::default();
    }
    let lists = lists();
    let listed: Vec<(Lang, &List)> = langs
        .iter()
        .filter_map(|l| lists.get(l).map(|f| (*l, f)))
        .collect();
    let mut sums: HashMap<Lang, f64> = HashMap::default();
    let unlisted_langs: Vec<Lang> = langs.iter().copied().filter(|l| !lists.contains_key(l)).collect();
    let mut latin = String::new();
    let mut lexicon_hits: Vec<Lang> = Vec::new();
    for word in words {
        let common = super::words::languages_of(word);
        lexicon_hits.clear();
        // The best frequency-list score of the word (lexicons say nothing of how common it is).
        let mut best: f64 = 0.0;
        for (lang, list) in &listed {
            let mut s = match lookup(*lang, &list.words, word) {
                Some(count) if !list.lexicon => {
                    best = best.max(word_score(count));
                    word_score(count)
                }
                Some(_) => {
                    lexicon_hits.push(*lang);
                    lexicon
                }
                None => 0.0,
            };
            // A lexicon's language: its function words count as its commonest.
            if list.lexicon && common.contains(lang) {
                s = 1.0;
            }
            // Serbian in Cyrillic also reads the Serbo-Croatian list (Latin letters).
            if *lang == Lang::Srp && to_serbian_latin(word, &mut latin) {
                // Discounted: the list is as much Croatian and Bosnian, and shares
                // many words with Macedonian and Bulgarian.
                let t = lists
                    .get(&Lang::Hrv)
                    .and_then(|l| l.words.get(&latin))
                    .map_or(0.0, word_score)
                    * SERBIAN_CYRILLIC;
                best = best.max(t);
                s = s.max(t);
            }
            *sums.entry(*lang).or_default() += s;
        }
        // A word a lexicon knows is as common there as in the neighbour that
        // lists it (`bestaan` is Afrikaans as much as Dutch).
        for lang in &lexicon_hits {
            if !common.contains(lang) {
                *sums.entry(*lang).or_default() += (best * LEXICON_SHARED - lexicon).max(0.0);
            }
        }
        // 1 for a word no list has, 0 for one that some list has as fairly common.
        let unknown = (1.0 - best / 0.5).max(0.0);
        // A language without a list: its function words count as its commonest.
        for lang in &unlisted_langs {
            let s = if common.contains(lang) {
                1.0
            } else {
                unlisted * unknown
            };
            *sums.entry(*lang).or_default() += s;
        }
    }
    let n = words.len() as f64;
    sums.values_mut().for_each(|v| *v /= n);
    sums
}

/// A word's count in `lang`'s list; Hebrew and Arabic words are also looked
/// up without the particles they write onto the word (ה ו ב ל ש מ; و ب ل ف ال).
fn lookup(lang: Lang, list: &Frequencies, word: &str) -> Option<u32> {
    let prefixes: &[&str] = match lang {
        Lang::Heb => &["ו", "ה", "ב", "ל", "ש", "מ", "כ"],
        Lang::Ara => &["وال", "بال", "لل", "ال", "و", "ب", "ل", "ف"],
        _ => &[],
    };
    list.get(word).or_else(|| {
        prefixes
            .iter()
            .filter_map(|p| word.strip_prefix(p).filter(|w| w.chars().count() >= 2))
            .find_map(|w| list.get(w))
    })
}

/// Writes Serbian Cyrillic `word` in Latin letters into `out`; false (and
/// `out` unusable) when it has a letter Serbian does not write.
fn to_serbian_latin(word: &str, out: &mut String) -> bool {
    const CYRILLIC: &str = "абвгдђежзијклљмнњопрстћуфхцчџш";
    const LATIN: [&str; 30] = [
        "a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "lj", "m", "n", "nj", "o", "p", "r",
        "s", "t", "ć", "u", "f", "h", "c", "č", "dž", "š",
    ];
    out.clear();
    for c in word.chars() {
        match CYRILLIC.chars().position(|k| k == c) {
            Some(i) => out.push_str(LATIN[i]),
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_list_opens() {
        for (code, bytes) in FREQUENCIES.iter().chain(DETECT_ONLY).chain(LEXICONS) {
            assert!(Frequencies::new(bytes).is_ok(), "{code}");
        }
        assert!(has_list(Lang::Eng) && has_list(Lang::Hrv) && has_list(Lang::Dan));
        assert!(has_list(Lang::Afr) && has_list(Lang::Srp) && has_list(Lang::Mar));
        assert!(!has_list(Lang::Lat));
        assert!(all_kazakh(&words("бар")) && !all_kazakh(&words("привет мир")) && !all_kazakh(&[]));
    }

    #[test]
    fn common_words_score_high() {
        let e = frequency_evidence(&words("water"), &[Lang::Eng, Lang::Est, Lang::Lat], 0.35, 0.3);
        assert!(e[&Lang::Eng] > 0.4, "{e:?}");
        assert_eq!(e[&Lang::Est], 0.0);
        assert!(e[&Lang::Lat] < 0.1, "{e:?}");
        let e = frequency_evidence(&words("zzqxv"), &[Lang::Eng, Lang::Lat], 0.35, 0.3);
        assert_eq!((e[&Lang::Eng], e[&Lang::Lat]), (0.0, 0.35));
        // A lexicon's language: a known word scores `lexicon`, a function word fully.
        let e = frequency_evidence(&words("lêer"), &[Lang::Afr, Lang::Eng], 0.35, 0.3);
        assert_eq!((e[&Lang::Afr], e[&Lang::Eng]), (0.3, 0.0));
        let e = frequency_evidence(&words("nie"), &[Lang::Afr, Lang::Eng], 0.35, 0.3);
        assert_eq!(e[&Lang::Afr], 1.0);
        // Serbian Cyrillic reads the Serbo-Croatian (Latin) list.
        let e = frequency_evidence(&words("време"), &[Lang::Srp, Lang::Rus], 0.35, 0.3);
        assert!(e[&Lang::Srp] >= 0.3, "{e:?}");
        assert!(frequency_evidence(&words("12 !"), &[Lang::Eng], 0.35, 0.3).is_empty());
        assert_eq!(word_score(10), 0.0);
        assert!((word_score(100_000) - 1.0).abs() < 1e-9);
    }
}
