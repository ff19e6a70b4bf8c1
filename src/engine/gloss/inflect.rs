//! The target's past participle for an English past form (`deleted`,
//! `written`): software text says "File deleted", "Fichier supprimé",
//! "Archivo eliminado", "Fil slettet", where the dictionary gives the
//! infinitive (`supprimer`, `eliminar`, `slette`). By the regular endings of
//! each language, after a table of the common irregular verbs; the first word
//! of a phrase is inflected (`hoppe over` → `hoppet over`). Agreement (gender,
//! number) is not attempted: the masculine singular is written.

/// Irregular participles: `(language, infinitive, participle)`. German ones
/// also serve verbs built on them (`herunterladen` → heruntergeladen,
/// `verbinden` → verbunden).
const IRREGULAR: &[(&str, &str, &str)] = &[
    ("es", "escribir", "escrito"),
    ("es", "abrir", "abierto"),
    ("es", "hacer", "hecho"),
    ("es", "poner", "puesto"),
    ("es", "ver", "visto"),
    ("es", "volver", "vuelto"),
    ("es", "romper", "roto"),
    ("es", "decir", "dicho"),
    ("es", "cubrir", "cubierto"),
    ("es", "resolver", "resuelto"),
    ("es", "imprimir", "impreso"),
    ("pt", "abrir", "aberto"),
    ("pt", "escrever", "escrito"),
    ("pt", "fazer", "feito"),
    ("pt", "dizer", "dito"),
    ("pt", "ver", "visto"),
    ("pt", "pôr", "posto"),
    ("pt", "cobrir", "coberto"),
    ("it", "scrivere", "scritto"),
    ("it", "aprire", "aperto"),
    ("it", "chiudere", "chiuso"),
    ("it", "leggere", "letto"),
    ("it", "prendere", "preso"),
    ("it", "mettere", "messo"),
    ("it", "rompere", "rotto"),
    ("it", "perdere", "perso"),
    ("it", "scegliere", "scelto"),
    ("it", "vedere", "visto"),
    ("it", "fare", "fatto"),
    ("it", "dire", "detto"),
    ("it", "trasmettere", "trasmesso"),
    ("it", "risolvere", "risolto"),
    ("it", "eseguire", "eseguito"),
    ("it", "rimuovere", "rimosso"),
    ("it", "correggere", "corretto"),
    ("fr", "ouvrir", "ouvert"),
    ("fr", "couvrir", "couvert"),
    ("fr", "offrir", "offert"),
    ("fr", "prendre", "pris"),
    ("fr", "mettre", "mis"),
    ("fr", "faire", "fait"),
    ("fr", "écrire", "écrit"),
    ("fr", "dire", "dit"),
    ("fr", "lire", "lu"),
    ("fr", "inclure", "inclus"),
    ("fr", "produire", "produit"),
    ("fr", "construire", "construit"),
    ("fr", "détruire", "détruit"),
    ("fr", "traduire", "traduit"),
    ("fr", "voir", "vu"),
    ("fr", "recevoir", "reçu"),
    ("fr", "pouvoir", "pu"),
    ("fr", "savoir", "su"),
    ("fr", "devoir", "dû"),
    ("fr", "être", "été"),
    ("fr", "avoir", "eu"),
    ("de", "finden", "gefunden"),
    ("de", "schreiben", "geschrieben"),
    ("de", "lesen", "gelesen"),
    ("de", "laden", "geladen"),
    ("de", "geben", "gegeben"),
    ("de", "nehmen", "genommen"),
    ("de", "schließen", "geschlossen"),
    ("de", "beginnen", "begonnen"),
    ("de", "brechen", "gebrochen"),
    ("de", "werfen", "geworfen"),
    ("de", "halten", "gehalten"),
    ("de", "lassen", "gelassen"),
    ("de", "sehen", "gesehen"),
    ("de", "tun", "getan"),
    ("de", "gehen", "gegangen"),
    ("de", "kommen", "gekommen"),
    ("de", "bleiben", "geblieben"),
    ("de", "binden", "gebunden"),
    ("de", "laufen", "gelaufen"),
    ("de", "rufen", "gerufen"),
    ("de", "schlagen", "geschlagen"),
    ("de", "tragen", "getragen"),
    ("de", "ziehen", "gezogen"),
    ("de", "bieten", "geboten"),
    ("de", "gessen", "gegessen"),
    ("de", "lieren", "loren"),
    ("de", "stehen", "gestanden"),
    ("de", "sprechen", "gesprochen"),
    ("de", "treffen", "getroffen"),
    ("de", "weisen", "gewiesen"),
    ("de", "scheiden", "geschieden"),
    ("de", "greifen", "gegriffen"),
    ("de", "sein", "gewesen"),
    ("de", "haben", "gehabt"),
    ("de", "werden", "geworden"),
    ("de", "bringen", "gebracht"),
    ("de", "denken", "gedacht"),
    ("de", "kennen", "gekannt"),
    ("de", "nennen", "genannt"),
    ("de", "wissen", "gewusst"),
];

