//! Simple lemmatization: the dictionary forms a word may come from, tried in
//! order when the word itself is not a headword (by the gloss and by
//! dictionary lookup). English: the irregular forms of WordNet 3.0, then the
//! regular inflections (plural, past, participles, third person,
//! comparatives, possessive); Finnish: case endings and verb forms ([`finnish`]);
//! Norwegian, Bulgarian, German, French, Spanish, Italian, Portuguese,
//! Dutch, Swedish, Russian, Polish, Czech, Greek and Hindi: the suffix rules of
//! [`suffixes`] (Russian's and Bulgarian's in [`russian`] and [`bulgarian`];
//! Czech and Polish verb forms and Polish aspect partners in [`slavic`]);
//! Japanese: conjugation undone by chains of rules ([`japanese`]); Turkish:
//! stacked suffixes peeled one by one ([`turkish`]). Before the
//! rules, for Arabic, German, Spanish, Finnish,
//! French, Italian, Dutch, Polish, Portuguese, Swedish and Turkish: the bases
//! that hunspell's dictionaries (Voikko for Finnish) give the 30,000 most
//! frequent words ([`table`]: irregular forms too, `tengo` → `tener`, `gick`
//! → `gå`, `menin` → `mennä`). Other
//! languages only get their lower case. A candidate is only used when it is
//! a headword, so a wrong guess costs nothing.

mod bulgarian;
mod finnish;
mod greek;
mod japanese;
mod norwegian;
mod russian;
mod slavic;
mod suffixes;
pub(crate) mod table;
mod turkish;

/// Whether `word` negates the dictionary form `base` it was found under:
/// Japanese `開けませんでした` → `開ける`, Turkish `kopyalanmadı` → `kopyalamak`,
/// Czech `nepodařilo` → `podařit`.
pub fn negated(word: &str, language: &str, base: &str) -> bool {
    match language {
        "ja" => japanese::negated(word, base),
        "tr" => turkish::negated(word, base),
        "cs" => slavic::czech_negated(word, base),
        _ => false,
    }
}

/// Candidate base forms of `word` (lower-cased), most likely first, without `word` itself.
pub fn candidates(word: &str, language: &str) -> Vec<String> {
    let w = word.to_lowercase();
    let mut out: Vec<String> = table::bases(&w, language).map(str::to_owned).collect();
    match language {
        "en" => english(&w, &mut out),
        "fi" => finnish::candidates(&w, &mut out),
        "ar" => {
            arabic(&w, &mut out);
            // Vowel marks and the shadda are rarely written in the
            // dictionaries (`جمهوريّة` → `جمهورية`), nor a tatweel; an
            // accusative `ًا` is an ending (`تالفًا` → `تالف`).
            let bare = arabic_bare(&w);
            if bare != w {
                if let Some(stem) = w.strip_suffix("ًا").map(arabic_bare) {
                    out.push(stem);
                }
                out.push(bare.clone());
                arabic(&bare, &mut out);
            }
        }
        "hi" => hindi(&w, &mut out),
        "el" => greek::candidates(&w, &mut out),
        "ja" => japanese::candidates(&w, &mut out),
        "tr" => turkish::candidates(&w, &mut out),
        "ru" => {
            suffixes::candidates(&w, language, &mut out);
            russian::aspect_partners(&w, &mut out);
            russian::adjective_nouns(&w, &mut out);
            russian::stem_changes(&mut out);
        }
        "cs" => {
            suffixes::candidates(&w, language, &mut out);
            slavic::czech(&w, &mut out);
        }
        "pl" => {
            suffixes::candidates(&w, language, &mut out);
            slavic::polish(&w, &mut out);
        }
        "nb" | "no" => {
            norwegian::strong(&w, &mut out);
            suffixes::candidates(&w, language, &mut out);
        }
        _ => suffixes::candidates(&w, language, &mut out),
    }
    let mut seen = rustc_hash::FxHashSet::default();
    // One letter is no base form, but for the head of `I'm`, `I'd`.
    let long = |c: &str| c.chars().count() >= 2 || (language == "en" && c == "i");
    out.retain(|c| c != word && long(c) && seen.insert(c.clone()));
    out
}

