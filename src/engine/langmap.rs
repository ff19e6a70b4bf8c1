//! Tables linking scripts, whatlang languages and the Translator's language codes.

use super::script::Script;
use whatlang::Lang;

/// Scripts whatlang does not know that are written by a single Translator language.
pub const SCRIPT_DECIDED: &[(Script, &str)] = &[
    (Script::Thaana, "dv"),
    (Script::Tibetan, "bo"),
    (Script::Lao, "lo"),
    (Script::CanadianSyllabics, "iu"),
    (Script::Mongolian, "mn-Mong"),
];

/// Letters that, within a script shared by several languages, only one of them uses.
/// Checked in order: the first row whose script is the text's dominant script and
/// one of whose letters occurs in the text decides.
pub const LETTER_DECIDED: &[(Script, &str, &str)] = &[
    (Script::Bengali, "ৰৱ", "as"),
    (Script::Devanagari, "ळ", "mr"),
    (Script::Latin, "ĉĝĥĵŝŭĈĜĤĴŜŬ", "eo"),
    (Script::Latin, "őűŐŰ", "hu"),
    (Script::Latin, "șțȘȚ", "ro"),
    (Script::Latin, "ļņķģĻŅĶĢ", "lv"),
    (Script::Latin, "ėįųĖĮŲ", "lt"),
    (Script::Latin, "əƏ", "az"),
    (
        Script::Latin,
        "ơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹƠƯ",
        "vi",
    ),
    (Script::Cyrillic, "ўЎ", "be"),
    (Script::Cyrillic, "їєґЇЄҐ", "uk"),
    (Script::Cyrillic, "ђћЂЋ", "sr-Cyrl"),
    (Script::Cyrillic, "ѓќѕЃЌЅ", "mk"),
    (Script::Hebrew, "ײױװ", "yi"),
    (Script::Arabic, "ٹڈڑںے", "ur"),
    (Script::Cyrillic, "ҷӣӯҶӢӮ", "tg"),
    (Script::Cyrillic, "қғұҚҒҰ", "kk"),
    (Script::Cyrillic, "җәҖӘ", "tt"),
    (Script::Cyrillic, "ңҢ", "ky"),
    (Script::Cyrillic, "өүӨҮ", "mn-Cyrl"),
    // Kazakh's other letters, once і has ruled out Tatar, Kyrgyz and Mongolian.
    (Script::Cyrillic, "әңөүһӘҢӨҮҺ", "kk"),
    (Script::Arabic, "ټډړږښګڼځڅۍ", "ps"),
    (Script::Arabic, "ڄڃٺٽٿڀڙڪڳڱڻڦڊڏڌڍ", "sd"),
    (Script::Arabic, "ڕڵێ", "ckb"),
    (Script::Arabic, "ۇۈۋېۆ", "ug"),
];

/// Letters a language never writes: a text with one of them is not in it
/// (Russian has no і, Belarusian no и, Serbian and Macedonian no щ ъ ы ь э ю я й ё).
pub const EXCLUDED: &[(&str, &str)] = &[
    ("ru", "іїєґўІЇЄҐЎ"),
    ("uk", "ыэёъЫЭЁЪ"),
    ("be", "ищъИЩЪ"),
    ("bg", "ыэёЫЭЁ"),
    ("sr-Cyrl", "щъыьэюяйёЩЪЫЬЭЮЯЙЁ"),
    ("mk", "щъыьэюяйёЩЪЫЬЭЮЯЙЁ"),
    ("tt", "іІ"),
    ("ky", "іІ"),
    ("mn-Cyrl", "іІ"),
];

/// The distinct non-ASCII characters of `text`, sorted: every letter the
/// tables above name is one, so they are checked against this set (usually
/// empty or small) rather than against the whole text.
pub fn rare_chars(text: &str) -> Vec<char> {
    let mut rare: Vec<char> = Vec::new();
    for c in text.chars().filter(|c| !c.is_ascii()) {
        if let Err(i) = rare.binary_search(&c) {
            rare.insert(i, c);
        }
    }
    rare
}

