//! Norwegian (Bokmål) strong and irregular verbs: their past and past
//! participle under the infinitive (`brutt` → bryte, `slått` → slå), also
//! behind a prefix (`avbrutt` → avbryte, `ødelagt` → ødelegge). The suffix
//! rules of [`super::suffixes`] cover the weak verbs (`slettet` → slette); no
//! hunspell dictionary for Bokmål is GPL-3.0-compatible, so these are written
//! here (facts of the language, as WordNet's exception lists are for English).

/// `(infinitive, past, participle)`.
const STRONG: &[(&str, &str, &str)] = &[
    ("be", "ba", "bedt"),
    ("binde", "bandt", "bundet"),
    ("bite", "bet", "bitt"),
    ("bli", "ble", "blitt"),
    ("brekke", "brakk", "brukket"),
    ("bringe", "brakte", "brakt"),
    ("bryte", "brøt", "brutt"),
    ("by", "bød", "budt"),
    ("bære", "bar", "båret"),
    ("dra", "dro", "dratt"),
    ("drikke", "drakk", "drukket"),
    ("drive", "drev", "drevet"),
    ("falle", "falt", "falt"),
    ("finne", "fant", "funnet"),
    ("fly", "fløy", "fløyet"),
    ("fryse", "frøs", "frosset"),
    ("følge", "fulgte", "fulgt"),
    ("få", "fikk", "fått"),
    ("gi", "ga", "gitt"),
    ("gjelde", "gjaldt", "gjeldt"),
    ("gjøre", "gjorde", "gjort"),
    ("gli", "gled", "glidd"),
    ("gripe", "grep", "grepet"),
    ("gå", "gikk", "gått"),
    ("ha", "hadde", "hatt"),
    ("henge", "hang", "hengt"),
    ("hjelpe", "hjalp", "hjulpet"),
    ("holde", "holdt", "holdt"),
    ("komme", "kom", "kommet"),
    ("la", "lot", "latt"),
    ("legge", "la", "lagt"),
    ("ligge", "lå", "ligget"),
    ("løpe", "løp", "løpt"),
    ("se", "så", "sett"),
    ("selge", "solgte", "solgt"),
    ("sette", "satte", "satt"),
    ("si", "sa", "sagt"),
    ("sitte", "satt", "sittet"),
    ("skjære", "skar", "skåret"),
    ("skrive", "skrev", "skrevet"),
    ("skyte", "skjøt", "skutt"),
    ("skyve", "skjøv", "skjøvet"),
    ("slippe", "slapp", "sluppet"),
    ("slå", "slo", "slått"),
    ("sove", "sov", "sovet"),
    ("spørre", "spurte", "spurt"),
    ("springe", "sprang", "sprunget"),
    ("stige", "steg", "steget"),
    ("stjele", "stjal", "stjålet"),
    ("stå", "sto", "stått"),
    ("synge", "sang", "sunget"),
    ("synke", "sank", "sunket"),
    ("ta", "tok", "tatt"),
    ("telle", "talte", "talt"),
    ("treffe", "traff", "truffet"),
    ("trekke", "trakk", "trukket"),
    ("tvinge", "tvang", "tvunget"),
    ("velge", "valgte", "valgt"),
    ("vinne", "vant", "vunnet"),
    ("vite", "visste", "visst"),
    ("være", "var", "vært"),
];

/// Prefixes of verbs built on the ones above, longest first.
const PREFIXES: &[&str] = &[
    "gjen", "over", "under", "øde", "opp", "inn", "fra", "ned", "til", "av", "ut", "be", "for", "om", "på",
];

fn infinitive(form: &str) -> Option<&'static str> {
    STRONG
        .iter()
        .find(|(_, past, participle)| *past == form || *participle == form)
        .map(|(inf, _, _)| *inf)
}

/// The infinitive of a strong verb's form (lower case), with its prefix.
pub(super) fn strong(w: &str, out: &mut Vec<String>) {
    // The participle used as an adjective: `avbrutte`, `skrevne`.
    let forms = [Some(w), w.strip_suffix('e'), w.strip_suffix("ne")];
    for form in forms.into_iter().flatten() {
        if let Some(inf) = infinitive(form) {
            out.push(inf.to_owned());
        }
        for p in PREFIXES {
            if let Some(inf) = form
                .strip_prefix(p)
                .filter(|r| r.chars().count() >= 2)
                .and_then(infinitive)
            {
                out.push(format!("{p}{inf}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn strong_verbs_reach_their_infinitive() {
        for (form, base) in [
            ("brutt", "bryte"),
            ("avbrutt", "avbryte"),
            ("ødelagt", "ødelegge"),
            ("slått", "slå"),
            ("skrevet", "skrive"),
            ("oppgitt", "oppgi"),
            ("fant", "finne"),
            ("fortalte", "fortelle"),
        ] {
            let c = super::super::candidates(form, "nb");
            assert!(c.contains(&base.to_owned()), "{form}: {c:?}");
        }
    }
}