/// German prefixes that take no `ge-` (`verändert`, `entfernt`) and those a
/// participle puts `ge-` after (`heruntergeladen`, `angezeigt`).
const INSEPARABLE: &[&str] = &[
    "be", "emp", "ent", "er", "ge", "miss", "ver", "zer", "über", "unter",
];
const SEPARABLE: &[&str] = &[
    "herunter", "hinzu", "zurück", "heraus", "hoch", "fest", "frei", "weiter", "auf", "aus", "ein", "vor",
    "nach", "mit", "zu", "ab", "an", "um", "dar", "her", "hin",
];

/// The participle of `phrase`'s first word read as an infinitive of `to`;
/// `None` when `to` has no rule here or the word ends in none of its endings.
pub(super) fn participle(to: &str, phrase: &str) -> Option<String> {
    let (verb, rest) = phrase.split_once(' ').unwrap_or((phrase, ""));
    let done = match to {
        "de" => german(verb),
        "nl" => dutch(verb),
        "bg" => super::bulgarian::participle(verb),
        _ => romance_or_nordic(to, verb),
    }?;
    Some(if rest.is_empty() {
        done
    } else {
        format!("{done} {rest}")
    })
}

fn irregular(to: &str, verb: &str) -> Option<&'static str> {
    IRREGULAR
        .iter()
        .find(|(l, inf, _)| *l == to && *inf == verb)
        .map(|(_, _, p)| *p)
}

fn romance_or_nordic(to: &str, verb: &str) -> Option<String> {
    if let Some(p) = irregular(to, verb) {
        return Some(p.to_owned());
    }
    let rules: &[(&str, &str)] = match to {
        "es" => &[
            ("arse", "ado"),
            ("erse", "ido"),
            ("irse", "ido"),
            ("ar", "ado"),
            ("er", "ido"),
            ("ir", "ido"),
        ],
        "pt" => &[("ar", "ado"), ("er", "ido"), ("ir", "ido")],
        "it" => &[("are", "ato"), ("ire", "ito"), ("ere", "uto")],
        "fr" => &[("er", "é"), ("ir", "i"), ("dre", "du")],
        "nb" => &[("ere", "ert"), ("e", "et")],
        "sv" => &[("era", "erad"), ("a", "ad")],
        _ => return None,
    };
    rules.iter().find_map(|(ending, with)| {
        let stem = verb.strip_suffix(ending).filter(|s| s.chars().count() >= 2)?;
        Some(format!("{stem}{with}"))
    })
}

/// Dutch, the verbs in -eren only (`installeren` → geïnstalleerd): `ge-`, with
/// a diaeresis before e, i, u.
fn dutch(verb: &str) -> Option<String> {
    let stem = verb.strip_suffix("eren").filter(|s| s.chars().count() >= 3)?;
    let mut chars = stem.chars();
    let first = match chars.next()? {
        'e' => 'ë',
        'i' => 'ï',
        'u' => 'ü',
        c => c,
    };
    Some(format!("ge{first}{}eerd", chars.as_str()))
}

