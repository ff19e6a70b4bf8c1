//! Reversible Cyrillic ↔ Latin for the languages whose romanization is
//! BGN/PCGN (ru, uk, be, bg, mk, sr, kk, ky, mn).
//!
//! Cyrl → Latn is CLDR's BGN/PCGN transform (ICU4X, [`super::icu`]); every
//! word it writes is then read back with [`Scheme::decode`], and a word that
//! would not come back the same is written again letter by letter
//! ([`Scheme::fix`]) with the separator `·` where two letters would otherwise
//! read as one (т+с "t·s", not ц "ts"; н+г in Kazakh "n·g", not ң) or where
//! a letter reads the other way in its context (мэр "m·er"). CLDR's BGN
//! transforms already write `·` in some such places; this adds it where they
//! do not (Ukrainian и and й are both "y" in BGN/PCGN: "yi" is ї, "y·i" is й+і).
//!
//! Latn → Cyrl reads the same tables back, digraphs first (shch, zh, kh, ts,
//! ya …, "YA" and "Ya" alike). So Cyrillic text → Latin → Cyrillic gives the
//! text back, except for Latin letters that were in the Cyrillic text already.

use std::sync::LazyLock;

use rustc_hash::FxHashMap;

use super::cyrillic_tables::TABLES;

/// The separator that splits two letters, or flips a letter's reading.
const SEP: char = '·';

/// One language's table, indexed both ways.
pub(crate) struct Scheme {
    /// Lower-case Latin → (after a consonant, elsewhere).
    latin: FxHashMap<&'static str, (char, char)>,
    /// Lower-case Cyrillic letters spelt from the table alone as CLDR spells
    /// them: all but those with two spellings that read the same in any
    /// context (ё "yë" / "ë", Mongolian е "ye" / "yö": CLDR picks by rules).
    simple: Vec<char>,
    /// Lower-case Cyrillic letter → its Latin spellings, shortest first.
    cyrillic: FxHashMap<char, Vec<&'static str>>,
    /// Characters a Latin spelling can start with.
    first: Vec<char>,
    /// Every character of the Latin spellings.
    used: Vec<char>,
    /// Longest Latin spelling, in characters.
    longest: usize,
    /// CLDR's Russian writes a final е after a vowel in a word in capitals
    /// "Ye" (ЗНАНИЕ → "ZNANIYe"); so does [`Self::direct`] for Russian.
    titled_final_ye: bool,
}

/// The scheme of a language of the scope (`ru`, `sr-Cyrl`, `mn-Cyrl` …).
pub(crate) fn scheme(language: &str) -> Option<&'static Scheme> {
    static SCHEMES: LazyLock<Vec<(&str, Scheme)>> = LazyLock::new(|| {
        TABLES
            .iter()
            .map(|&(l, t)| (l, Scheme::new(t, l == "ru")))
            .collect()
    });
    let base = language.split('-').next().unwrap_or(language);
    SCHEMES
        .iter()
        .find(|(l, _)| l.eq_ignore_ascii_case(base))
        .map(|(_, s)| s)
}

fn is_vowel_or_sign(c: char) -> bool {
    "аеёиоуыэюяіїєәөүұъь".contains(c)
}

fn is_combining(c: char) -> bool {
    matches!(c as u32, 0x300..=0x36F)
}

fn upper(c: char) -> char {
    c.to_uppercase().next().unwrap_or(c)
}