/// Whether `letters` has a character of `rare` (a set from [`rare_chars`]).
pub fn has_any(rare: &[char], letters: &str) -> bool {
    !rare.is_empty() && letters.chars().any(|c| rare.binary_search(&c).is_ok())
}

/// Whether a text, by its [`rare_chars`], has a letter the language `code` never writes.
pub fn excluded(code: &str, rare: &[char]) -> bool {
    EXCLUDED
        .iter()
        .any(|(c, letters)| *c == code && has_any(rare, letters))
}

/// The whatlang languages written in `script` (empty for scripts whatlang does not know
/// and for Han, Hangul and kana, which the pre-pass handles itself).
pub fn script_languages(script: Script) -> Vec<Lang> {
    use whatlang::Script as W;
    let w = match script {
        Script::Latin => W::Latin,
        Script::Cyrillic => W::Cyrillic,
        Script::Arabic => W::Arabic,
        Script::Devanagari => W::Devanagari,
        Script::Hebrew => W::Hebrew,
        Script::Bengali => W::Bengali,
        Script::Georgian => W::Georgian,
        Script::Greek => W::Greek,
        Script::Kannada => W::Kannada,
        Script::Tamil => W::Tamil,
        Script::Thai => W::Thai,
        Script::Gujarati => W::Gujarati,
        Script::Gurmukhi => W::Gurmukhi,
        Script::Telugu => W::Telugu,
        Script::Malayalam => W::Malayalam,
        Script::Oriya => W::Oriya,
        Script::Myanmar => W::Myanmar,
        Script::Sinhala => W::Sinhala,
        Script::Khmer => W::Khmer,
        Script::Ethiopic => W::Ethiopic,
        Script::Armenian => W::Armenian,
        _ => return Vec::new(),
    };
    w.langs().to_vec()
}

/// The Translator's code for a whatlang language.
pub fn from_whatlang(lang: Lang) -> &'static str {
    use Lang::*;
    match lang {
        Epo => "eo",
        Eng => "en",
        Rus => "ru",
        Cmn => "zh-Hans",
        Spa => "es",
        Por => "pt",
        Ita => "it",
        Ben => "bn",
        Fra => "fr",
        Deu => "de",
        Ukr => "uk",
        Kat => "ka",
        Ara => "ar",
        Hin => "hi",
        Jpn => "ja",
        Heb => "he",
        Yid => "yi",
        Pol => "pl",
        Amh => "am",
        Jav => "jv",
        Kor => "ko",
        Nob => "nb",
        Dan => "da",
        Swe => "sv",
        Fin => "fi",
        Tur => "tr",
        Nld => "nl",
        Hun => "hu",
        Ces => "cs",
        Ell => "el",
        Bul => "bg",
        Bel => "be",
        Mar => "mr",
        Kan => "kn",
        Ron => "ro",
        Slv => "sl",
        Hrv => "hr",
        Srp => "sr-Cyrl",
        Mkd => "mk",
        Lit => "lt",
        Lav => "lv",
        Est => "et",
        Tam => "ta",
        Vie => "vi",
        Urd => "ur",
        Tha => "th",
        Guj => "gu",
        Uzb => "uz",
        Pan => "pa",
        Aze => "az",
        Ind => "id",
        Tel => "te",
        Pes => "fa",
        Mal => "ml",
        Ori => "or",
        Mya => "my",
        Nep => "ne",
        Sin => "si",
        Khm => "km",
        Tuk => "tk",
        Aka => "ak",
        Zul => "zu",
        Sna => "sn",
        Afr => "af",
        Lat => "la",
        Slk => "sk",
        Cat => "ca",
        Tgl => "fil",
        Hye => "hy",
        Cym => "cy",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_whatlang_language_has_a_distinct_code() {
        let mut codes: Vec<&str> = Lang::all().iter().map(|l| from_whatlang(*l)).collect();
        let n = codes.len();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), n);
        assert_eq!(n, 70);
    }

    #[test]
    fn shared_scripts_have_several_languages() {
        assert!(script_languages(Script::Latin).len() > 30);
        assert_eq!(script_languages(Script::Greek), vec![Lang::Ell]);
        assert!(script_languages(Script::Han).is_empty());
    }
}
