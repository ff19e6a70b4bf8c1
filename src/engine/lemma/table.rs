//! Base forms of the 30,000 most frequent words of eleven languages, from the
//! stems Debian's hunspell dictionaries give them (`tengo` → `tener`, `gick`
//! → `gå`, `alcuni` → `alcuno`) and, for Finnish, Voikko's analyses (`menin`
//! → `mennä`); scripts/build_lemmas.py. Each table is a
//! text of `form TAB base base…` lines sorted by form, embedded and searched
//! in place: nothing is read or built before the first look-up.

macro_rules! tables {
    ($($lang:literal),* $(,)?) => {
        &[$(($lang, include_str!(concat!("../../../assets/morph/lemmas-", $lang, ".tsv")))),*]
    };
}

static TABLES: &[(&str, &str)] = tables!("ar", "de", "es", "fi", "fr", "it", "nl", "pl", "pt", "sv", "tr");

/// The bases of `form` (lower case) in `language`'s table, most frequent first.
pub fn bases(form: &str, language: &str) -> impl Iterator<Item = &'static str> + use<> {
    let base = language.split('-').next().unwrap_or(language);
    TABLES
        .iter()
        .find(|(lang, _)| *lang == base)
        .and_then(|(_, text)| find(text, form))
        .into_iter()
        .flat_map(|bases| bases.split(' '))
}

/// The rest of the line for `form` after its tab, by binary search over the
/// lines of `text` (sorted by form, byte order).
pub(crate) fn find(text: &'static str, form: &str) -> Option<&'static str> {
    let bytes = text.as_bytes();
    let (mut lo, mut hi) = (0, bytes.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        // The start of the line that holds `mid`.
        let start = bytes[..mid]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |p| start + p);
        let line = &text[start..end];
        let (key, bases) = line.split_once('\t')?;
        match key.as_bytes().cmp(form.as_bytes()) {
            std::cmp::Ordering::Equal => return Some(bases),
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(form: &str, lang: &str) -> Vec<&'static str> {
        bases(form, lang).collect()
    }

    #[test]
    fn irregular_and_regular_forms_reach_their_base() {
        assert_eq!(of("tengo", "es"), ["tener"]);
        assert_eq!(of("dijo", "es"), ["decir"]);
        assert_eq!(of("gick", "sv"), ["gå"]);
        assert_eq!(of("menin", "fi"), ["mennä"]);
        assert!(of("alcuni", "it").contains(&"alcuno"));
        assert!(of("problemas", "es").contains(&"problema"));
        // Unknown form, language without a table, the first and last lines.
        assert!(of("xyzzy", "es").is_empty());
        assert!(of("tengo", "ja").is_empty());
        for (lang, text) in TABLES {
            let first = text.lines().next().unwrap().split('\t').next().unwrap();
            let last = text.lines().last().unwrap().split('\t').next().unwrap();
            assert!(
                !of(first, lang).is_empty() && !of(last, lang).is_empty(),
                "{lang}"
            );
        }
    }

    #[test]
    fn every_table_is_sorted_lowercase_and_well_formed() {
        for (lang, text) in TABLES {
            let mut previous = "";
            for line in text.lines() {
                let (form, bases) = line.split_once('\t').unwrap_or_else(|| panic!("{lang}: {line}"));
                assert!(
                    previous.as_bytes() < form.as_bytes(),
                    "{lang}: {previous} ≥ {form}"
                );
                assert_eq!(form, form.to_lowercase(), "{lang}");
                assert!(
                    !bases.is_empty() && !bases.split(' ').any(|b| b == form),
                    "{lang}: {line}"
                );
                previous = form;
            }
        }
    }
}
