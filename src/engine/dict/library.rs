//! Every dictionary the engine has: the bundled ones (GLD files embedded in
//! the binary, read in place: see `gld`) and dictd dictionaries found on the
//! machine (read on first use).
//!
//! A dictionary from A to B answers A→B. Where no dictionary goes the other
//! way, it also answers B→A by inversion (`invert`): precomputed at build time
//! for the bundled dictionaries, built on first use for the installed ones.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The parsed entries of one look-up, shared.
type Parsed = Arc<Vec<Entry>>;

/// Most look-ups whose parsed entries are kept.
const CACHE_CAP: usize = 2048;

use rustc_hash::FxHashMap;

use super::dictd::normalize;
use super::entry::Entry;
use super::freq::Frequencies;
use super::source::Source;

/// A bundled dictionary: the dictd stem it is built from (assets/dict/manifest.tsv),
/// its direction, its GLD file and, where no bundled dictionary goes the other
/// way, the GLD file of its inversion.
pub struct Bundled {
    pub stem: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    pub(crate) direct: &'static [u8],
    pub(crate) inverse: Option<&'static [u8]>,
}

macro_rules! gld {
    ($stem:literal) => {
        include_bytes!(concat!("../../../assets/dict/", $stem, ".gld"))
    };
}

macro_rules! bundled {
    ($stem:literal, $from:literal, $to:literal) => {
        Bundled {
            stem: $stem,
            from: $from,
            to: $to,
            direct: gld!($stem),
            inverse: None,
        }
    };
    ($stem:literal, $from:literal, $to:literal, inverted) => {
        Bundled {
            stem: $stem,
            from: $from,
            to: $to,
            direct: gld!($stem),
            inverse: Some(include_bytes!(concat!(
                "../../../assets/dict/",
                $stem,
                ".inv.gld"
            ))),
        }
    };
}

