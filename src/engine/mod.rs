//! The offline language engine: everything Glossa knows about text itself, with no
//! network and no other part of the crate involved.
//!
//! - [`text`]: UTF-16 lengths and offsets (the real service is .NET: every length and
//!   index it reports counts UTF-16 code units).
//! - [`detect`]: language detection — a Unicode-script pre-pass, then `whatlang`
//!   (restricted to the languages of the script) helped by common-word lists.
//! - [`segment`]: sentence breaking — `sentencex` (abbreviation aware, ~30 languages),
//!   ICU4X's UAX #29 rules for everything else.
//! - [`names`]: CLDR display names of languages and scripts, writing direction.
//! - [`script`]: Unicode script of a letter, Simplified/Traditional Chinese evidence.
//! - [`dict`]: bilingual dictionaries (bundled FreeDict, CC-CEDICT, EDICT in dictd
//!   format, plus dictd dictionaries installed on the machine); lookup with confidences
//!   and back-translations.
//! - [`gloss`]: word-by-word translation through the dictionaries, exact alignment.
//! - [`examples`]: dictionary/examples from real zh–en sentence pairs (hsk-sentences-audio).
//! - [`markup`]: translate's input cut into text, kept markup (html, notranslate) and
//!   dynamic-dictionary entries.
//! - [`profanity`]: LDNOOBW word lists per language; profanityAction / profanityMarker.
//! - [`translit`]: transliteration between the scripts of a language (ICU4X CLDR
//!   transforms, CC-CEDICT and EDICT word readings, Thai rules); its `scope` lists
//!   exactly what works.
//!
//! Nothing here panics on any input, and nothing here depends on the rest of the crate.

pub mod apertium;
pub mod detect;
pub mod dict;
pub mod evidence;
pub mod examples;
pub mod fold;
pub mod gloss;
mod langmap;
pub mod lemma;
pub mod markup;
pub mod names;
pub mod ngrams;
pub mod profanity;
mod resident;
pub mod script;
pub mod segment;
pub mod text;
pub mod tokens;
pub mod translit;
mod trigrams;
mod variants;
mod words;

pub use detect::{DetectOutcome, Detection, detect, detectable_languages};
pub use names::{Dir, language_dir, language_name, native_name, script_dir, script_name};
pub use segment::{has_abbreviation_rules, sentence_lengths};
pub use text::utf16_len;
