//! Character n-gram evidence for language detection: what a word no list
//! knows looks like.
//!
//! The frequency lists ([`super::evidence`]) know the common words; an
//! inflected Finnish form or a rare German compound is in none of them, and
//! whatlang's 300 trigrams per language say little about one word. Each
//! language here has a model of 1- to 5-grams of letters over its words padded
//! with a space at either end (`" talo "`), trained from word lists only
//! (`scripts/build_detect_ngrams.py`: wordfreq's lists, and the spelling
//! dictionaries' words for the languages wordfreq lacks), stored as fst maps
//! from n-gram to `round(-ln p × 8)`, where p is the probability of its last
//! letter after the letters before it (of the letter itself for a unigram).
//!
//! A word's cost in a language ([`word_cost`]) is, for each letter after the
//! leading space (the trailing space included), the cost of the longest
//! n-gram ending there that the model keeps, plus [`BACKOFF`] for each order
//! below the longest possible; [`UNSEEN`] when not even the letter is known.
//! The cost is per predicted letter (nats). The evidence of a language
//! ([`ngram_evidence`]) is, averaged over the text's words,
//! `exp(-sharpness × (cost - best cost))`: 1 for the language the word fits
//! best, falling as its fit worsens. Languages without a model get `unmodeled`.

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;
use whatlang::Lang;

use super::dict::freq::Frequencies;
use super::evidence::{detect_assets, open};
use super::langmap::from_whatlang;

/// The order of the models.
const MAX_N: usize = 5;
/// The stored costs are `-ln p` times this.
const SCALE: f64 = 8.0;
/// Added per order backed off from the longest possible (nats).
const BACKOFF: f64 = 1.0;
/// The cost of a letter the model has never seen (nats).
const UNSEEN: f64 = 12.0;

/// The models (scripts/build_detect_ngrams.py): the languages of the scripts
/// whatlang splits that have a word list (`hr`: wordfreq's Serbo-Croatian).
pub(super) static MODELS: &[(&str, &[u8])] = detect_assets!("ngram-":
    "af", "ar", "be", "bg", "ca", "cs", "cy", "da", "de", "en", "eo", "es", "et", "fa", "fi", "fil", "fr",
    "he", "hi", "hr", "hu", "id", "it", "kk", "lt", "lv", "mk", "mr", "nb", "nl", "pl", "pt", "ro", "ru",
    "sk", "sl", "sr-Cyrl", "sv", "tr", "uk", "ur", "vi",
);

fn models() -> &'static HashMap<Lang, Frequencies> {
    static MAPS: OnceLock<HashMap<Lang, Frequencies>> = OnceLock::new();
    MAPS.get_or_init(|| {
        Lang::all()
            .iter()
            .filter_map(|&lang| Some((lang, open(MODELS, from_whatlang(lang))?)))
            .collect()
    })
}

/// The Kazakh model, which has no whatlang language.
pub fn kazakh() -> Option<&'static Frequencies> {
    static KAZAKH: OnceLock<Option<Frequencies>> = OnceLock::new();
    KAZAKH.get_or_init(|| open(MODELS, "kk")).as_ref()
}

/// Whether `lang` has a model.
pub fn has_model(lang: Lang) -> bool {
    models().contains_key(&lang)
}

/// The model of `lang`, if any.
pub fn model(lang: Lang) -> Option<&'static Frequencies> {
    models().get(&lang)
}

/// The cost (mean nats per predicted letter, see the module doc) of the
/// lowercase `word` under `model`.
pub fn word_cost(model: &Frequencies, word: &str) -> f64 {
    let padded: Vec<u8> = [b" ", word.as_bytes(), b" "].concat();
    // Byte offsets of the padded word's letters, and its end.
    let starts: Vec<usize> = (0..padded.len())
        .filter(|&i| (padded[i] as i8) >= -0x40)
        .chain([padded.len()])
        .collect();
    let letters = starts.len() - 1;
    // longest[i]: the order and cost of the longest kept n-gram ending at letter i.
    let mut longest: Vec<(usize, u64)> = vec![(0, 0); letters];
    let fst = model.fst();
    for start in 0..letters {
        // Walk the fst from `start`, a letter at a time, while the n-gram is in it.
        let mut node = fst.root();
        let mut out = fst::raw::Output::zero();
        'walk: for (n, end) in (start + 1..=letters).take(MAX_N).enumerate() {
            for &b in &padded[starts[end - 1]..starts[end]] {
                let Some(t) = node.find_input(b) else { break 'walk };
                let t = node.transition(t);
                out = out.cat(t.out);
                node = fst.node(t.addr);
            }
            if node.is_final() {
                let slot = &mut longest[end - 1];
                if n + 1 > slot.0 {
                    *slot = (n + 1, out.cat(node.final_output()).value());
                }
            }
        }
    }
    let total: f64 = longest
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, &(n, cost))| match n {
            0 => UNSEEN,
            _ => cost as f64 / SCALE + BACKOFF * ((i + 1).min(MAX_N) - n) as f64,
        })
        .sum();
    total / (letters - 1).max(1) as f64
}

