//! Greek base forms: the ending rules of nouns, adjectives and verbs with the
//! accent put where the base form carries it, and the elided forms that lose
//! their vowel before another (`σ'` → σε, `τ'` → το).
//!
//! Greek writes one accent, on one of the last three syllables. An ending
//! that carried it hands it to the new ending (`μικρό` → μικρός, `παιδιά` →
//! παιδί, `μπορούμε` → μπορώ); an accent on the stem stays (`θέλει` → θέλω).
//! A long ending can pull the accent forward, which the base form undoes
//! (`ανθρώπους` → άνθρωπος, `προβλήματα` → πρόβλημα): for those endings the
//! accent is also tried one syllable back. A word typed without accents tries
//! each of its last three syllables. An augmented past tense loses its
//! augment (`έκανα` → κάνω, `ήθελα` → θέλω); an aorist goes to its present by
//! its stem (`αλλάξτε` → αλλάζω, `εμφάνισε` → εμφανίζω). Candidates are only
//! used when they are headwords, so a wrong guess costs nothing.

/// An ending (without accents), the endings of its base forms, and whether
/// the accent may move one syllable back in the base form.
type Rule = (&'static str, &'static [&'static str], bool);

/// Longest endings are tried first (see [`candidates`]).
const RULES: &[Rule] = &[
    // Nouns and adjectives.
    ("ματων", &["μα"], true),
    ("ματος", &["μα"], true),
    ("ματα", &["μα"], true),
    ("ιου", &["ι"], false),
    ("ιων", &["ι", "ια"], false),
    ("ους", &["ος", "ο"], true),
    ("ου", &["ο", "ος", "ας", "ης", "α", "η"], true),
    ("ων", &["ος", "ο", "α", "η", "ας", "ης", "ι"], true),
    ("εις", &["η"], true),
    ("εων", &["η"], true),
    ("ης", &["η", "ος", "ας"], false),
    ("ες", &["α", "η", "ας", "ης", "ος"], false),
    ("ας", &["α"], false),
    ("οι", &["ος"], false),
    ("ια", &["ι"], false),
    ("α", &["ο", "ος", "ας", "ι"], false),
    ("ο", &["ος"], false),
    ("η", &["ος", "ης"], false),
    // Verbs: passive, then contracted, then the rest.
    // A passive the dictionary lists under its active (`υποστηρίζεται` →
    // υποστηρίζω, `χρησιμοποιείται` → χρησιμοποιώ).
    ("ειται", &["ω", "ουμαι"], false),
    ("ουνται", &["ω", "ουμαι"], false),
    ("ιεται", &["ω", "ιεμαι"], false),
    ("ονται", &["ομαι", "ω"], false),
    ("εστε", &["ομαι"], false),
    ("εται", &["ομαι", "ω"], false),
    ("ομαστε", &["ομαι"], false),
    ("ουμε", &["ω"], false),
    ("ουνε", &["ω"], false),
    ("ουν", &["ω"], false),
    ("ειτε", &["ω"], false),
    ("ετε", &["ω"], false),
    ("εις", &["ω"], false),
    ("ει", &["ω"], false),
    ("αει", &["αω", "ω"], false),
    ("αμε", &["αω", "ω"], false),
    ("ατε", &["αω", "ω"], false),
    ("ανε", &["αω", "ω"], false),
    ("ας", &["αω", "ω"], false),
];

/// The endings of the past tenses (augmented: `έ-κανα`, `ή-θελα`).
const PAST: &[&str] = &["αμε", "ατε", "ανε", "ες", "αν", "α", "ε"];

/// Elided forms as wordfreq and apostrophe-less typing leave them.
const ELIDED: &[(&str, &str)] = &[
    ("σ", "σε"),
    ("μ", "με"),
    ("τ", "το"),
    ("ν", "να"),
    ("θ", "θα"),
    ("γ", "για"),
    ("δ", "δε"),
    ("π", "που"),
    ("κ", "και"),
    ("στ", "στο"),
    ("απ", "από"),
];

const ACCENTED: &[(char, char)] = &[
    ('ά', 'α'),
    ('έ', 'ε'),
    ('ή', 'η'),
    ('ί', 'ι'),
    ('ό', 'ο'),
    ('ύ', 'υ'),
    ('ώ', 'ω'),
];

fn plain(c: char) -> char {
    ACCENTED.iter().find(|(a, _)| *a == c).map_or(c, |(_, p)| *p)
}

fn accented(c: char) -> char {
    ACCENTED.iter().find(|(_, p)| *p == c).map_or(c, |(a, _)| *a)
}

/// The letters of the syllables' vowels that take the accent, last first:
/// the second letter of ει, οι, αι, ου, υι, αυ, ευ.
fn nuclei(letters: &[char]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = letters.len();
    while i > 0 {
        i -= 1;
        if !"αεηιουω".contains(letters[i]) {
            continue;
        }
        let pair = |a: char| i > 0 && letters[i - 1] == a;
        if matches!(letters[i], 'ι' | 'υ') && (pair('ε') || pair('ο') || pair('α') || pair('υ')) {
            // The accent of a pair is on its second letter (δουλεύω, είναι, αύριο).
            out.push(i);
            i -= 1;
        } else {
            out.push(i);
        }
    }
    out
}

/// `letters` (without accents) with the accent on syllable `n` from the end.
fn accent_at(letters: &[char], n: usize) -> Option<String> {
    let at = *nuclei(letters).get(n)?;
    Some(
        letters
            .iter()
            .enumerate()
            .map(|(i, &c)| if i == at { accented(c) } else { c })
            .collect(),
    )
}

/// Pushes the candidates of `w` (lower case): a word typed or case-folded with
/// σ for its final ς is first read with ς.
pub(super) fn candidates(w: &str, out: &mut Vec<String>) {
    if let Some((_, full)) = ELIDED.iter().find(|(e, _)| *e == w) {
        out.push((*full).to_owned());
        return;
    }
    if let Some(stem) = w.strip_suffix('σ') {
        let w = format!("{stem}ς");
        out.push(w.clone());
        return forms(&w, out);
    }
    forms(w, out);
}

/// The candidates of a word with its final sigma right.
fn forms(w: &str, out: &mut Vec<String>) {
    let chars: Vec<char> = w.chars().collect();
    let letters: Vec<char> = chars.iter().copied().map(plain).collect();
    let accent = chars.iter().rposition(|&c| plain(c) != c);
    let Some(accent) = accent else {
        // Typed without accents: each place the accent may go.
        out.extend((0..3).filter_map(|n| accent_at(&letters, n)));
        let mut bare = Vec::new();
        endings(&letters, None, &mut bare);
        for c in bare {
            let letters: Vec<char> = c.chars().collect();
            out.extend((0..3).filter_map(|n| accent_at(&letters, n)));
        }
        return;
    };
    endings(&letters, Some(accent), out);
    past(&letters, accent, out);
    aorist(&letters, out);
}

/// The rules' candidates; `accent` is the accented letter of the word, if any
/// (without one the candidates are left without accents).
fn endings(letters: &[char], accent: Option<usize>, out: &mut Vec<String>) {
    let word: String = letters.iter().collect();
    let mut rules: Vec<&Rule> = RULES.iter().filter(|(e, _, _)| word.ends_with(e)).collect();
    rules.sort_by_key(|(e, _, _)| std::cmp::Reverse(e.chars().count()));
    for (ending, bases, shift) in rules {
        let stem_len = letters.len() - ending.chars().count();
        if stem_len < 2 {
            continue;
        }
        let stem = &letters[..stem_len];
        for base in *bases {
            let cand: Vec<char> = stem.iter().copied().chain(base.chars()).collect();
            let Some(accent) = accent else {
                out.push(cand.iter().collect());
                continue;
            };
            let syllables = nuclei(&cand);
            let place = if accent < stem_len {
                // On the stem: it stays, counted from the word's start.
                syllables.iter().position(|&i| i == accent)
            } else {
                // On the ending: onto the base's ending, else the stem's last vowel.
                syllables.iter().position(|&i| i >= stem_len)
            }
            .unwrap_or(0);
            out.extend(accent_at(&cand, place));
            if *shift && place < 2 {
                out.extend(accent_at(&cand, place + 1));
            }
        }
    }
}

/// An augmented past tense (`έκανα`, `ήθελα`) to its present in -ω, accented
/// on the syllable before the ending.
fn past(letters: &[char], accent: usize, out: &mut Vec<String>) {
    if accent != 0 || letters.len() < 4 {
        return;
    }
    // The augment: έ-κανα, and ή- before some stems (ήθελα, ήξερα).
    if !matches!(letters[0], 'ε' | 'η') {
        return;
    }
    let rest = &letters[1..];
    let word: String = rest.iter().collect();
    let Some(ending) = PAST.iter().find(|e| word.ends_with(*e)) else {
        return;
    };
    let mut stem: Vec<char> = rest[..rest.len() - ending.chars().count()].to_vec();
    if stem.len() < 2 {
        return;
    }
    stem.push('ω');
    out.extend(accent_at(&stem, 1));
}

/// Endings after an aorist stem: indicative, imperative, subjunctive.
const AORIST: &[&str] = &[
    "αμε", "ατε", "ανε", "αν", "ες", "α", "ε", "τε", "ουμε", "ουνε", "ουν", "ετε", "εις", "ει", "ω",
];
/// Endings after a passive aorist stem (its θ/τ).
const AORIST_PASSIVE: &[&str] = &[
    "ηκαμε",
    "ηκατε",
    "ηκανε",
    "ηκαν",
    "ηκες",
    "ηκα",
    "ηκε",
    "ουμε",
    "ουν",
    "ειτε",
    "εις",
    "ει",
    "ω",
];
/// The end of an aorist stem and the present endings it comes from
/// (`εμφάνισ-ε` → εμφανίζω, `αλλάξ-τε` → αλλάζω, `αφαιρέσ-τε` → αφαιρώ,
/// `ενημέρωσ-ε` → ενημερώνω, `δούλεψ-ε` → δουλεύω).
const AORIST_STEMS: &[(&str, &[&str])] = &[
    ("ισ", &["ιζω"]),
    ("ασ", &["αζω", "αω", "ω"]),
    ("εσ", &["ω", "εω"]),
    ("ησ", &["ω", "αω"]),
    ("ωσ", &["ωνω"]),
    ("υσ", &["υω", "υνω"]),
    ("εψ", &["ευω"]),
    ("αψ", &["αυω"]),
    ("ξ", &["ζω", "σσω", "γω", "χω", "κω", "γχω"]),
    ("ψ", &["πω", "βω", "φω", "πτω"]),
];
/// The same for the passive aorist (`χρησιμοποιηθ-εί` → χρησιμοποιώ,
/// `εμφανίστ-ηκε` → εμφανίζω).
const AORIST_PASSIVE_STEMS: &[(&str, &[&str])] = &[
    ("ηθ", &["ω", "ουμαι"]),
    ("ιστ", &["ιζω", "ιζομαι"]),
    ("αστ", &["αζω", "αζομαι"]),
    ("ωθ", &["ωνω", "ωνομαι"]),
    ("ευτ", &["ευω"]),
    ("χτ", &["χνω", "γω"]),
    ("φτ", &["φω", "πτω"]),
];

/// The present a non-augmented aorist form comes from, the accent tried on
/// the last syllable but one, then the last (`αφαιρώ`).
fn aorist(letters: &[char], out: &mut Vec<String>) {
    let word: String = letters.iter().collect();
    for (endings, stems) in [(AORIST, AORIST_STEMS), (AORIST_PASSIVE, AORIST_PASSIVE_STEMS)] {
        for ending in endings.iter().filter(|e| word.ends_with(*e)) {
            let rest = &word[..word.len() - ending.len()];
            for (stem_end, presents) in stems.iter().filter(|(e, _)| rest.ends_with(e)) {
                let stem = &rest[..rest.len() - stem_end.len()];
                if stem.chars().count() < 2 {
                    continue;
                }
                for present in *presents {
                    let base: Vec<char> = stem.chars().chain(present.chars()).collect();
                    out.extend([1, 0].into_iter().filter_map(|n| accent_at(&base, n)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    fn of(w: &str) -> Vec<String> {
        let mut out = Vec::new();
        super::candidates(w, &mut out);
        out
    }

    #[test]
    fn forms_reach_their_base() {
        for (form, base) in [
            ("μικρό", "μικρός"),
            ("μικρή", "μικρός"),
            ("ελληνικής", "ελληνικός"),
            ("παιδιά", "παιδί"),
            ("μάτια", "μάτι"),
            ("πατέρα", "πατέρας"),
            ("ανθρώπους", "άνθρωπος"),
            ("προβλήματα", "πρόβλημα"),
            ("χώρας", "χώρα"),
            ("φορές", "φορά"),
            ("θέσεις", "θέση"),
            ("θέλει", "θέλω"),
            ("μπορούμε", "μπορώ"),
            ("πάει", "πάω"),
            ("γίνεται", "γίνομαι"),
            ("υποστηρίζεται", "υποστηρίζω"),
            ("χρησιμοποιείται", "χρησιμοποιώ"),
            ("χρήστη", "χρήστης"),
            ("έκανα", "κάνω"),
            ("αλλάξτε", "αλλάζω"),
            ("αφαιρέστε", "αφαιρώ"),
            ("εμφάνισε", "εμφανίζω"),
            ("ενημέρωσε", "ενημερώνω"),
            ("χρησιμοποιηθεί", "χρησιμοποιώ"),
            ("δούλεψε", "δουλεύω"),
            ("ήθελα", "θέλω"),
            ("εχω", "έχω"),
            ("αρχείου", "αρχείο"),
            ("δεδομένων", "δεδομένα"),
            ("σ", "σε"),
        ] {
            assert!(
                of(form).contains(&base.to_owned()),
                "{form} → {base}: {:?}",
                of(form)
            );
        }
    }

    #[test]
    fn an_accent_on_the_stem_does_not_wander() {
        // ημέρα is no form of ήμερος (tame): no rule of -α moves the accent.
        assert!(
            !of("ημέρα").iter().any(|c| c.starts_with('ή')),
            "{:?}",
            of("ημέρα")
        );
    }

    #[test]
    fn nuclei_count_diphthongs_once() {
        let letters: Vec<char> = "ανθρωπους".chars().collect();
        assert_eq!(super::nuclei(&letters).len(), 3);
        assert_eq!(super::accent_at(&letters, 2).as_deref(), Some("άνθρωπους"));
    }
}
