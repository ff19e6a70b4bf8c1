//! Hindi verbs before the endings [`super::verb_final`] writes at a clause's
//! end. The dictionary gives a verb as its infinitive (`पढ़ना`), its oblique
//! form (`खोलने`) or a noun that takes `करना` (`लोड`, `आवंटित`). In the dev
//! split's Hindi references a failure follows the oblique infinitive and `में`
//! ("failed to load module" → `मॉड्यूल लोड करने में विफल`, 42 `विफल` and 38
//! `असफल` of 80 messages with "fail"; "unable to" → `… में असमर्थ`, 17 of 19),
//! and a negated modal the stem (`खोल नहीं सका`) or, after a noun, `नहीं कर
//! सकता` / `नहीं किया जा सका` ("could not allocate memory" → `स्मृति आवंटित नहीं
//! किया जा सका`).

/// The verb's stem when it is written as a verb (its infinitive or oblique
/// form: `पढ़ना`, `खोलने` → `पढ़`, `खोल`); `None` for a noun (`लोड`).
fn stem(verb: &str) -> Option<&str> {
    let last = verb.split(' ').next_back()?;
    let cut = last.strip_suffix("ना").or_else(|| last.strip_suffix("ने"))?;
    (!cut.is_empty()).then(|| &verb[..verb.len() - last.len() + cut.len()])
}

/// A Hindi postposition written after its noun phrase (see
/// [`super::postpose`]) in full: the dictionaries and the sense table give the
/// word that follows `के` alone ("for" → `लिए`, "with" → `साथ`), as a
/// space-split alignment learns it; `फ़ाइल के लिए`, `फ़ाइल के बारे में`,
/// `फ़ाइल से पहले`. In the dev split's Hindi references, "for" is `के लिए` in
/// 64 of 73 messages.
pub(super) fn postposition(text: &str) -> String {
    match text {
        "लिए"
        | "लिये"
        | "साथ"
        | "बाद"
        | "द्वारा"
        | "भीतर"
        | "अंदर"
        | "तहत"
        | "बिना"
        | "निकट"
        | "ऊपर"
        | "नीचे"
        | "पास"
        | "अनुसार"
        | "बजाय"
        | "दौरान"
        | "बीच"
        | "बाहर"
        | "विरुद्ध"
        | "ख़िलाफ़"
        | "खिलाफ" => {
            format!("के {text}")
        }
        "बारे" => "के बारे में".to_owned(),
        "पहले" => "से पहले".to_owned(),
        _ => text.to_owned(),
    }
}

/// The verb as `ending` follows it, and the ending as it follows that verb.
pub(super) fn conjugate(verb: &str, ending: &'static str) -> (String, &'static str) {
    let stem = stem(verb);
    if ending.starts_with("में") {
        return match stem {
            Some(s) => (format!("{s}ने"), ending),
            None => (format!("{verb} करने"), ending),
        };
    }
    match (stem, ending) {
        (Some(s), _) => (s.to_owned(), ending),
        (None, "नहीं सका") => (verb.to_owned(), "नहीं किया जा सका"),
        (None, _) => (verb.to_owned(), "नहीं कर सकता"),
    }
}

#[cfg(test)]
mod tests {
    use super::{conjugate, postposition};

    #[test]
    fn postpositions_are_written_in_full() {
        assert_eq!(postposition("लिए"), "के लिए");
        assert_eq!(postposition("बारे"), "के बारे में");
        assert_eq!(postposition("पहले"), "से पहले");
        assert_eq!(postposition("में"), "में");
    }

    #[test]
    fn hindi_verbs_take_the_ending() {
        assert_eq!(conjugate("पढ़ना", "में विफल"), ("पढ़ने".into(), "में विफल"));
        assert_eq!(conjugate("खोलने", "में असमर्थ"), ("खोलने".into(), "में असमर्थ"));
        assert_eq!(conjugate("लोड", "में विफल"), ("लोड करने".into(), "में विफल"));
        assert_eq!(conjugate("खोलना", "नहीं सका"), ("खोल".into(), "नहीं सका"));
        assert_eq!(conjugate("आवंटित", "नहीं सका"), ("आवंटित".into(), "नहीं किया जा सका"));
        assert_eq!(conjugate("लोड", "नहीं सकता"), ("लोड".into(), "नहीं कर सकता"));
        assert_eq!(conjugate("ना", "नहीं सकता"), ("ना".into(), "नहीं कर सकता"));
    }
}
