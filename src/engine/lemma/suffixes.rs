//! Suffix rules (Norwegian, Bulgarian, and the languages whose dictionaries are
//! bundled from Ding, FreeDict and Mueller: German, French, Spanish, Italian,
//! Portuguese, Dutch, Swedish, Russian): `(ending, replacements)`, the longest
//! matching ending tried first.
//! They over-generate on purpose: a candidate is only used when it is a
//! headword (`gingen` → `gingen`, `ging`, `gingeen` … none is, so nothing).

pub(super) type Rules = &'static [(&'static str, &'static [&'static str])];

/// Norwegian (Bokmål): definite plural, plural, definite singular (m/f/n),
/// verb present and past, adjective forms. The dictionary form of verbs and
/// feminine nouns ends in -e, and is tried first: mente → mene (not the
/// headword men), snakker → snakke, jenta → jente, kjørte → kjøre; then the
/// bare stem. (For the ending -e that is the word itself, which
/// `lemma::candidates` drops.)
const NORWEGIAN: Rules = &[
    // Passive and genitive -s (`vises` → `vise`, `filens` → `filen`), verbal
    // nouns (`lesing` → `lese`), present participles; an imperative is the
    // infinitive without its -e (`bytt` → `bytte`).
    ("ingen", &["ing", "e"]),
    ("ing", &["e"]),
    ("ende", &["e"]),
    ("es", &["e", ""]),
    ("s", &["", "e"]),
    ("", &["e"]),
    ("ene", &["e", ""]),
    ("ane", &["e", ""]),
    ("ere", &["e", ""]),
    ("er", &["e", ""]),
    ("en", &["e", ""]),
    ("et", &["e", ""]),
    ("te", &["e", ""]),
    ("de", &["e", ""]),
    ("a", &["e", ""]),
    ("e", &["e", ""]),
    ("t", &["e", ""]),
];

/// Hindi: the oblique and plural endings of nouns and adjectives (`लोगों` →
/// `लोग`, `बड़े`/`बड़ी` → `बड़ा`, `बातें` → `बात`) and the endings of verbs, whose
/// dictionary form is the infinitive (`देता`, `करेंगे`, `देने`, `मिला` → `…ना`).
const HINDI: Rules = &[
    ("ियों", &["ी"]),
    ("ियाँ", &["ी"]),
    ("ओं", &[""]),
    ("ेंगे", &["ना"]),
    ("ेंगी", &["ना"]),
    ("ूँगा", &["ना"]),
    ("ूंगा", &["ना"]),
    ("ेगा", &["ना"]),
    ("ेगी", &["ना"]),
    ("ोगे", &["ना"]),
    ("ों", &["", "ा"]),
    ("ें", &["", "ा", "ना"]),
    ("ता", &["ना"]),
    ("ती", &["ना"]),
    ("ते", &["ना"]),
    ("ने", &["ना"]),
    ("े", &["ा", "ना"]),
    ("ी", &["ा", "ना"]),
    ("ा", &["ना"]),
    ("ो", &["ना"]),
    // Perfective and subjunctive of stems in -आ (बनाया, बनाए → बनाना), the
    // future and the imperative of जाना-like verbs (जाएगा, जाओ, जाए).
    ("ाया", &["ाना"]),
    ("ाये", &["ाना"]),
    ("ाए", &["ाना"]),
    ("ाई", &["ाना"]),
    ("एगा", &["ना"]),
    ("एगी", &["ना"]),
    ("एंगे", &["ना"]),
    ("येगा", &["ना"]),
    ("येगी", &["ना"]),
    ("ओ", &["ना"]),
    ("ए", &["ना", "या"]),
    ("ई", &["या"]),
    ("ये", &["ना"]),
    ("ंगे", &["ना"]),
    ("गा", &["ना"]),
    ("गी", &["ना"]),
    ("ं", &["ना"]),
    // The conjunctive participle (देखकर → देखना).
    ("कर", &["ना"]),
    // A bare stem: the imperative and the conjunctive (देख → देखना).
    ("", &["ना"]),
];