/// English irregular forms (WordNet 3.0's exception lists, assets/morph/):
/// form → its bases, most likely first. A text of ~5,600 `form TAB base,base`
/// lines sorted by form, searched in place: nothing is built on first use.
fn irregular(form: &str) -> Option<impl Iterator<Item = &'static str>> {
    const TABLE: &str = include_str!("../../assets/morph/en-exceptions.tsv");
    table::find(TABLE, form).map(|bases| bases.split(','))
}

/// Whether an English word is a past tense or past participle: a regular
/// `-ed` form, one of WordNet's irregular verb forms (`written`, `found`) or
/// a verb whose past forms are its base (`set`, `read`: "is not set").
pub fn english_past(word: &str) -> bool {
    let w = word.to_lowercase();
    (w.ends_with("ed") && w.chars().count() > 4) || irregular(&w).is_some() || UNCHANGED.contains(&w.as_str())
}

/// Verbs whose past and past participle are the base form.
const UNCHANGED: &[&str] = &[
    "set",
    "reset",
    "preset",
    "unset",
    "put",
    "read",
    "reread",
    "cut",
    "quit",
    "split",
    "shut",
    "spread",
    "cast",
    "broadcast",
    "upset",
    "hit",
    "hurt",
    "cost",
    "burst",
];

/// English modals and their past forms, which WordNet's verb exceptions leave
/// out (`could` → `can`): a dictionary that lacks the form has the base.
const MODALS: &[(&str, &str)] = &[
    ("could", "can"),
    ("would", "will"),
    ("should", "shall"),
    ("might", "may"),
];

/// Negated auxiliaries whose head is not the contraction minus `n't`.
const NEGATED: &[(&str, &str)] = &[("ca", "can"), ("wo", "will"), ("sha", "shall"), ("ai", "be")];

/// The auxiliary of a contraction with `n't` (`didn't` → `did`, `can't` →
/// `can`, `won't` → `will`; `’` read as `'`), or `None`.
pub fn negated_head(w: &str) -> Option<String> {
    let w = w.replace('’', "'");
    let head = w.strip_suffix("n't")?;
    let head = NEGATED
        .iter()
        .find(|(h, _)| *h == head)
        .map_or(head, |(_, base)| base);
    (!head.is_empty()).then(|| head.to_owned())
}

/// The clitics written on a word: `n't` on an auxiliary, and `'m`, `'re`,
/// `'ll`, `'ve`, `'d` on a pronoun, with the verb each stands for. A
/// contraction's look-up reaches its head (`didn't` → `did` → `do`, `I'm` →
/// `I`), then the clitic's own verb (`be`), as tokenizers split them.
fn clitic(w: &str) -> Option<(String, Option<&'static str>)> {
    let w = w.replace('’', "'");
    if w.ends_with("n't") {
        return negated_head(&w).map(|head| (head, None));
    }
    [
        ("'m", "be"),
        ("'re", "be"),
        ("'ll", "will"),
        ("'ve", "have"),
        ("'d", "would"),
    ]
    .iter()
    .find_map(|(c, verb)| {
        Some((
            w.strip_suffix(c).filter(|h| !h.is_empty())?.to_owned(),
            Some(*verb),
        ))
    })
}

