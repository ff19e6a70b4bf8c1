//! Russian endings (`suffixes`' table for `ru`): the cases of adjectives and
//! participles (hard and soft: `общей`, `текущую` → `-ий`, `новыми` → `-ый`),
//! of nouns in -а/-я, -ь, -о, -ие and of masculine nouns without an ending
//! (`кодировки` → `кодировка`, `названием` → `название`, `файлы` → `файл`), and
//! the present, past and reflexive forms of verbs (`отсутствует` →
//! `отсутствовать`, `удалось` → `удаться`, `ссылается` → `ссылаться`); short
//! adjectives (`необходима` → `необходимый`) and past passive participles to
//! their verb (`полученные` → `получить`, `создано` → `создать`). A
//! candidate counts only when it is a headword, so an ending may offer several.

use super::suffixes::Rules;

/// Adjective endings go to every nominative an adjective may have.
const ADJ: &[&str] = &["ый", "ий", "ой"];

pub(super) const RULES: Rules = &[
    // Adjectives and participles.
    ("ого", ADJ),
    ("его", ADJ),
    ("ому", ADJ),
    ("ему", ADJ),
    ("ыми", ADJ),
    ("ими", ADJ),
    ("ым", ADJ),
    ("им", ADJ),
    ("ых", &["ые", "ый", "ий", "ой"]),
    ("их", &["ие", "ий", "ый"]),
    ("ая", ADJ),
    ("яя", &["ий"]),
    ("ую", &["ый", "ой", "ая", "ий"]),
    ("юю", &["ий", "ья", "ю"]),
    ("ое", &["ый", "ой", "ое"]),
    ("ее", &["ий"]),
    ("ые", &["ый", ""]),
    ("ие", &["ий"]),
    ("ий", &["ый", "ие", "ия", "ье"]),
    ("ой", &["ый", "ий", "а", "ая", "о"]),
    ("ей", &["ий", "ь", "я", "", "е"]),
    // Short adjectives (`необходима`, `обязательны`, `неизвестно` → `-ый`).
    ("на", &["ный"]),
    ("ны", &["ный"]),
    ("но", &["ный"]),
    ("ма", &["мый"]),
    ("мы", &["мый"]),
    ("мо", &["мый"]),
    // Past passive participles to their verb (`полученные` → `получить`,
    // `создано` → `создать`), long and short.
    ("енный", &["ить"]),
    ("енные", &["ить"]),
    ("енная", &["ить"]),
    ("енное", &["ить"]),
    ("енных", &["ить"]),
    ("енного", &["ить"]),
    ("ено", &["ить"]),
    ("ена", &["ить"]),
    ("ены", &["ить"]),
    ("анный", &["ать"]),
    ("анные", &["ать"]),
    ("анная", &["ать"]),
    ("анное", &["ать"]),
    ("анных", &["ать"]),
    ("анного", &["ать"]),
    ("ано", &["ать"]),
    ("ана", &["ать"]),
    ("аны", &["ать"]),
    // Nouns.
    ("ием", &["ие"]),
    ("ию", &["ие", "ия"]),
    ("ия", &["ие", "ия"]),
    ("ии", &["ие", "ия"]),
    ("иям", &["ие", "ия"]),
    ("иями", &["ие", "ия"]),
    ("иях", &["ие", "ия"]),
    ("ью", &["ь"]),
    ("ою", &["а"]),
    ("ами", &["", "а", "о"]),
    ("ями", &["я", "ь", "й", "е"]),
    ("ам", &["", "а", "о"]),
    ("ям", &["я", "ь", "й", "е"]),
    ("ах", &["", "а", "о"]),
    ("ях", &["я", "ь", "й", "е"]),
    ("ом", &["", "о", "а"]),
    ("ем", &["ь", "й", "е", ""]),
    ("ов", &["", "о"]),
    // The genitive plural of nouns in -ка (`ссылок`, `ошибок`, `библиотек`).
    ("ок", &["ка"]),
    ("ек", &["ека", "ка"]),
    ("ев", &["й", "ь"]),
    ("ы", &["а", "", "ы"]),
    ("и", &["а", "я", "ь", "", "й", "о"]),
    ("у", &["", "а", "о"]),
    ("ю", &["ь", "й", "я", "е"]),
    ("е", &["а", "", "о", "я", "ь"]),
    ("а", &["", "о"]),
    ("я", &["ь", "й", "е"]),
    // Verbs: present (third person, plural, reflexive), past, imperative.
    ("ует", &["овать"]),
    ("уют", &["овать"]),
    ("уется", &["оваться"]),
    ("уются", &["оваться"]),
    ("ает", &["ать"]),
    ("яет", &["ять"]),
    ("ется", &["аться", "еться", "ться"]),
    ("ается", &["аться"]),
    ("яется", &["яться"]),
    ("ются", &["ться"]),
    ("ится", &["иться"]),
    ("ятся", &["иться", "яться"]),
    ("атся", &["аться"]),
    ("ет", &["ать", "еть", "ть"]),
    ("ит", &["ить", "еть", "ать"]),
    ("ют", &["ть"]),
    ("ат", &["ать"]),
    ("ят", &["ить", "ять"]),
    ("ал", &["ать"]),
    ("ала", &["ать"]),
    ("ало", &["ать"]),
    ("али", &["ать"]),
    ("ил", &["ить"]),
    ("ила", &["ить"]),
    ("ило", &["ить"]),
    ("или", &["ить"]),
    ("ел", &["еть"]),
    ("ела", &["еть"]),
    ("ело", &["еть"]),
    ("ели", &["еть"]),
    ("ла", &["ть"]),
    ("ли", &["ть"]),
    ("лся", &["ться"]),
    ("лась", &["ться"]),
    ("лось", &["ться"]),
    ("лись", &["ться"]),
    ("ите", &["ить", "еть"]),
    ("ерите", &["рать"]),
    ("ажите", &["азать"]),
    ("ишите", &["исать"]),
    ("ери", &["рать"]),
    ("ен", &["ить"]),
    ("уйте", &["овать"]),
    ("йте", &["ть"]),
];