const GERMAN: Rules = &[
    ("test", &["en"]),
    ("ten", &["en"]),
    ("tet", &["en"]),
    ("est", &["en", ""]),
    ("ern", &["", "er"]),
    ("st", &["en", "n"]),
    ("te", &["en"]),
    ("em", &[""]),
    ("en", &["", "e", "en"]),
    ("er", &["", "e"]),
    ("es", &["", "e"]),
    ("e", &["", "en"]),
    ("n", &[""]),
    ("s", &[""]),
    ("t", &["en", "n"]),
];

const FRENCH: Rules = &[
    ("aient", &["er", "re", "ir"]),
    ("ions", &["er", "re", "ir"]),
    ("ées", &["er", "é"]),
    ("ons", &["er", "re", "ir"]),
    ("ent", &["er", "re", "ir", "ant"]),
    ("ait", &["er", "re", "ir"]),
    ("ais", &["er", "re", "ir"]),
    ("aux", &["al", "au"]),
    ("ée", &["er", "é"]),
    ("és", &["er", "é"]),
    ("ez", &["er", "re", "ir"]),
    ("es", &["e", ""]),
    ("é", &["er"]),
    ("s", &[""]),
    ("x", &[""]),
    ("e", &[""]),
];

const SPANISH: Rules = &[
    ("ciones", &["ción"]),
    ("amos", &["ar"]),
    ("emos", &["er"]),
    ("imos", &["ir"]),
    ("aban", &["ar"]),
    ("ado", &["ar"]),
    ("ada", &["ar"]),
    ("ido", &["er", "ir"]),
    ("ida", &["er", "ir"]),
    ("aba", &["ar"]),
    ("ió", &["er", "ir"]),
    ("es", &["", "e"]),
    ("as", &["a", "o", "ar"]),
    ("os", &["o"]),
    ("an", &["ar"]),
    ("en", &["er", "ir"]),
    ("ó", &["ar"]),
    ("s", &[""]),
    ("a", &["o", "ar"]),
    ("e", &["ar", "er", "ir"]),
    ("o", &["ar", "er", "ir"]),
];

const ITALIAN: Rules = &[
    ("iamo", &["are", "ere", "ire"]),
    ("ato", &["are"]),
    ("ata", &["are"]),
    ("ati", &["are"]),
    ("ito", &["ire"]),
    ("uto", &["ere"]),
    ("ano", &["are"]),
    ("ono", &["ere", "ire"]),
    ("i", &["o", "e", "a"]),
    ("e", &["a", "are", "ere"]),
    ("a", &["o", "are"]),
    ("o", &["are", "ere", "ire"]),
];

const PORTUGUESE: Rules = &[
    ("amos", &["ar"]),
    ("emos", &["er"]),
    ("imos", &["ir"]),
    ("ões", &["ão"]),
    ("ães", &["ão"]),
    ("ais", &["al"]),
    ("eis", &["el"]),
    ("ado", &["ar"]),
    ("ada", &["ar"]),
    ("ido", &["er", "ir"]),
    ("ou", &["ar"]),
    ("eu", &["er"]),
    ("iu", &["ir"]),
    ("am", &["ar"]),
    ("em", &["er", "ir"]),
    ("s", &[""]),
    ("a", &["o", "ar"]),
    ("e", &["er", "ir"]),
    ("o", &["ar", "er", "ir"]),
];

const DUTCH: Rules = &[
    ("den", &["en"]),
    ("ten", &["en"]),
    ("de", &["en"]),
    ("te", &["en"]),
    ("en", &["", "e"]),
    ("s", &[""]),
    ("e", &[""]),
    ("t", &["", "en"]),
];

const SWEDISH: Rules = &[
    ("arna", &["a", ""]),
    ("orna", &["a"]),
    ("erna", &["er", ""]),
    ("ar", &["", "a"]),
    ("or", &["a"]),
    ("er", &["", "a"]),
    ("en", &[""]),
    ("et", &[""]),
    ("na", &[""]),
    ("de", &["a"]),
    ("te", &["a"]),
    ("n", &[""]),
    ("t", &[""]),
    ("a", &[""]),
    ("r", &[""]),
];