/// The n-gram evidence (see the module doc) of each language of `langs` for
/// the lowercase `words`; empty when there are none or no language has a model.
pub fn ngram_evidence(
    words: &[String],
    langs: &[Lang],
    sharpness: f64,
    unmodeled: f64,
) -> HashMap<Lang, f64> {
    let modeled: Vec<(Lang, &Frequencies)> = langs.iter().filter_map(|&l| Some((l, model(l)?))).collect();
    if words.is_empty() || modeled.is_empty() {
        return HashMap::default();
    }
    let mut sums: HashMap<Lang, f64> = langs.iter().map(|&l| (l, 0.0)).collect();
    let mut costs = vec![0.0; modeled.len()];
    for word in words {
        for (cost, (_, m)) in costs.iter_mut().zip(&modeled) {
            *cost = word_cost(m, word);
        }
        let best = costs.iter().copied().fold(f64::INFINITY, f64::min);
        for (cost, (lang, _)) in costs.iter().zip(&modeled) {
            *sums.entry(*lang).or_default() += (-sharpness * (cost - best)).exp();
        }
    }
    let n = words.len() as f64;
    for (lang, v) in sums.iter_mut() {
        *v = if has_model(*lang) { *v / n } else { unmodeled };
    }
    sums
}

/// Whether `words` cost at least `margin` less (nats per letter, summed over
/// the words) under the Kazakh model than under the model of any of `langs`
/// (for the Kazakh rule of detection: Kazakh has no whatlang language).
pub fn kazakh_fits(words: &[String], langs: &[Lang], margin: f64) -> bool {
    let Some(kk) = kazakh() else { return false };
    let total = |m: &Frequencies| words.iter().map(|w| word_cost(m, w)).sum::<f64>();
    let kazakh = total(kk) + margin;
    !words.is_empty() && langs.iter().filter_map(|&l| model(l)).all(|m| total(m) > kazakh)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(word: &str, langs: &[Lang]) -> Lang {
        let words = [word.to_string()];
        let e = ngram_evidence(&words, langs, 2.0, 0.0);
        *langs.iter().max_by(|a, b| e[a].total_cmp(&e[b])).unwrap()
    }

    #[test]
    fn every_model_opens() {
        for (code, bytes) in MODELS {
            let m = Frequencies::new(bytes).unwrap_or_else(|e| panic!("{code}: {e:?}"));
            // Every model knows its commonest letters.
            assert!(
                m.get(" ").is_some() || m.get("a").is_some() || m.get("ا").is_some(),
                "{code}"
            );
        }
        assert!(has_model(Lang::Fin) && has_model(Lang::Srp) && has_model(Lang::Tgl));
        assert!(!has_model(Lang::Lat) && kazakh().is_some());
    }

    #[test]
    fn inflected_words_find_their_language() {
        let latin = [
            Lang::Eng,
            Lang::Fin,
            Lang::Est,
            Lang::Hun,
            Lang::Deu,
            Lang::Swe,
            Lang::Tur,
        ];
        // Inflected forms that no frequency list of 30,000 words has.
        assert_eq!(best("tallennettavissa", &latin), Lang::Fin);
        assert_eq!(best("felhasználóknak", &latin), Lang::Hun);
        assert_eq!(best("dosyalarınızı", &latin), Lang::Tur);
        assert_eq!(best("einstellungsdatei", &latin), Lang::Deu);
        assert_eq!(best("watering", &latin), Lang::Eng);
    }

    #[test]
    fn costs() {
        let en = model(Lang::Eng).unwrap();
        let fi = model(Lang::Fin).unwrap();
        assert!(word_cost(en, "the") < word_cost(fi, "the"));
        assert!(word_cost(fi, "talossa") < word_cost(en, "talossa"));
        // A letter the model never saw costs the most.
        assert!(word_cost(en, "ж") >= UNSEEN / 2.0);
        assert_eq!(ngram_evidence(&[], &[Lang::Eng], 2.0, 0.0).len(), 0);
        let e = ngram_evidence(&["talo".into()], &[Lang::Fin, Lang::Lat], 2.0, 0.25);
        assert_eq!((e[&Lang::Fin], e[&Lang::Lat]), (1.0, 0.25));
    }
}