fn english(w: &str, out: &mut Vec<String>) {
    if let Some((head, verb)) = clitic(w) {
        out.push(head.clone());
        english(&head, out);
        out.extend(verb.map(str::to_owned));
        return;
    }
    if let Some((_, base)) = MODALS.iter().find(|(form, _)| *form == w) {
        out.push((*base).to_owned());
    }
    if let Some(bases) = irregular(w) {
        out.extend(bases.map(str::to_owned));
    }
    let w = w.strip_suffix("'s").or_else(|| w.strip_suffix("’s")).unwrap_or(w);
    out.push(w.to_owned());
    let push_stem = |stem: &str, out: &mut Vec<String>| {
        out.push(stem.to_owned());
        out.push(format!("{stem}e"));
        let b = stem.as_bytes();
        if b.len() >= 3 && b[b.len() - 1] == b[b.len() - 2] {
            out.push(stem[..stem.len() - 1].to_owned());
        }
    };
    if let Some(s) = w.strip_suffix("ies") {
        out.push(format!("{s}y"));
    }
    if let Some(s) = w.strip_suffix("es") {
        out.push(s.to_owned());
    }
    if let Some(s) = w.strip_suffix('s').filter(|s| !s.ends_with('s')) {
        out.push(s.to_owned());
    }
    if let Some(s) = w.strip_suffix("ied") {
        out.push(format!("{s}y"));
    }
    if let Some(s) = w.strip_suffix("ed") {
        push_stem(s, out);
    }
    if let Some(s) = w.strip_suffix("ing") {
        push_stem(s, out);
    }
    for suffix in ["er", "est", "ly"] {
        if let Some(s) = w.strip_suffix(suffix) {
            push_stem(s, out);
        }
    }
}

/// Arabic clitics: the conjunctions, prepositions and article written on the
/// word (`والملف` → `ملف`), then a plural or pronoun ending.
fn arabic(w: &str, out: &mut Vec<String>) {
    const PREFIXES: &[&str] = &["وال", "بال", "فال", "كال", "لل", "ال", "و", "ف", "ب", "ل", ""];
    const ENDINGS: &[(&str, &str)] = &[
        ("ات", "ة"),
        ("ات", ""),
        ("ين", ""),
        ("ون", ""),
        ("ها", ""),
        ("هم", ""),
        ("ه", ""),
        ("ة", ""),
    ];
    let start = out.len();
    for p in PREFIXES {
        let Some(rest) = w.strip_prefix(p).filter(|r| r.chars().count() >= 2) else {
            continue;
        };
        if !p.is_empty() {
            out.push(rest.to_owned());
        }
        for (e, add) in ENDINGS {
            if let Some(stem) = rest.strip_suffix(e).filter(|s| s.chars().count() >= 2) {
                out.push(format!("{stem}{add}"));
            }
        }
    }
    // The English-Arabic data writes most nouns with the article (اليوم for
    // day, الرجل for man), and words typed without hamza (اكثر for أكثر) or
    // with ى/ي, ه/ة swapped at the end: those spellings are tried next.
    let bases: Vec<String> = std::iter::once(w.to_owned()).chain(out.drain(start..)).collect();
    for base in &bases {
        out.push(base.clone());
        if !base.starts_with("ال") {
            out.push(format!("ال{base}"));
        }
    }
    for base in &bases {
        out.extend(arabic_spellings(base));
    }
}

/// An Arabic word without its vowel marks, shadda, sukun, dagger alef and tatweel.
fn arabic_bare(w: &str) -> String {
    w.chars()
        .filter(|c| !matches!(c, '\u{64B}'..='\u{652}' | '\u{670}' | '\u{640}'))
        .collect()
}

/// Hindi: the suffix rules, then the other spellings of the word and of each base.
fn hindi(w: &str, out: &mut Vec<String>) {
    suffixes::candidates(w, "hi", out);
    let bases: Vec<String> = std::iter::once(w.to_owned()).chain(out.iter().cloned()).collect();
    out.extend(bases.iter().flat_map(|b| hindi_spellings(b)));
}