fn lower(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

impl Scheme {
    fn new(table: &'static str, titled_final_ye: bool) -> Self {
        let mut latin = FxHashMap::default();
        let mut cyrillic: FxHashMap<char, Vec<&'static str>> = FxHashMap::default();
        let mut first = Vec::new();
        let mut used = Vec::new();
        let mut longest = 0;
        for token in table.split_whitespace() {
            let Some((lat, cyr)) = token.split_once('=') else {
                continue;
            };
            let mut letters = cyr.split('/').filter_map(|c| c.chars().next());
            let Some(cons) = letters.next() else { continue };
            let other = letters.next().unwrap_or(cons);
            latin.insert(lat, (cons, other));
            for c in [cons, other] {
                let spellings = cyrillic.entry(c).or_default();
                if !spellings.contains(&lat) {
                    spellings.push(lat);
                }
            }
            first.extend(lat.chars().next());
            used.extend(lat.chars());
            longest = longest.max(lat.chars().count());
        }
        for spellings in cyrillic.values_mut() {
            spellings.sort_by_key(|s| s.chars().count());
        }
        let mut simple: Vec<char> = cyrillic
            .iter()
            .filter(|(c, spellings)| {
                let free = |s: &&&str| latin.get(**s).is_some_and(|&(a, b)| a == b && a == **c);
                spellings.iter().filter(free).count() <= 1
            })
            .map(|(c, _)| *c)
            .collect();
        simple.sort_unstable();
        first.sort_unstable();
        first.dedup();
        used.sort_unstable();
        used.dedup();
        Self {
            latin,
            simple,
            cyrillic,
            first,
            used,
            longest,
            titled_final_ye,
        }
    }

    /// Latin → Cyrillic.
    pub(crate) fn decode(&self, text: &str) -> String {
        let chars = self.letters(text);
        let mut out = String::with_capacity(text.len() * 2);
        let mut key = String::with_capacity(16);
        // The letters written in the current word, for context and case.
        let mut prev: Option<char> = None;
        let mut before_prev: Option<char> = None;
        let mut flip = false;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let starts_spelling = |n: &char| self.first.binary_search(&lower(*n)).is_ok();
            if c == SEP && chars.get(i + 1).is_some_and(starts_spelling) {
                flip = true;
                i += 1;
                continue;
            }
            let found = if self.first.binary_search(&lower(c)).is_ok() {
                self.longest_at(&chars[i..], &mut key)
            } else {
                None
            };
            let Some((len, (cons, other))) = found else {
                out.push(c);
                if is_combining(c) {
                    // An accent (Лука̀ → "Lukà") belongs to the letter before.
                    i += 1;
                    continue;
                }
                (prev, before_prev, flip) = (None, None, false);
                i += 1;
                continue;
            };
            let after_consonant = prev.is_some_and(|p| !is_vowel_or_sign(lower(p)));
            let letter = if after_consonant != flip { cons } else { other };
            let caseless = !c.is_uppercase() && !c.is_lowercase();
            let is_upper = if caseless {
                let next_upper = chars
                    .get(i + len)
                    .map(|n| n.is_alphabetic().then(|| n.is_uppercase()));
                prev.is_some_and(char::is_uppercase)
                    && match next_upper {
                        Some(Some(up)) => up,
                        _ => before_prev.is_some_and(char::is_uppercase),
                    }
            } else {
                c.is_uppercase()
            };
            let letter = if is_upper { upper(letter) } else { letter };
            out.push(letter);
            (before_prev, prev, flip) = (prev, Some(letter), false);
            i += len;
        }
        out
    }

    /// The characters of `text`; a letter with an accent that no spelling
    /// has ("à") is split into its letter and the accent.
    fn letters(&self, text: &str) -> Vec<char> {
        let mut chars = Vec::with_capacity(text.len());
        for c in text.chars() {
            if c.is_ascii() || !c.is_alphabetic() || self.used.binary_search(&lower(c)).is_ok() {
                chars.push(c);
            } else {
                let nfd = icu_normalizer::DecomposingNormalizerBorrowed::new_nfd();
                chars.extend(nfd.normalize_iter(std::iter::once(c)));
            }
        }
        chars
    }

    /// The longest Latin spelling at the start of `chars`: (chars, letters).
    fn longest_at(&self, chars: &[char], key: &mut String) -> Option<(usize, (char, char))> {
        let most = self.longest.min(chars.len());
        (1..=most).rev().find_map(|len| {
            key.clear();
            key.extend(chars[..len].iter().map(|&c| lower(c)));
            self.latin.get(key.as_str()).map(|&l| (len, l))
        })
    }

    /// `latin` (CLDR's romanization of the Cyrillic `word`) if it reads back
    /// as `word`; else `word` written letter by letter with separators where
    /// needed; else `latin` as it was (a word mixing scripts).
    pub(crate) fn fix(&self, word: &str, latin: String) -> String {
        if self.decode(&latin) == word {
            return latin;
        }
        self.spell(word).unwrap_or(latin)
    }

    /// `word` spelt so that [`Self::decode`] gives it back, if possible.
    fn spell(&self, word: &str) -> Option<String> {
        let letters: Vec<char> = word.chars().collect();
        let mut out = String::with_capacity(word.len() * 2);
        let mut done = String::with_capacity(word.len());
        for (k, &c) in letters.iter().enumerate() {
            done.push(c);
            let spellings = self
                .cyrillic
                .get(&lower(c))
                .map(Vec::as_slice)
                .unwrap_or_default();
            let all_caps = c.is_uppercase()
                && match letters.get(k + 1) {
                    Some(n) => n.is_uppercase(),
                    None => k == 0 || letters[k - 1].is_uppercase(),
                };
            let found = ["", "·"].iter().find_map(|sep| {
                spellings.iter().find_map(|s| {
                    let mut attempt = format!("{out}{sep}");
                    push_cased(&mut attempt, s, c.is_uppercase(), all_caps);
                    (self.decode(&attempt) == done).then_some(attempt)
                })
            });
            match found {
                Some(attempt) => out = attempt,
                // A letter of the table that cannot be spelt here (a lone Ь:
                // the signs have no case): keep the rules' output, not Cyrillic.
                None if !spellings.is_empty() => return None,
                None => out.push(c),
            }
        }
        (self.decode(&out) == word).then_some(out)
    }
}