/// Polish noun and adjective cases (`pliku` → `plik`, `sekcji` → `sekcja`).
const POLISH: Rules = &[
    ("u", &[""]),
    ("a", &["", "o"]),
    ("y", &["a", ""]),
    ("i", &["a", ""]),
    ("ji", &["ja"]),
    ("ów", &[""]),
    ("ami", &["", "a"]),
    ("ach", &["", "a"]),
    ("om", &["", "a"]),
    ("em", &[""]),
    ("ie", &["a", ""]),
    ("ę", &["a"]),
    ("ą", &["a"]),
    ("owi", &[""]),
    ("ego", &["y", "i"]),
    ("ej", &["a", "y"]),
    ("ych", &["y", "e"]),
    ("ym", &["y"]),
    ("ymi", &["y"]),
];

/// Czech noun and adjective cases (`souboru`, `souborů` → `soubor`).
const CZECH: Rules = &[
    ("u", &[""]),
    ("ů", &[""]),
    ("y", &["a", ""]),
    ("e", &["a", ""]),
    ("ě", &["a"]),
    ("i", &["", "a", "e"]),
    ("ou", &["a", "ý"]),
    ("em", &[""]),
    ("ům", &[""]),
    ("ech", &[""]),
    ("ích", &["í", "e"]),
    ("ami", &["", "a"]),
    ("ách", &["a"]),
    ("ého", &["ý", "é"]),
    ("ému", &["ý"]),
    ("ém", &["ý"]),
    ("é", &["ý", "a"]),
    ("ých", &["ý"]),
    ("ými", &["ý"]),
];

/// The rules of a language, if it has some here.
fn rules(language: &str) -> Option<Rules> {
    Some(match language {
        "nb" | "no" | "nn" => NORWEGIAN,
        "bg" => super::bulgarian::RULES,
        "hi" => HINDI,
        "de" => GERMAN,
        "fr" => FRENCH,
        "es" => SPANISH,
        "it" => ITALIAN,
        "pt" => PORTUGUESE,
        "nl" => DUTCH,
        "sv" => SWEDISH,
        "ru" => super::russian::RULES,
        "pl" => POLISH,
        "cs" => CZECH,
        _ => return None,
    })
}

/// Every rule of `rules` whose ending `w` has, longest ending first, on a stem
/// of `min_stem` letters at least.
pub(super) fn apply(w: &str, rules: Rules, min_stem: usize, out: &mut Vec<String>) {
    let mut matching: Vec<_> = rules.iter().filter(|(e, _)| w.ends_with(e)).collect();
    matching.sort_by_key(|(e, _)| std::cmp::Reverse(e.len()));
    for (ending, adds) in matching {
        let stem = &w[..w.len() - ending.len()];
        if stem.chars().count() >= min_stem {
            out.extend(adds.iter().map(|a| format!("{stem}{a}")));
        }
    }
}

