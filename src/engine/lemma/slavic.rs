//! Czech and Polish verb forms and what the case rules of [`super::suffixes`]
//! leave out: the feminine adjective in -á (cs `neplatná` → neplatný), the
//! present, past, passive participle, imperative and verbal noun of the
//! common conjugations (cs `přidá` → přidat, `použije` → použít, `zobrazuje`
//! → zobrazovat, `uloženo` → uložit; pl `wyświetla` → wyświetlać, `udało` →
//! udać, `wykonany` → wykonać), Czech's negating `ne-` (`nepodařilo` →
//! podařit, "not succeed"), and a Polish verb's aspect partner, which is often
//! the one the dictionary has (`wykonać` → wykonywać, `zostać` → zostawać).

use super::suffixes::{Rules, apply};

const CZECH: Rules = &[
    ("á", &["ý", "at"]),
    ("ým", &["ý"]),
    ("uje", &["ovat"]),
    ("ují", &["ovat"]),
    ("ije", &["ít", "it"]),
    ("ijí", &["ít", "it"]),
    ("í", &["it", "et", "ět", "ít"]),
    ("ají", &["at"]),
    ("al", &["at"]),
    ("ala", &["at"]),
    ("alo", &["at"]),
    ("ali", &["at"]),
    ("aly", &["at"]),
    ("il", &["it", "ít"]),
    ("ila", &["it", "ít"]),
    ("ilo", &["it", "ít"]),
    ("ili", &["it", "ít"]),
    ("ily", &["it", "ít"]),
    ("el", &["et", "ět"]),
    ("ela", &["et", "ět"]),
    ("elo", &["et", "ět"]),
    ("eli", &["et", "ět"]),
    ("án", &["at"]),
    ("ána", &["at"]),
    ("áno", &["at"]),
    ("ány", &["at"]),
    ("ován", &["ovat"]),
    ("ována", &["ovat"]),
    ("ováno", &["ovat"]),
    ("ovány", &["ovat"]),
    ("en", &["it", "et"]),
    ("ena", &["it", "et"]),
    ("eno", &["it", "et"]),
    ("eny", &["it", "et"]),
    ("ený", &["it", "et"]),
    ("ená", &["it", "et"]),
    ("ejte", &["at", "it"]),
    ("ete", &["at", "it"]),
    ("ání", &["at"]),
    ("ení", &["it", "et"]),
];

const POLISH: Rules = &[
    ("a", &["ać"]),
    ("ają", &["ać"]),
    ("i", &["ić"]),
    ("y", &["yć"]),
    ("ą", &["ić", "ać"]),
    ("uje", &["ować"]),
    ("ują", &["ować"]),
    ("ł", &["ć"]),
    ("ła", &["ć"]),
    ("ło", &["ć"]),
    ("li", &["ć"]),
    ("ły", &["ć"]),
    ("ano", &["ać"]),
    ("any", &["ać"]),
    ("ana", &["ać"]),
    ("ane", &["ać"]),
    ("ony", &["ić", "eć"]),
    ("ona", &["ić", "eć"]),
    ("one", &["ić", "eć"]),
    ("ono", &["ić", "eć"]),
    ("anie", &["ać"]),
    ("enie", &["ić", "eć"]),
    ("aj", &["ać"]),
    ("ij", &["ić"]),
    ("uj", &["ować"]),
];

/// Czech: the forms above, then those of the word without its `ne-`.
pub(super) fn czech(w: &str, out: &mut Vec<String>) {
    apply(w, CZECH, 2, out);
    if let Some(rest) = w.strip_prefix("ne").filter(|r| r.chars().count() >= 4) {
        out.push(rest.to_owned());
        super::suffixes::candidates(rest, "cs", out);
        apply(rest, CZECH, 2, out);
    }
}

/// Whether a Czech word negates `base` with its `ne-` (`nepodařilo` → podařit).
pub(super) fn czech_negated(word: &str, base: &str) -> bool {
    let w = word.to_lowercase();
    w.starts_with("ne") && !base.starts_with("ne")
}

/// Polish: the forms above, then the aspect partner of every infinitive among
/// them and the bases already found (`wykonać` → wykonywać, `zostać` →
/// zostawać, `wyświetlić` ↔ wyświetlać).
pub(super) fn polish(w: &str, out: &mut Vec<String>) {
    apply(w, POLISH, 2, out);
    let infinitives: Vec<String> = std::iter::once(w.to_owned())
        .chain(out.iter().cloned())
        .filter(|c| c.ends_with('ć'))
        .collect();
    for inf in infinitives {
        if let Some(s) = inf.strip_suffix("ać") {
            out.push(format!("{s}ywać"));
            out.push(format!("{s}iwać"));
            out.push(format!("{s}awać"));
            out.push(format!("{s}ić"));
        }
        if let Some(s) = inf.strip_suffix("ić") {
            out.push(format!("{s}ać"));
        }
    }
}

#[cfg(test)]
mod tests {
    fn of(word: &str, language: &str) -> Vec<String> {
        super::super::candidates(word, language)
    }

    #[test]
    fn czech_and_polish_forms_reach_their_base() {
        for (form, language, base) in [
            ("neplatná", "cs", "neplatný"),
            ("syntaktická", "cs", "syntaktický"),
            ("přidá", "cs", "přidat"),
            ("použije", "cs", "použít"),
            ("zobrazuje", "cs", "zobrazovat"),
            ("uloženo", "cs", "uložit"),
            ("nepodařilo", "cs", "podařit"),
            ("wyświetla", "pl", "wyświetlać"),
            ("udało", "pl", "udać"),
            ("wykonany", "pl", "wykonać"),
            ("wykonać", "pl", "wykonywać"),
            ("zostać", "pl", "zostawać"),
            ("odczytać", "pl", "odczytywać"),
        ] {
            assert!(
                of(form, language).contains(&base.to_owned()),
                "{form}: {:?}",
                of(form, language)
            );
        }
        assert!(super::czech_negated("Nepodařilo", "podařit"));
        assert!(!super::czech_negated("neplatná", "neplatný"));
    }
}