/// The bundled dictionaries (`scripts/build_gld.sh` writes their files). A
/// static, not a const: one copy of the embedded bytes, whose pages
/// `engine::resident` gives back.
pub static BUNDLED: &[Bundled] = &[
    bundled!("freedict-eng-jpn", "en", "ja"),
    bundled!("freedict-eng-fin", "en", "fi"),
    bundled!("freedict-eng-bul", "en", "bg", inverted),
    bundled!("freedict-eng-ind", "en", "id", inverted),
    bundled!("freedict-eng-nor", "en", "nb", inverted),
    bundled!("freedict-pol-eng", "pl", "en", inverted),
    bundled!("freedict-ell-eng", "el", "en", inverted),
    bundled!("freedict-fin-eng", "fi", "en"),
    bundled!("cedict-zh_Hans-en", "zh-Hans", "en", inverted),
    bundled!("edict-ja-en", "ja", "en"),
    bundled!("ding-en-de", "en", "de"),
    bundled!("ding-de-en", "de", "en"),
    bundled!("freedict-en-fr", "en", "fr"),
    bundled!("freedict-fr-en", "fr", "en"),
    bundled!("freedict-en-es", "en", "es"),
    bundled!("freedict-es-en", "es", "en"),
    bundled!("freedict-en-it", "en", "it"),
    bundled!("freedict-it-en", "it", "en"),
    bundled!("freedict-en-pt", "en", "pt"),
    bundled!("freedict-pt-en", "pt", "en"),
    bundled!("mueller-en-ru", "en", "ru"),
    bundled!("mueller-ru-en", "ru", "en"),
    bundled!("freedict-en-nl", "en", "nl"),
    bundled!("freedict-nl-en", "nl", "en"),
    bundled!("freedict-en-sv", "en", "sv"),
    bundled!("freedict-sv-en", "sv", "en"),
    bundled!("freedict-en-tr", "en", "tr"),
    bundled!("freedict-tr-en", "tr", "en"),
    bundled!("freedict-en-ar", "en", "ar"),
    bundled!("freedict-ar-en", "ar", "en"),
    bundled!("freedict-en-hi", "en", "hi"),
    bundled!("freedict-hi-en", "hi", "en"),
    bundled!("freedict-en-cs", "en", "cs"),
    bundled!("freedict-cs-en", "cs", "en"),
    // The gaps of the dictionaries from English, filled by triangulating WikDict
    // (`scripts/build_pivot.py`): only headwords the dictionary above lacks.
    bundled!("pivot-en-es", "en", "es"),
    bundled!("pivot-en-fr", "en", "fr"),
    bundled!("pivot-en-it", "en", "it"),
    bundled!("pivot-en-pt", "en", "pt"),
    bundled!("pivot-en-nl", "en", "nl"),
    bundled!("pivot-en-sv", "en", "sv"),
    bundled!("pivot-en-nb", "en", "nb", inverted),
    bundled!("pivot-en-id", "en", "id", inverted),
    // ... and those of the dictionaries into English, the same way.
    bundled!("pivot-es-en", "es", "en"),
    bundled!("pivot-fr-en", "fr", "en"),
    bundled!("pivot-it-en", "it", "en"),
    bundled!("pivot-pt-en", "pt", "en"),
    bundled!("pivot-nl-en", "nl", "en"),
    bundled!("pivot-sv-en", "sv", "en"),
    // A second opinion over every headword where the dictionary above is old
    // (Mueller 7: `file` → очередь, no `файл`) or ranks senses in no order of
    // use (WikDict's eng-jpn, eng-bul): the weights of both add up.
    bundled!("pivot-en-ru", "en", "ru"),
    bundled!("pivot-en-ja", "en", "ja"),
    bundled!("pivot-en-bg", "en", "bg", inverted),
    bundled!("pivot-en-de", "en", "de"),
    bundled!("pivot-en-fi", "en", "fi"),
    bundled!("pivot-ru-en", "ru", "en"),
    bundled!("pivot-ja-en", "ja", "en"),
    bundled!("pivot-pl-en", "pl", "en", inverted),
    bundled!("pivot-el-en", "el", "en", inverted),
    bundled!("pivot-de-en", "de", "en"),
    // Names of countries, languages, months and weekdays from the Unicode CLDR
    // (`scripts/build_names.py`), beside each dictionary into English.
    bundled!("cldr-de-en", "de", "en"),
    bundled!("cldr-fr-en", "fr", "en"),
    bundled!("cldr-es-en", "es", "en"),
    bundled!("cldr-it-en", "it", "en"),
    bundled!("cldr-pt-en", "pt", "en"),
    bundled!("cldr-ru-en", "ru", "en"),
    bundled!("cldr-nl-en", "nl", "en"),
    bundled!("cldr-sv-en", "sv", "en"),
    bundled!("cldr-tr-en", "tr", "en"),
    bundled!("cldr-ar-en", "ar", "en"),
    bundled!("cldr-hi-en", "hi", "en"),
    bundled!("cldr-cs-en", "cs", "en"),
    bundled!("cldr-el-en", "el", "en", inverted),
    bundled!("cldr-fi-en", "fi", "en"),
    bundled!("cldr-pl-en", "pl", "en", inverted),
    bundled!("cldr-ja-en", "ja", "en"),
    bundled!("cldr-zh_Hans-en", "zh-Hans", "en", inverted),
    // ... and from English, beside each dictionary from English that is not an
    // inversion (bg, id and nb are inverted in turn, into English).
    bundled!("cldr-en-de", "en", "de"),
    bundled!("cldr-en-fr", "en", "fr"),
    bundled!("cldr-en-es", "en", "es"),
    bundled!("cldr-en-it", "en", "it"),
    bundled!("cldr-en-pt", "en", "pt"),
    bundled!("cldr-en-ru", "en", "ru"),
    bundled!("cldr-en-nl", "en", "nl"),
    bundled!("cldr-en-sv", "en", "sv"),
    bundled!("cldr-en-tr", "en", "tr"),
    bundled!("cldr-en-ar", "en", "ar"),
    bundled!("cldr-en-hi", "en", "hi"),
    bundled!("cldr-en-cs", "en", "cs"),
    bundled!("cldr-en-fi", "en", "fi"),
    bundled!("cldr-en-ja", "en", "ja"),
    bundled!("cldr-en-bg", "en", "bg", inverted),
    bundled!("cldr-en-id", "en", "id", inverted),
    bundled!("cldr-en-nb", "en", "nb", inverted),
];