impl super::icu::WordFix for Scheme {
    /// A word of letters that read the same in any context (for Russian all
    /// but е ё э ы й), in lower case, Title case or CAPITALS, letter by letter
    /// when that reads back: what CLDR's rules write too, ten times faster.
    fn direct(&self, word: &str) -> Option<String> {
        let mut chars = word.chars();
        let first = chars.next()?;
        let rest_upper = chars.clone().all(char::is_uppercase);
        // A capital alone is written in capitals too (Я → "YA").
        let all_caps = first.is_uppercase() && rest_upper;
        if !(all_caps || chars.all(char::is_lowercase)) {
            return None;
        }
        let mut out = String::with_capacity(word.len() * 2);
        let mut after_consonant = false;
        let last = word.chars().count() - 1;
        for (k, c) in word.chars().enumerate() {
            let l = lower(c);
            self.simple.binary_search(&l).ok()?;
            // The first spelling that reads as this letter here (е: "e" after
            // a consonant, "ye" elsewhere).
            let reads = |s: &&&str| {
                self.latin
                    .get(**s)
                    .is_some_and(|&(cons, other)| l == if after_consonant { cons } else { other })
            };
            let spelling = self.cyrillic.get(&l)?.iter().find(reads)?;
            let titled = self.titled_final_ye && k == last && k > 0 && *spelling == "ye";
            push_cased(&mut out, spelling, c.is_uppercase(), all_caps && !titled);
            after_consonant = !is_vowel_or_sign(l);
        }
        if self.decode(&out) == word {
            Some(out)
        } else {
            // Two letters that read as one (тс, йа): the separators.
            self.spell(word)
        }
    }

    fn after(&self, word: &str, output: String) -> String {
        self.fix(word, output)
    }
}

/// Appends a lower-case Latin spelling: as it is, Titled or UPPER.
fn push_cased(out: &mut String, spelling: &str, is_upper: bool, all_caps: bool) {
    for (i, c) in spelling.chars().enumerate() {
        if is_upper && (i == 0 || all_caps) {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::scheme;

    fn round_trip(language: &str, word: &str, latin: &str) -> String {
        let s = scheme(language).expect("scheme");
        let fixed = s.fix(word, latin.to_owned());
        assert_eq!(s.decode(&fixed), word, "{language} {word} → {fixed}");
        fixed
    }

    #[test]
    fn reads_digraphs_and_context() {
        let ru = scheme("ru").expect("ru");
        assert_eq!(ru.decode("YA zhivu khorosho"), "Я живу хорошо");
        assert_eq!(
            ru.decode("Shchuka SHCHUKA yëlka Eto m·er t·sar"),
            "Щука ЩУКА ёлка Это мэр тсар"
        );
        assert_eq!(ru.decode("moy a·y TSARʹ sʺyezd"), "мой аы ЦАРЬ съезд");
        assert_eq!(ru.decode("Tsy 42, x"), "Цы 42, x");
        let bg = scheme("bg").expect("bg");
        assert_eq!(bg.decode("Lukà, FORMÀTa"), "Лука\u{300}, ФОРМА\u{300}Та");
        let sr = scheme("sr-Latn").expect("sr");
        assert_eq!(
            sr.decode("Ljubljana, Đorđe, džep, NJEGOŠ"),
            "Љубљана, Ђорђе, џеп, ЊЕГОШ"
        );
    }

    #[test]
    fn separators_where_bgn_is_ambiguous() {
        // Ukrainian BGN writes и and й both "y".
        assert_eq!(round_trip("uk", "Київ", "Kyyiv"), "Kyyiv");
        assert_eq!(round_trip("uk", "мій", "miy"), "miy");
        assert_eq!(round_trip("uk", "йод", "yod"), "yod");
        assert_eq!(round_trip("uk", "район", "rayon"), "rayon");
        assert_eq!(round_trip("uk", "аиі", "ayi"), "a·y·i");
        assert_eq!(round_trip("kk", "енгізу", "engizū"), "en·gizū");
        assert_eq!(round_trip("mk", "поджига", "podžiga"), "pod·žiga");
        assert_eq!(round_trip("ky", "эки", "eki"), "eki");
        assert_eq!(round_trip("ky", "ел", "el"), "·el");
        assert_eq!(round_trip("ru", "Я", "YA"), "YA");
        assert_eq!(round_trip("bg", "ЪГЪЛ", "ŬGŬL"), "ŬGŬL");
    }
}
