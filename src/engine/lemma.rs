//! Simple lemmatization: the dictionary forms a word may come from, tried in
//! order when the word itself is not a headword. English inflections (plural,
//! past, participles, third person, comparatives, possessive) and the most
//! common Finnish case endings; other languages only get their lower case.

/// Candidate base forms of `word` (lower-cased), most likely first, without `word` itself.
pub fn candidates(word: &str, language: &str) -> Vec<String> {
    let w = word.to_lowercase();
    let mut out = Vec::new();
    match language {
        "en" => english(&w, &mut out),
        "fi" => finnish(&w, &mut out),
        _ => {}
    }
    out.retain(|c| c != word && c.chars().count() >= 2);
    out.dedup();
    out
}

/// A few irregular English forms.
const IRREGULAR: &[(&str, &str)] = &[
    ("is", "be"),
    ("are", "be"),
    ("was", "be"),
    ("were", "be"),
    ("been", "be"),
    ("am", "be"),
    ("has", "have"),
    ("had", "have"),
    ("did", "do"),
    ("does", "do"),
    ("done", "do"),
    ("went", "go"),
    ("gone", "go"),
    ("saw", "see"),
    ("seen", "see"),
    ("ate", "eat"),
    ("eaten", "eat"),
    ("made", "make"),
    ("said", "say"),
    ("took", "take"),
    ("taken", "take"),
    ("came", "come"),
    ("got", "get"),
    ("gave", "give"),
    ("given", "give"),
    ("knew", "know"),
    ("known", "know"),
    ("thought", "think"),
    ("told", "tell"),
    ("found", "find"),
    ("left", "leave"),
    ("felt", "feel"),
    ("brought", "bring"),
    ("bought", "buy"),
    ("wrote", "write"),
    ("written", "write"),
    ("ran", "run"),
    ("sat", "sit"),
    ("stood", "stand"),
    ("children", "child"),
    ("men", "man"),
    ("women", "woman"),
    ("people", "person"),
    ("feet", "foot"),
    ("teeth", "tooth"),
    ("mice", "mouse"),
    ("better", "good"),
    ("best", "good"),
    ("worse", "bad"),
    ("worst", "bad"),
];

fn english(w: &str, out: &mut Vec<String>) {
    if let Some((_, base)) = IRREGULAR.iter().find(|(form, _)| *form == w) {
        out.push((*base).to_owned());
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

/// Finnish case and possessive endings, longest first.
const FINNISH_ENDINGS: &[&str] = &[
    "ssa", "ssä", "sta", "stä", "lla", "llä", "lta", "ltä", "lle", "ksi", "tta", "ttä", "na", "nä", "in",
    "en", "an", "än", "ni", "si", "mme", "nne", "t", "n", "a", "ä",
];

fn finnish(w: &str, out: &mut Vec<String>) {
    for ending in FINNISH_ENDINGS {
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_forms() {
        assert!(candidates("banks", "en").contains(&"bank".to_owned()));
        assert!(candidates("stories", "en").contains(&"story".to_owned()));
        assert!(candidates("running", "en").contains(&"run".to_owned()));
        assert!(candidates("baked", "en").contains(&"bake".to_owned()));
        assert!(candidates("went", "en").contains(&"go".to_owned()));
        assert!(candidates("John's", "en").contains(&"john".to_owned()));
        assert!(candidates("a", "en").is_empty());
    }

    #[test]
    fn finnish_forms() {
        assert!(candidates("pankissa", "fi").contains(&"pankki".to_owned()));
        assert!(candidates("talossa", "fi").contains(&"talo".to_owned()));
        assert!(candidates("kissat", "fi").contains(&"kissa".to_owned()));
        assert!(candidates("kissa", "ja").is_empty());
    }
}