impl Bundled {
    /// Whether its inversion is bundled (no bundled dictionary goes the other way).
    pub fn is_inverted(&self) -> bool {
        self.inverse.is_some()
    }
}

/// Word frequencies by language (fst maps built from assets/dict/freq-*.tsv.gz:
/// see `freq` and assets/dict/ATTRIBUTION.md).
macro_rules! freq_lists {
    ($($lang:literal),* $(,)?) => {
        &[$(($lang, include_bytes!(concat!("../../../assets/dict/freq-", $lang, ".fst")))),*]
    };
}

pub(crate) static FREQUENCIES: &[(&str, &[u8])] = freq_lists!(
    "ar", "bg", "cs", "de", "el", "en", "es", "fi", "fr", "hi", "id", "it", "ja", "nb", "nl", "pl", "pt",
    "ru", "sv", "tr", "zh-Hans",
);

/// ISO 639-3 codes of FreeDict file names → the service's language codes.
const ISO3: &[(&str, &str)] = &[
    ("afr", "af"),
    ("ara", "ar"),
    ("bre", "br"),
    ("bul", "bg"),
    ("cat", "ca"),
    ("ces", "cs"),
    ("cym", "cy"),
    ("dan", "da"),
    ("deu", "de"),
    ("ell", "el"),
    ("eng", "en"),
    ("epo", "eo"),
    ("est", "et"),
    ("eus", "eu"),
    ("fas", "fa"),
    ("fin", "fi"),
    ("fra", "fr"),
    ("gla", "gd"),
    ("gle", "ga"),
    ("glg", "gl"),
    ("heb", "he"),
    ("hin", "hi"),
    ("hrv", "hr"),
    ("hun", "hu"),
    ("hye", "hy"),
    ("ind", "id"),
    ("isl", "is"),
    ("ita", "it"),
    ("jpn", "ja"),
    ("kat", "ka"),
    ("kor", "ko"),
    ("kur", "kmr"),
    ("lat", "la"),
    ("lav", "lv"),
    ("lit", "lt"),
    ("mkd", "mk"),
    ("nld", "nl"),
    ("nno", "nn"),
    ("nob", "nb"),
    ("nor", "nb"),
    ("oci", "oc"),
    ("pol", "pl"),
    ("por", "pt"),
    ("ron", "ro"),
    ("rus", "ru"),
    ("slk", "sk"),
    ("slv", "sl"),
    ("spa", "es"),
    ("sqi", "sq"),
    ("swe", "sv"),
    ("swh", "sw"),
    ("tha", "th"),
    ("tur", "tr"),
    ("ukr", "uk"),
    ("vie", "vi"),
    ("zho", "zh-Hans"),
];

/// The service's language code for an ISO 639-3 code (FreeDict and Apertium
/// name their data with them); two-letter codes pass through when known.
pub fn iso3_code(iso: &str) -> Option<&'static str> {
    ISO3.iter()
        .find(|(k, c)| *k == iso || (iso.len() == 2 && *c == iso))
        .map(|(_, c)| *c)
}

/// A frequency list, opened on first use (`None` when unreadable).
type LazyList = OnceLock<Option<Frequencies>>;

/// All dictionaries.
pub struct Library {
    sources: Vec<Source>,
    /// Parsed entries of recent look-ups: (from, to, key) → entries.
    cache: Mutex<FxHashMap<(String, String, String), Parsed>>,
    frequencies: Vec<(&'static str, &'static [u8], LazyList)>,
}