/// Other spellings of a Hindi word: the nasal of a cluster as anusvara or as
/// a consonant (हिंदी, हिन्दी), and without the nukta of Persian sounds (ज़िंदगी, जिंदगी).
fn hindi_spellings(w: &str) -> Vec<String> {
    // क़ ख़ ग़ ज़ फ़ as single code points.
    const NUKTA: [(char, char); 5] = [
        ('\u{958}', 'क'),
        ('\u{959}', 'ख'),
        ('\u{95a}', 'ग'),
        ('\u{95b}', 'ज'),
        ('\u{95e}', 'फ'),
    ];
    // The nasal of each class of stops: velar, palatal, retroflex, dental, labial.
    let nasal = |c: char| match c {
        'क'..='घ' => Some('ङ'),
        'च'..='झ' => Some('ञ'),
        'ट'..='ढ' => Some('ण'),
        'त'..='ध' => Some('न'),
        'प'..='भ' => Some('म'),
        _ => None,
    };
    let chars: Vec<char> = w.chars().collect();
    let (mut clusters, mut anusvara) = (String::new(), String::new());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match (c, next.and_then(nasal)) {
            ('ं', Some(n)) => {
                clusters.extend([n, '्']);
                anusvara.push(c);
            }
            _ if chars.get(i + 1) == Some(&'्') && chars.get(i + 2).and_then(|&d| nasal(d)) == Some(c) => {
                clusters.extend([c, '्']);
                anusvara.push('ं');
                i += 1;
            }
            _ => {
                clusters.push(c);
                anusvara.push(c);
            }
        }
        i += 1;
    }
    let no_nukta: String = w
        .replace('\u{93c}', "")
        .chars()
        .map(|c| NUKTA.iter().find(|(n, _)| *n == c).map_or(c, |(_, b)| *b))
        .collect();
    [clusters, anusvara, no_nukta]
        .into_iter()
        .filter(|v| v != w)
        .collect()
}

