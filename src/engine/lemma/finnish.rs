//! Finnish: case and possessive endings, the plural's `i`, and the verb forms
//! a dictionary lists under the infinitive — participles (`onnistunut` →
//! onnistua, `ladattu` → ladata, `määritetty` → määrittää, `käsitelty` →
//! käsitellä, `huomioitu` → huomioida, `sulkevaa` → sulkea), the passive
//! (`ladataan`) and the third infinitive (`lukemaan`). Consonant gradation in
//! its common cases (`pankissa` → pankki, `murrettu` → murtaa).

/// Case and possessive endings, longest first.
const CASES: &[&str] = &[
    "ssa", "ssä", "sta", "stä", "lla", "llä", "lta", "ltä", "lle", "ksi", "tta", "ttä", "na", "nä", "in",
    "en", "an", "än", "ni", "si", "mme", "nne", "t", "n", "a", "ä",
];

/// Verb forms: `(ending, replacements)` giving the infinitive.
const VERB_FORMS: super::suffixes::Rules = &[
    // Active past participle, with its plural and partitive.
    ("nut", &["a"]),
    ("nyt", &["ä"]),
    ("neet", &["a", "ä"]),
    ("nutta", &["a"]),
    ("nyttä", &["ä"]),
    ("neen", &["a", "ä"]),
    ("neita", &["a"]),
    ("neitä", &["ä"]),
    ("lut", &["la"]),
    ("lyt", &["lä"]),
    ("sut", &["ta"]),
    ("syt", &["tä"]),
    // Passive past participle, by verb type and gradation.
    ("rrettu", &["rtaa"]),
    ("rretty", &["rtää"]),
    ("nnettu", &["ntaa"]),
    ("nnetty", &["ntää"]),
    ("ettu", &["taa", "ttaa"]),
    ("etty", &["tää", "ttää"]),
    ("etut", &["taa", "ttaa"]),
    ("etyt", &["tää", "ttää"]),
    ("eltu", &["ella"]),
    ("elty", &["ellä"]),
    ("ltu", &["lla"]),
    ("lty", &["llä"]),
    ("ttu", &["ta"]),
    ("tty", &["tä"]),
    ("tut", &["ta"]),
    ("tyt", &["tä"]),
    ("tu", &["da", "a"]),
    ("ty", &["dä", "ä"]),
    // Present participle.
    ("va", &["a"]),
    ("vä", &["ä"]),
    ("vaa", &["a"]),
    ("vää", &["ä"]),
    ("van", &["a"]),
    ("vän", &["ä"]),
    ("via", &["a"]),
    ("viä", &["ä"]),
    // Passive present, third infinitive, the past of -ua/-yä verbs.
    ("taan", &["ta"]),
    ("tään", &["tä"]),
    ("daan", &["da"]),
    ("dään", &["dä"]),
    ("maan", &["a"]),
    ("mään", &["ä"]),
    ("masta", &["a"]),
    ("mästä", &["ä"]),
    ("massa", &["a"]),
    ("mässä", &["ä"]),
    ("ui", &["ua"]),
    ("yi", &["yä"]),
];

/// Endings a participle carries as an adjective, undone before [`VERB_FORMS`]
/// (`ladattua`, `määritettyjä`, `lisääntyvän` as `…vä` + `n`).
const PARTICIPLE_CASES: &[&str] = &["a", "ä", "ja", "jä", "na", "nä", "ssa", "ssä", "n", "t"];

/// Candidate base forms of `w` (lower case), most likely first.
pub(super) fn candidates(w: &str, out: &mut Vec<String>) {
    for ending in CASES {
        if let Some(stem) = w.strip_suffix(ending).filter(|s| s.chars().count() >= 3) {
            out.push(stem.to_owned());
            out.push(format!("{stem}i"));
            // Consonant gradation, the common cases: pankissa → pankki (k/kk), katolla → katto (t/tt).
            let chars: Vec<char> = stem.chars().collect();
            if let [.., c, v] = chars[..]
                && "ktp".contains(c)
                && "aeiouyäö".contains(v)
            {
                let head: String = chars[..chars.len() - 1].iter().collect();
                out.push(format!("{head}{c}{v}"));
            }
            // The plural's `i` before a case ending: taloissa → talo,
            // lohkojen → lohko (j), kirjoissa → kirja (a → o before it).
            for plural in ["i", "j"] {
                if let Some(s) = stem.strip_suffix(plural).filter(|s| s.chars().count() >= 3) {
                    out.push(s.to_owned());
                    if let Some(s) = s.strip_suffix('o') {
                        out.push(format!("{s}a"));
                    }
                }
            }
        }
    }
    verb(w, out);
    for case in PARTICIPLE_CASES {
        if let Some(participle) = w.strip_suffix(case) {
            verb(participle, out);
        }
    }
}

fn verb(w: &str, out: &mut Vec<String>) {
    super::suffixes::apply(w, VERB_FORMS, 2, out);
}

#[cfg(test)]
mod tests {
    fn of(word: &str) -> Vec<String> {
        super::super::candidates(word, "fi")
    }

    #[test]
    fn cases_and_the_plural() {
        assert!(of("pankissa").contains(&"pankki".to_owned()));
        assert!(of("talossa").contains(&"talo".to_owned()));
        assert!(of("kissat").contains(&"kissa".to_owned()));
        assert!(of("taloissa").contains(&"talo".to_owned()));
        assert!(of("lohkoja").contains(&"lohko".to_owned()));
        assert!(of("kirjoissa").contains(&"kirja".to_owned()));
    }

    #[test]
    fn verb_forms_reach_the_infinitive() {
        for (form, base) in [
            ("onnistunut", "onnistua"),
            ("ladattu", "ladata"),
            ("ladattua", "ladata"),
            ("määritetty", "määrittää"),
            ("määritettyjä", "määrittää"),
            ("käsitelty", "käsitellä"),
            ("huomioitu", "huomioida"),
            ("murrettu", "murtaa"),
            ("sulkevaa", "sulkea"),
            ("lisääntyvän", "lisääntyä"),
            ("ladataan", "ladata"),
            ("tehdään", "tehdä"),
            ("ollut", "olla"),
        ] {
            assert!(of(form).contains(&base.to_owned()), "{form}: {:?}", of(form));
        }
    }
}