/// Prefixes that make a perfective verb of an imperfective one (`попытаться`
/// ← `пытаться`, `сделать` ← `делать`), longest first.
const PERFECTIVE: &[&str] = &[
    "пере", "раз", "рас", "под", "при", "про", "вы", "за", "на", "от", "об", "из", "ис", "по", "до", "со",
    "с", "у", "о",
];

/// `word` and the candidates in `out` that end in one of `endings`.
fn ending_in(word: &str, out: &[String], endings: &[&str]) -> Vec<String> {
    std::iter::once(word)
        .chain(out.iter().map(String::as_str))
        .filter(|c| endings.iter().any(|e| c.ends_with(e)))
        .map(str::to_owned)
        .collect()
}

/// The imperfective partners a perfective verb's dictionary lacks may stand
/// under (the dictionaries into English list mostly one of a pair, Mueller the
/// imperfective): `удалить` → `удалять`, `показать` → `показывать`,
/// `попытаться` → `пытаться`. For each infinitive among `word` and `out`.
pub(super) fn aspect_partners(word: &str, out: &mut Vec<String>) {
    for inf in ending_in(word, out, &["ть", "ться"]) {
        let (stem, refl) = match inf.strip_suffix("ся") {
            Some(s) => (s.to_owned(), "ся"),
            None => (inf.clone(), ""),
        };
        if let Some(s) = stem.strip_suffix("ить") {
            out.push(format!("{s}ять{refl}"));
        }
        if let Some(s) = stem.strip_suffix("ать") {
            out.push(format!("{s}ывать{refl}"));
            out.push(format!("{s}ивать{refl}"));
            out.push(format!("{s}авать{refl}"));
        }
        if let Some(rest) = PERFECTIVE
            .iter()
            .find_map(|p| stem.strip_prefix(p).filter(|r| r.chars().count() >= 4))
        {
            out.push(format!("{rest}{refl}"));
        }
    }
}

/// The noun an adjective is made from, for the adjectives the dictionaries
/// lack (`файловый` → `файл`, `системный` → `система`, `сетевой` → `сеть`):
/// English says "file system" with the noun. For each adjective among `word`
/// and `out`.
pub(super) fn adjective_nouns(word: &str, out: &mut Vec<String>) {
    for adj in ending_in(word, out, &["ый", "ой"]) {
        let stem = &adj[..adj.len() - "ый".len()];
        if let Some(s) = stem.strip_suffix("ов") {
            out.push(s.to_owned());
        } else if let Some(s) = stem.strip_suffix("ев") {
            out.push(format!("{s}ь"));
        } else if let Some(s) = stem.strip_suffix("н") {
            out.push(format!("{s}а"));
            out.push(s.to_owned());
        }
    }
}

/// The stem changes that participles and the first person make, undone on
/// the infinitives among `out` (`пропущен` → пропущить → `пропустить`,
/// `установлен` → `установить`, `найдено` → `найти`), and the verb without its
/// reflexive `-ся` (`поддерживается` → поддерживаться → `поддерживать`), as
/// a dictionary may list only one of them. After the aspect partners, which
/// would strip a prefix off a guess (`укажите` is no у + кадить).
pub(super) fn stem_changes(out: &mut Vec<String>) {
    const CHANGES: &[(&str, &[&str])] = &[
        ("щить", &["стить"]),
        ("жить", &["зить", "дить"]),
        ("чить", &["тить"]),
        ("влить", &["вить"]),
        ("блить", &["бить"]),
        ("плить", &["пить"]),
        ("млить", &["мить"]),
        ("йдить", &["йти"]),
    ];
    let mut more = Vec::new();
    for c in out.iter() {
        for (ending, with) in CHANGES {
            if let Some(stem) = c.strip_suffix(ending) {
                more.extend(with.iter().map(|w| format!("{stem}{w}")));
            }
        }
        if let Some(verb) = c.strip_suffix("ся").filter(|v| v.ends_with("ть")) {
            more.push(verb.to_owned());
        }
    }
    out.extend(more);
}
