//! Turkish: suffixes peeled off one after another (Turkish stacks them:
//! `kullan-ıl-dığ-ı-n-da`, `oluştur-ul-ma-yacak`), each in every form vowel
//! harmony and consonant assimilation give it, down to a noun's stem or a
//! verb's stem, which the dictionary lists with its infinitive ending
//! (`kullanmak`). A `k` before a vowel is written `ğ` (`-dığı`) and a stem's
//! final p, ç, t, k turn into b, c, d, ğ before one (`ağacı` → `ağaç`): both
//! are undone. Negation (`-ma`, `-mı-yor`, `-maz`, `-(y)ama`) is tracked so
//! that a gloss can say "not".

use std::sync::OnceLock;

/// What a suffix is: a noun's ending (or the copula's), a verb's (tense,
/// mood, participle, voice), a negation that needs a verb's ending after it
/// (`-ma-dı`; a final `-ma` is the verbal noun, `sıkıştırma`), or a negation
/// complete in itself (`-maz`, `-madan`).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Noun,
    Verb,
    Neg,
    NegFinal,
}

/// Suffix templates: `I` is ı/i/u/ü, `A` a/e, `D` d/t, `C` c/ç, `K` k/ğ;
/// a letter in parentheses may be left out. Order does not matter: every
/// suffix is tried at every step; only candidates the dictionary has are used.
const TEMPLATES: &[(&str, Kind)] = &[
    // plural, possessive and case endings of nouns (and of verbal nouns)
    ("lAr", Kind::Noun),
    ("(s)I", Kind::Noun),
    ("(y)I", Kind::Noun),
    ("(n)In", Kind::Noun),
    ("(y)A", Kind::Noun),
    ("(n)A", Kind::Noun),
    ("(n)DA", Kind::Noun),
    ("(n)DAn", Kind::Noun),
    ("(y)lA", Kind::Noun),
    ("ki", Kind::Noun),
    ("(I)m", Kind::Noun),
    ("(I)mIz", Kind::Noun),
    ("(I)nIz", Kind::Noun),
    // person and the copula
    ("DIr", Kind::Noun),
    ("(y)Iz", Kind::Noun),
    ("sIn", Kind::Noun),
    ("sInIz", Kind::Noun),
    ("k", Kind::Noun),
    // tense and mood
    ("(I)yor", Kind::Verb),
    ("(y)ACAK", Kind::Verb),
    ("DI", Kind::Verb),
    ("mIş", Kind::Verb),
    ("(A)r", Kind::Verb),
    ("(I)r", Kind::Verb),
    ("mAlI", Kind::Verb),
    ("(y)sA", Kind::Verb),
    // participles, verbal nouns, converbs
    ("(y)An", Kind::Verb),
    ("DIK", Kind::Verb),
    ("mAK", Kind::Verb),
    ("mA", Kind::Neg),
    ("(y)Iş", Kind::Verb),
    ("(y)Ip", Kind::Verb),
    ("(y)ArAk", Kind::Verb),
    ("(y)IncA", Kind::Verb),
    ("(y)ken", Kind::Verb),
    ("(y)Abil", Kind::Verb),
    // negation (`-ma` above, a verbal noun when final)
    ("mAz", Kind::NegFinal),
    ("mI", Kind::Neg),
    ("mAdAn", Kind::NegFinal),
    ("(y)AmA", Kind::Neg),
    ("(y)AmI", Kind::Neg),
    // voice: passive, causative, reflexive
    ("(I)l", Kind::Verb),
    ("(I)n", Kind::Verb),
    ("DIr", Kind::Verb),
    ("t", Kind::Verb),
];

/// Peeled suffixes at most, and the shortest stem kept, in letters.
const MAX_DEPTH: usize = 6;
const MIN_STEM: usize = 2;

/// Every surface form of each template, with its kind.
fn forms() -> &'static [(String, Kind)] {
    static FORMS: OnceLock<Vec<(String, Kind)>> = OnceLock::new();
    FORMS.get_or_init(|| {
        let mut out: Vec<(String, Kind)> = Vec::new();
        for (template, kind) in TEMPLATES {
            for form in expand(template) {
                if !out.iter().any(|(f, k)| *f == form && k == kind) {
                    out.push((form, *kind));
                }
            }
        }
        out
    })
}

/// The surface forms of one template.
fn expand(template: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        let (choices, optional): (Vec<char>, bool) = if c == '(' {
            let inner = chars.next().unwrap_or(')');
            chars.next(); // ')'
            (letters(inner), true)
        } else {
            (letters(c), false)
        };
        let mut next = Vec::new();
        for prefix in &out {
            if optional {
                next.push(prefix.clone());
            }
            for &l in &choices {
                next.push(format!("{prefix}{l}"));
            }
        }
        out = next;
    }
    out
}

fn letters(archiphoneme: char) -> Vec<char> {
    match archiphoneme {
        'I' => vec!['ı', 'i', 'u', 'ü'],
        'A' => vec!['a', 'e'],
        'D' => vec!['d', 't'],
        'C' => vec!['c', 'ç'],
        'K' => vec!['k', 'ğ'],
        c => vec![c],
    }
}

const VOWELS: &str = "aeıioöuü";

/// A stem of a word: what is left, whether a negation was peeled on the way,
/// and whether the last suffix peeled is one a verb stem takes.
struct Stem {
    text: String,
    negated: bool,
    verb: bool,
}

/// The stems `word` may have, longest first.
fn stems(word: &str) -> Vec<Stem> {
    let mut out = Vec::new();
    peel(word, 0, (None, false), &mut out);
    out.sort_by_key(|s| std::cmp::Reverse(s.text.chars().count()));
    out
}