/// Other spellings of an Arabic word: hamza on a first alef, ى and ي, ة for ه at the end.
fn arabic_spellings(w: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(rest) = w.strip_prefix('ا') {
        out.push(format!("أ{rest}"));
        out.push(format!("إ{rest}"));
    }
    for (from, to) in [('ى', 'ي'), ('ي', 'ى'), ('ه', 'ة')] {
        if let Some(rest) = w.strip_suffix(from) {
            out.push(format!("{rest}{to}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_aspect_partners_and_the_nouns_of_adjectives() {
        for (word, base) in [
            ("удалить", "удалять"),
            ("попытались", "пытаться"),
            ("показать", "показывать"),
            ("файловой", "файл"),
            ("системных", "система"),
            ("сетевой", "сеть"),
            ("содержит", "содержать"),
            ("создать", "создавать"),
            ("попробуйте", "пробовать"),
            ("ссылок", "ссылка"),
            ("библиотек", "библиотека"),
            ("поддерживается", "поддерживать"),
            ("пропущен", "пропустить"),
            ("установлен", "установить"),
            ("найдено", "найти"),
            ("выберите", "выбрать"),
            ("укажите", "указать"),
        ] {
            assert!(
                candidates(word, "ru").contains(&base.to_owned()),
                "{word}: {:?}",
                candidates(word, "ru")
            );
        }
    }

    #[test]
    fn english_forms() {
        assert!(candidates("banks", "en").contains(&"bank".to_owned()));
        assert!(candidates("stories", "en").contains(&"story".to_owned()));
        assert!(candidates("running", "en").contains(&"run".to_owned()));
        assert!(candidates("baked", "en").contains(&"bake".to_owned()));
        assert!(candidates("went", "en").contains(&"go".to_owned()));
        assert_eq!(candidates("could", "en").first().map(String::as_str), Some("can"));
        assert!(candidates("والملفات", "ar").contains(&"ملف".to_owned()));
        assert!(candidates("الملف", "ar").contains(&"ملف".to_owned()));
        // With the article the data gives most nouns, and the spellings typed without hamza.
        assert!(candidates("يوم", "ar").contains(&"اليوم".to_owned()));
        assert!(candidates("اكثر", "ar").contains(&"أكثر".to_owned()));
        assert!(candidates("الذى", "ar").contains(&"الذي".to_owned()));
        // Vowel marks and the shadda the dictionaries do not write.
        assert!(candidates("جمهوريّة", "ar").contains(&"جمهورية".to_owned()));
        assert!(candidates("الدّنمارك", "ar").contains(&"الدنمارك".to_owned()));
        assert!(candidates("تالفًا", "ar").contains(&"تالف".to_owned()));
        assert!(candidates("John's", "en").contains(&"john".to_owned()));
        assert!(candidates("a", "en").is_empty());
    }

    #[test]
    fn hindi_spellings_of_nasals_and_nukta() {
        assert!(candidates("हिंदी", "hi").contains(&"हिन्दी".to_owned()));
        assert!(candidates("हिन्दू", "hi").contains(&"हिंदू".to_owned()));
        assert!(candidates("ज़िंदगी", "hi").contains(&"जिंदगी".to_owned()));
    }

    #[test]
    fn english_contractions_reach_their_head_then_the_clitic_verb() {
        for (form, first, also) in [
            ("didn't", "did", "do"),
            ("doesn't", "does", "do"),
            ("can't", "can", "can"),
            ("won't", "will", "will"),
            ("couldn't", "could", "can"),
            ("isn't", "is", "be"),
            ("i'm", "i", "be"),
            ("you’re", "you", "be"),
            ("we'll", "we", "will"),
            ("they've", "they", "have"),
        ] {
            let got = candidates(form, "en");
            assert_eq!(got.first().map(String::as_str), Some(first), "{form}: {got:?}");
            assert!(got.contains(&also.to_owned()), "{form}: {got:?}");
        }
        assert!(candidates("n't", "en").is_empty());
    }

    #[test]
    fn english_irregular_forms_come_from_wordnet() {
        for (form, base) in [
            ("was", "be"),
            ("been", "be"),
            ("had", "have"),
            ("children", "child"),
            ("geese", "goose"),
            ("mice", "mouse"),
            ("went", "go"),
            ("forgot", "forget"),
            ("drank", "drink"),
            ("better", "good"),
            ("worst", "bad"),
        ] {
            let c = candidates(form, "en");
            assert_eq!(c.first().map(String::as_str), Some(base), "{form}: {c:?}");
        }
        assert!(candidates("better", "en").contains(&"well".to_owned()));
        assert!(irregular("house").is_none());
    }

    #[test]
    fn the_irregular_table_is_sorted_for_its_binary_search() {
        let text = include_str!("../../assets/morph/en-exceptions.tsv");
        let forms: Vec<&str> = text.lines().map(|l| l.split('\t').next().unwrap()).collect();
        assert!(forms.len() > 5000);
        assert!(forms.windows(2).all(|w| w[0].as_bytes() < w[1].as_bytes()));
        // Every form is found, the first and the last included.
        for form in [forms[0], forms[forms.len() / 2], forms[forms.len() - 1]] {
            assert!(irregular(form).is_some(), "{form}");
        }
    }

    #[test]
    fn hunspell_bases_come_before_the_rules() {
        assert_eq!(
            candidates("tengo", "es").first().map(String::as_str),
            Some("tener")
        );
        assert_eq!(candidates("gick", "sv").first().map(String::as_str), Some("gå"));
        assert!(candidates("Häuser", "de").contains(&"haus".to_owned()));
        // Each base once, though the table and the rules both give it.
        let c = candidates("problemas", "es");
        assert_eq!(c.iter().filter(|b| *b == "problema").count(), 1, "{c:?}");
    }

    #[test]
    fn a_greek_final_sigma_typed_as_sigma() {
        assert_eq!(candidates("τησ", "el").first().map(String::as_str), Some("της"));
        // A letter alone is an elided word (σ' → σε), not a final sigma.
        assert_eq!(candidates("σ", "el"), ["σε"]);
    }

    #[test]
    fn norwegian_and_bulgarian_forms() {
        for (form, base) in [
            ("bilen", "bil"),
            ("huset", "hus"),
            ("bilene", "bil"),
            ("snakker", "snakke"),
            ("jenta", "jente"),
        ] {
            assert!(candidates(form, "nb").contains(&base.to_owned()), "{form}");
        }
        for (form, base) in [
            ("градът", "град"),
            ("жените", "жена"),
            ("жени", "жена"),
            ("книгата", "книга"),
            ("градове", "град"),
        ] {
            assert!(candidates(form, "bg").contains(&base.to_owned()), "{form}");
        }
    }

    #[test]
    fn a_latin_word_in_a_language_without_its_rules_has_no_bases() {
        assert!(candidates("kissa", "ja").is_empty());
    }
}