/// Candidates by the suffix rules of `language` (none when it has no rules).
/// German and Dutch past participles (`gemacht` → `machen`, `gewerkt` →
/// `werken`) and Dutch doubled consonants (`katten` → `kat`) are tried too.
pub(super) fn candidates(w: &str, language: &str, out: &mut Vec<String>) {
    let Some(rules) = rules(language) else {
        return;
    };
    let mut matching: Vec<_> = rules.iter().filter(|(e, _)| w.ends_with(e)).collect();
    matching.sort_by_key(|(e, _)| std::cmp::Reverse(e.len()));
    if matches!(language, "de" | "nl") {
        let participle = w
            .strip_prefix("ge")
            .and_then(|r| r.strip_suffix('t').or_else(|| r.strip_suffix("en")));
        if let Some(stem) = participle.filter(|s| s.chars().count() >= 2) {
            out.push(format!("{stem}en"));
        }
    }
    // A Hindi stem can be one letter (आ-ता → आना, द-ेगा → देना).
    let min_stem = if language == "hi" { 1 } else { 2 };
    for (ending, adds) in matching {
        let stem = &w[..w.len() - ending.len()];
        if stem.chars().count() < min_stem {
            continue;
        }
        out.extend(adds.iter().map(|a| format!("{stem}{a}")));
        if language == "nl" {
            let mut chars = stem.chars().rev();
            if let (Some(a), Some(b)) = (chars.next(), chars.next())
                && a == b
                && !"aeiou".contains(a)
            {
                out.push(stem[..stem.len() - a.len_utf8()].to_owned());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(w: &str, lang: &str) -> Vec<String> {
        let mut out = Vec::new();
        candidates(w, lang, &mut out);
        out
    }

    #[test]
    fn forms_reach_their_base() {
        for (form, lang, base) in [
            ("kinder", "de", "kind"),
            ("живота", "bg", "живот"),
            ("започва", "bg", "започвам"),
            ("новата", "bg", "нов"),
            ("първия", "bg", "първи"),
            ("लोगों", "hi", "लोग"),
            ("बच्चों", "hi", "बच्चा"),
            ("बड़ी", "hi", "बड़ा"),
            ("करेंगे", "hi", "करना"),
            ("देता", "hi", "देना"),
            ("बनाया", "hi", "बनाना"),
            ("जाएगा", "hi", "जाना"),
            ("जाओ", "hi", "जाना"),
            ("देख", "hi", "देखना"),
            ("आता", "hi", "आना"),
            ("देगा", "hi", "देना"),
            ("नई", "hi", "नया"),
            ("देखकर", "hi", "देखना"),
            ("machte", "de", "machen"),
            ("gemacht", "de", "machen"),
            ("guten", "de", "gut"),
            ("maisons", "fr", "maison"),
            ("parlez", "fr", "parler"),
            ("chevaux", "fr", "cheval"),
            ("casas", "es", "casa"),
            ("hablamos", "es", "hablar"),
            ("ciudades", "es", "ciudad"),
            ("parlato", "it", "parlare"),
            ("libri", "it", "libro"),
            ("canções", "pt", "canção"),
            ("falou", "pt", "falar"),
            ("katten", "nl", "kat"),
            ("gewerkt", "nl", "werken"),
            ("bilarna", "sv", "bil"),
            ("flickor", "sv", "flicka"),
            ("vises", "nb", "vise"),
            ("bytt", "nb", "bytte"),
            ("lesing", "nb", "lese"),
            ("задаване", "bg", "задавам"),
            ("използвайте", "bg", "използвам"),
            ("неуспешно", "bg", "неуспешен"),
            ("стандартния", "bg", "стандартен"),
            ("работното", "bg", "работен"),
            ("немска", "bg", "немски"),
            ("показват", "bg", "показвам"),
            ("имена", "bg", "име"),
            ("правоъгълници", "bg", "правоъгълник"),
            ("менютата", "bg", "меню"),
            ("книги", "ru", "книга"),
            ("нового", "ru", "новый"),
            ("файлов", "ru", "файл"),
            ("перемещения", "ru", "перемещение"),
            ("общей", "ru", "общий"),
            ("текущую", "ru", "текущий"),
            ("названием", "ru", "название"),
            ("кодировки", "ru", "кодировка"),
            ("отсутствует", "ru", "отсутствовать"),
            ("удалось", "ru", "удаться"),
            ("ссылается", "ru", "ссылаться"),
            ("файлы", "ru", "файл"),
            ("необходима", "ru", "необходимый"),
            ("неизвестно", "ru", "неизвестный"),
            ("полученные", "ru", "получить"),
            ("создано", "ru", "создать"),
            ("окна", "ru", "окно"),
            ("строки", "ru", "строка"),
            ("данных", "ru", "данные"),
            ("новыми", "ru", "новый"),
            ("ветку", "ru", "ветка"),
            ("ошибкой", "ru", "ошибка"),
            ("значений", "ru", "значение"),
            ("pliku", "pl", "plik"),
            ("sekcji", "pl", "sekcja"),
            ("souborů", "cs", "soubor"),
        ] {
            assert!(
                of(form, lang).contains(&base.to_owned()),
                "{form} ({lang}) → {base}: {:?}",
                of(form, lang)
            );
        }
    }

    #[test]
    fn other_languages_have_none() {
        let mut out = Vec::new();
        candidates("talossa", "fi", &mut out);
        assert!(out.is_empty());
    }
}