/// Peels one more suffix off `w`; `outer` is the kind of the suffix peeled
/// last (the one after this in the word) and whether a negation was met.
/// Suffixes come in order: voice, negation, tense or participle, then a
/// noun's endings and the person: so once a verb's suffix is peeled, no
/// noun's ending is (`sinyal` is no `sin-ya-l`).
fn peel(w: &str, depth: usize, (outer, negated): (Option<Kind>, bool), out: &mut Vec<Stem>) {
    if depth == MAX_DEPTH {
        return;
    }
    for (form, kind) in forms() {
        if *kind == Kind::Noun && outer == Some(Kind::Verb) {
            continue;
        }
        let Some(stem) = w.strip_suffix(form.as_str()) else {
            continue;
        };
        if stem.chars().count() < MIN_STEM || !stem.chars().any(|c| VOWELS.contains(c)) {
            continue;
        }
        let negated = negated || *kind == Kind::NegFinal || (*kind == Kind::Neg && outer == Some(Kind::Verb));
        let verb = *kind != Kind::Noun;
        out.push(Stem {
            text: stem.to_owned(),
            negated,
            verb,
        });
        if form.starts_with(|c| VOWELS.contains(c))
            && let Some(hard) = hardened(stem)
        {
            out.push(Stem {
                text: hard,
                negated,
                verb,
            });
        }
        // A stem's final a/e becomes the vowel of -Iyor (`iste-yor` → `istiyor`).
        if form.ends_with("yor") && form.chars().count() == 4 {
            for v in ["a", "e"] {
                out.push(Stem {
                    text: format!("{stem}{v}"),
                    negated,
                    verb,
                });
            }
        }
        let kind = if *kind == Kind::Noun {
            Kind::Noun
        } else {
            Kind::Verb
        };
        peel(stem, depth + 1, (Some(kind), negated), out);
    }
}

/// A stem's final b, c, d, ğ as the dictionary writes it (p, ç, t, k).
fn hardened(stem: &str) -> Option<String> {
    let last = stem.chars().last()?;
    let hard = match last {
        'b' => 'p',
        'c' => 'ç',
        'd' => 't',
        'ğ' => 'k',
        _ => return None,
    };
    Some(format!("{}{hard}", &stem[..stem.len() - last.len_utf8()]))
}

/// The infinitive of a verb stem: `-mak` after a back vowel, `-mek` after a front one.
fn infinitive(stem: &str) -> String {
    let back = stem
        .chars()
        .rev()
        .find(|c| VOWELS.contains(*c))
        .is_some_and(|v| "aıou".contains(v));
    format!("{stem}{}", if back { "mak" } else { "mek" })
}

/// Candidate dictionary forms of `word`: the word as a verb stem (the
/// imperative, `değerlendir`), then each stem as a noun and, where the suffix
/// peeled last is a verb's, as a verb's infinitive.
pub fn candidates(word: &str, out: &mut Vec<String>) {
    if word.chars().count() >= 3 {
        out.push(infinitive(word));
    }
    for stem in stems(word) {
        // What stands before a verb's suffix is a verb's stem (`istiyor` is no
        // `is`, soot, with endings).
        out.push(if stem.verb {
            infinitive(&stem.text)
        } else {
            stem.text
        });
    }
}

/// Whether `word`, found under the dictionary form `base`, is negated
/// (`kopyalanmadı` under `kopyalamak`: "was not copied").
pub fn negated(word: &str, base: &str) -> bool {
    stems(&word.to_lowercase())
        .iter()
        .any(|s| s.negated && s.verb && infinitive(&s.text) == base)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(w: &str) -> Vec<String> {
        let mut out = Vec::new();
        candidates(w, &mut out);
        out
    }

    #[test]
    fn stacked_suffixes_reach_the_infinitive_or_the_stem() {
        for (form, base) in [
            ("kullanıldığında", "kullanmak"),
            ("oluşturulmayacak", "oluşturmak"),
            ("alınamadı", "almak"),
            ("eşleşmiyor", "eşleşmek"),
            ("dönüştürülemiyor", "dönüştürmek"),
            ("desteklenmeyen", "desteklemek"),
            ("kopyalanmadı", "kopyalamak"),
            ("denetler", "denetlemek"),
            ("sinyali", "sinyal"),
            ("değerlendir", "değerlendirmek"),
            ("istiyorum", "istemek"),
            ("ediyor", "etmek"),
            ("yapılan", "yapmak"),
            ("kategorisi", "kategori"),
            ("dosyaları", "dosya"),
            ("dizinine", "dizin"),
            ("ağacı", "ağaç"),
            ("çıktıyı", "çıktı"),
        ] {
            assert!(
                of(form).contains(&base.to_owned()),
                "{form} → {base}: {:?}",
                of(form)
            );
        }
    }

    #[test]
    fn negation_is_tracked() {
        assert!(negated("kopyalanmadı", "kopyalamak"));
        assert!(negated("eşleşmiyor", "eşleşmek"));
        assert!(negated("oluşturulmayacak", "oluşturmak"));
        assert!(!negated("kullanıldığında", "kullanmak"));
        // A final -ma is a verbal noun, not a negation.
        assert!(!negated("sıkıştırma", "sıkıştırmak"));
        // A verb's suffix never stands before a noun's ending.
        assert!(
            !of("sinyali").contains(&"sinmek".to_owned()),
            "{:?}",
            of("sinyali")
        );
    }
}