/// German: `-ieren` → `-iert`; a strong verb by the table, also under a
/// prefix; a weak one `ge-` + stem + `-t` (`-et` after t/d), without `ge-`
/// after an inseparable prefix, `ge-` after a separable one.
fn german(verb: &str) -> Option<String> {
    if let Some(stem) = verb.strip_suffix("ieren") {
        return Some(format!("{stem}iert"));
    }
    if let Some(p) = irregular("de", verb) {
        return Some(p.to_owned());
    }
    let (prefix, ge, base) = split_prefix(verb);
    if let Some((inf, p)) = IRREGULAR
        .iter()
        .filter(|(l, _, _)| *l == "de")
        .map(|(_, inf, p)| (*inf, *p))
        .find(|(inf, _)| base.ends_with(inf) && base.len() - inf.len() <= 2)
    {
        let head = &base[..base.len() - inf.len()];
        let p = if ge {
            p.to_owned()
        } else {
            p.strip_prefix("ge").unwrap_or(p).to_owned()
        };
        return Some(format!("{prefix}{head}{p}"));
    }
    let stem = base.strip_suffix("en").or_else(|| base.strip_suffix('n'))?;
    if stem.chars().count() < 2 {
        return None;
    }
    let t = if stem.ends_with('t') || stem.ends_with('d') {
        "et"
    } else {
        "t"
    };
    Some(format!("{prefix}{}{stem}{t}", if ge { "ge" } else { "" }))
}

/// `(prefix, takes ge-, rest)` of a German infinitive.
fn split_prefix(verb: &str) -> (&str, bool, &str) {
    let long_enough = |rest: &str| rest.chars().count() >= 4;
    if let Some(p) = SEPARABLE
        .iter()
        .find(|p| verb.strip_prefix(**p).is_some_and(long_enough))
    {
        let rest = &verb[p.len()..];
        let inseparable = INSEPARABLE
            .iter()
            .any(|i| rest.strip_prefix(i).is_some_and(long_enough));
        return (p, !inseparable, rest);
    }
    if let Some(p) = INSEPARABLE
        .iter()
        .find(|p| verb.strip_prefix(**p).is_some_and(long_enough))
    {
        return (p, false, &verb[p.len()..]);
    }
    ("", true, verb)
}

#[cfg(test)]
mod tests {
    use super::participle;

    #[test]
    fn participles_by_language() {
        for (to, inf, p) in [
            ("es", "eliminar", "eliminado"),
            ("es", "escribir", "escrito"),
            ("pt", "definir", "definido"),
            ("it", "salvare", "salvato"),
            ("it", "aprire", "aperto"),
            ("fr", "supprimer", "supprimé"),
            ("fr", "choisir", "choisi"),
            ("fr", "prendre", "pris"),
            ("nb", "slette", "slettet"),
            ("nb", "installere", "installert"),
            ("nb", "hoppe over", "hoppet over"),
            ("sv", "spara", "sparad"),
            ("nl", "installeren", "geïnstalleerd"),
            ("nl", "configureren", "geconfigureerd"),
            ("de", "installieren", "installiert"),
            ("de", "löschen", "gelöscht"),
            ("de", "verändern", "verändert"),
            ("de", "anzeigen", "angezeigt"),
            ("de", "herunterladen", "heruntergeladen"),
            ("de", "verbinden", "verbunden"),
            ("de", "finden", "gefunden"),
            ("de", "arbeiten", "gearbeitet"),
        ] {
            assert_eq!(participle(to, inf).as_deref(), Some(p), "{to} {inf}");
        }
        assert_eq!(participle("ja", "消す"), None);
        assert_eq!(participle("de", "Haus"), None);
    }
}
