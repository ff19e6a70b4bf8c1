//! Parts of speech (the service's ten tags) and grammatical gender, with the
//! determiner each gender takes in the languages that mark it.

/// The ten `posTag` values of dictionary lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pos {
    Adj,
    Adv,
    Conj,
    Det,
    Modal,
    Noun,
    Prep,
    Pron,
    Verb,
    Other,
}

/// English modal verbs, tagged MODAL rather than VERB.
const MODALS: &[&str] = &[
    "can", "could", "may", "might", "must", "shall", "should", "will", "would", "ought",
];

impl Pos {
    /// A dictionary's tag (FreeDict/TEI names, EDICT-derived names) as one of the ten.
    pub fn from_tag(tag: &str) -> Option<Pos> {
        Some(match tag.trim().to_ascii_lowercase().as_str() {
            "n" | "pn" | "noun" | "propernoun" | "proper noun" | "acronym" => Pos::Noun,
            "adj" | "adjective" => Pos::Adj,
            "adv" | "adverb" => Pos::Adv,
            "v" | "vi" | "vt" | "verb" => Pos::Verb,
            "conjunction" | "conj" => Pos::Conj,
            "determiner" | "det" | "article" | "art" => Pos::Det,
            "preposition" | "postposition" | "prep" | "adposition" => Pos::Prep,
            "pronoun" | "pron" => Pos::Pron,
            "modal" => Pos::Modal,
            "interjection" | "intj" | "int" | "numeral" | "num" | "particle" | "prefix" | "suffix"
            | "phraseologicalunit" | "proverb" | "idiom" | "phrase" | "sup" => Pos::Other,
            _ => return None,
        })
    }

    /// VERB becomes MODAL for an English modal verb.
    pub fn refine(self, english_word: &str) -> Pos {
        if self == Pos::Verb && MODALS.contains(&english_word.to_lowercase().as_str()) {
            Pos::Modal
        } else {
            self
        }
    }

    /// The tag as the service spells it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Pos::Adj => "ADJ",
            Pos::Adv => "ADV",
            Pos::Conj => "CONJ",
            Pos::Det => "DET",
            Pos::Modal => "MODAL",
            Pos::Noun => "NOUN",
            Pos::Prep => "PREP",
            Pos::Pron => "PRON",
            Pos::Verb => "VERB",
            Pos::Other => "OTHER",
        }
    }
}

/// Grammatical gender, where a dictionary marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gender {
    Masculine,
    Feminine,
    Neuter,
    Common,
}

impl Gender {
    pub fn from_tag(tag: &str) -> Option<Gender> {
        Some(match tag.trim().to_ascii_lowercase().as_str() {
            "masc" | "masculine" | "m" => Gender::Masculine,
            "fem" | "feminine" | "f" => Gender::Feminine,
            "neut" | "neuter" | "nt" => Gender::Neuter,
            "common" | "c" | "utr" => Gender::Common,
            _ => return None,
        })
    }

    /// The definite article a noun of this gender takes in `language`
    /// (`prefixWord`), or "" where the language has none for it.
    pub fn determiner(self, language: &str) -> &'static str {
        use Gender::*;
        let lang = language.split('-').next().unwrap_or(language);
        match (lang, self) {
            ("de", Masculine) => "der",
            ("de", Feminine) => "die",
            ("de", Neuter) => "das",
            ("es" | "ca", Masculine) => "el",
            ("es" | "ca", Feminine) => "la",
            ("fr", Masculine) => "le",
            ("fr", Feminine) => "la",
            ("it", Masculine) => "il",
            ("it", Feminine) => "la",
            ("pt" | "gl", Masculine) => "o",
            ("pt" | "gl", Feminine) => "a",
            ("nl", Masculine | Feminine | Common) => "de",
            ("nl", Neuter) => "het",
            ("sv", Common | Masculine | Feminine) => "en",
            ("sv", Neuter) => "ett",
            ("da", Common | Masculine | Feminine) => "en",
            ("da", Neuter) => "et",
            ("nb" | "no" | "nn", Masculine | Common) => "en",
            ("nb" | "no" | "nn", Feminine) => "ei",
            ("nb" | "no" | "nn", Neuter) => "et",
            ("el", Masculine) => "ο",
            ("el", Feminine) => "η",
            ("el", Neuter) => "το",
            _ => "",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags() {
        assert_eq!(Pos::from_tag("n"), Some(Pos::Noun));
        assert_eq!(Pos::from_tag("phraseologicalUnit"), Some(Pos::Other));
        assert_eq!(Pos::from_tag("fem"), None);
        assert_eq!(Pos::Verb.refine("Can"), Pos::Modal);
        assert_eq!(Pos::Verb.refine("eat"), Pos::Verb);
        assert_eq!(Gender::Feminine.determiner("es"), "la");
        assert_eq!(Gender::Neuter.determiner("de-AT"), "das");
        assert_eq!(Gender::Masculine.determiner("fi"), "");
    }
}