impl Library {
    /// The bundled dictionaries, plus those in `/usr/share/dictd` and in the
    /// directory named by `GLOSSA_DICTD_DIR`.
    pub fn global() -> &'static Library {
        static LIB: OnceLock<Library> = OnceLock::new();
        LIB.get_or_init(|| {
            let mut lib = Library::bundled();
            lib.discover(Path::new("/usr/share/dictd"));
            if let Some(dir) = std::env::var_os("GLOSSA_DICTD_DIR") {
                lib.discover(Path::new(&dir));
            }
            lib
        })
    }

    /// Only the bundled dictionaries.
    pub fn bundled() -> Library {
        let sources = BUNDLED
            .iter()
            .map(|b| Source::embedded(b.from, b.to, b.direct, b.inverse))
            .collect();
        Library::with(sources)
    }

    /// The bundled dictionaries read from their dictd sources in `dir`
    /// (`<stem>.index.gz`, `<stem>.dict.dz`) and inverted on first use, as
    /// releases before the GLD format did: the reference the GLD files are
    /// checked against (tests, the converter, benches/dictionary.rs).
    pub fn bundled_from_dictd(dir: &Path) -> Library {
        let sources = BUNDLED
            .iter()
            .map(|b| Source::dictd(b.from, b.to, dir.join(b.stem)))
            .collect();
        Library::with(sources)
    }

    fn with(sources: Vec<Source>) -> Library {
        let frequencies = FREQUENCIES
            .iter()
            .map(|&(l, b)| (l, b, OnceLock::new()))
            .collect();
        Library {
            sources,
            frequencies,
            cache: Mutex::new(FxHashMap::default()),
        }
    }

    /// How often a word (normalized) occurs in the language's frequency list; 0 if
    /// it is not there or the language has none.
    pub fn frequency(&self, language: &str, word: &str) -> u32 {
        self.frequencies_of(language)
            .and_then(|list| list.get(word))
            .unwrap_or(0)
    }

    /// The language's frequency list, opened on first use.
    pub fn frequencies_of(&self, language: &str) -> Option<&Frequencies> {
        self.frequencies
            .iter()
            .find(|(l, _, _)| l.eq_ignore_ascii_case(language))
            .and_then(|(l, bytes, list)| {
                list.get_or_init(|| {
                    Frequencies::embedded(bytes)
                        .inspect_err(|e| tracing::warn!("word frequencies of {l} unreadable: {e}"))
                        .ok()
                })
                .as_ref()
            })
    }

    /// Adds the `freedict-XXX-YYY` dictd dictionaries of a directory whose
    /// languages are known. Returns how many were added.
    pub fn discover(&mut self, dir: &Path) -> usize {
        let Ok(read) = std::fs::read_dir(dir) else {
            return 0;
        };
        let mut found: Vec<(String, String, PathBuf)> = read
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                let stem = name
                    .strip_suffix(".index")
                    .or_else(|| name.strip_suffix(".index.gz"))?;
                let (a, b) = stem.strip_prefix("freedict-")?.split_once('-')?;
                let code = |iso: &str| iso3_code(iso).map(str::to_owned);
                Some((code(a)?, code(b)?, dir.join(stem)))
            })
            .collect();
        found.sort();
        let before = self.sources.len();
        for (from, to, base) in found {
            let bundled = self.sources.iter().any(|s| s.from == from && s.to == to);
            if !bundled {
                self.sources.push(Source::dictd(&from, &to, base));
            }
        }
        self.sources.len() - before
    }

    /// Every (from, to) pair with data, direct or by inversion, sorted.
    pub fn pairs(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .sources
            .iter()
            .flat_map(|s| [(s.from.clone(), s.to.clone()), (s.to.clone(), s.from.clone())])
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Every language of some pair, sorted.
    pub fn languages(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .sources
            .iter()
            .flat_map(|s| [s.from.as_str(), s.to.as_str()])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether the pair has data (codes matched without case).
    pub fn has_pair(&self, from: &str, to: &str) -> bool {
        self.pair(from, to).is_some()
    }

    /// The canonical spelling of a pair with data.
    pub fn pair(&self, from: &str, to: &str) -> Option<(&str, &str)> {
        self.sources.iter().find_map(|s| {
            if s.from.eq_ignore_ascii_case(from) && s.to.eq_ignore_ascii_case(to) {
                Some((s.from.as_str(), s.to.as_str()))
            } else if s.to.eq_ignore_ascii_case(from) && s.from.eq_ignore_ascii_case(to) {
                Some((s.to.as_str(), s.from.as_str()))
            } else {
                None
            }
        })
    }

    /// The entries for a term from→to: from the dictionaries going that way,
    /// else from the inverse of those going the other way.
    pub fn entries(&self, from: &str, to: &str, term: &str) -> Arc<Vec<Entry>> {
        let key = normalize(term);
        let cache_key = (from.to_owned(), to.to_owned(), key);
        if let Some(hit) = self.cache.lock().ok().and_then(|c| c.get(&cache_key).cloned()) {
            return hit;
        }
        let key = &cache_key.2;
        let direct: Vec<&Source> = self
            .sources
            .iter()
            .filter(|s| same(&s.from, from) && same(&s.to, to))
            .collect();
        let mut out: Vec<Entry> = direct.iter().flat_map(|s| s.entries(key)).collect();
        // Inversion serves the pairs no dictionary goes along.
        if direct.is_empty() {
            for s in self
                .sources
                .iter()
                .filter(|s| same(&s.from, to) && same(&s.to, from))
            {
                out.extend(s.inverse_entries(key));
            }
        }
        out.retain(|e| !e.senses.is_empty());
        // The grammatical words no dictionary has (`jag`, `del`) come from our
        // table; from English, only once no base form is a headword either
        // (`lookup`), so that `was` stays the entry of `be`.
        if out.is_empty() && super::grammar::base(to) == "en" {
            out = super::grammar::entries(from, to, key);
        }
        let out = Arc::new(out);
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() >= CACHE_CAP {
                cache.clear();
            }
            cache.insert(cache_key, out.clone());
        }
        out
    }

    /// Whether a term (a word or a phrase) is a headword from→to.
    pub fn contains(&self, from: &str, to: &str, term: &str) -> bool {
        let key = normalize(term);
        let mut direct = self
            .sources
            .iter()
            .filter(|s| same(&s.from, from) && same(&s.to, to))
            .peekable();
        if direct.peek().is_some() {
            return direct.any(|s| s.contains(&key));
        }
        self.sources
            .iter()
            .filter(|s| same(&s.from, to) && same(&s.to, from))
            .any(|s| s.inverse_contains(&key))
    }

    /// Whether `word` is an English word: the largest bundled English
    /// headword list (Ding's, en→de) stands for the language's vocabulary.
    pub fn is_english_word(&self, word: &str) -> bool {
        self.contains("en", "de", word)
    }

    /// Whether English `word` is a negative prefix before an English word of
    /// at least `min_chars` characters: `invalid`, `unknown`, `illegal`,
    /// `disallow`, `nonempty` (`display` would count too with a short
    /// `min_chars`; callers look only at words that are likely negations).
    pub fn has_negative_prefix(&self, word: &str, min_chars: usize) -> bool {
        NEGATIVE_PREFIXES.iter().any(|p| {
            word.strip_prefix(p)
                .is_some_and(|rest| rest.chars().count() >= min_chars && self.is_english_word(rest))
        })
    }
}

/// English prefixes that negate the word they open.
pub const NEGATIVE_PREFIXES: &[&str] = &["un", "in", "im", "il", "ir", "non", "dis"];

fn same(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}
