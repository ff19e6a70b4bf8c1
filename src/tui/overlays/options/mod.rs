//! The Translate options: what the user chose ([`TranslateOptions`], remembered between
//! runs) and the popup that edits it ([`OptionsPopup`], in `options/popup.rs`).
//!
//! # Data flow
//!
//! The app keeps one `TranslateOptions` (loaded from, and saved to, the user's state
//! file with serde). The options key opens `OptionsPopup::new(&options)`; keys go to
//! [`OptionsPopup::handle`] until it returns [`PopupOutcome::Closed`] with the new
//! options, which the app stores. Every translate request goes through
//! [`TranslateOptions::apply`], which adds the targets and sets only what differs from
//! the service's own defaults, so requests stay minimal.

mod draw;
mod overlay;
mod popup;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};

pub use popup::{OptionsPopup, PopupOutcome};

use crate::api::params::{ProfanityAction, ProfanityMarker, TextType, is_script_code};
use crate::client::ops::Translate;

/// The service's category when none is given.
pub const GENERAL: &str = "general";

/// Translate parameters the user sets once and keeps (spec §4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TranslateOptions {
    #[serde(with = "ProfanityActionDef")]
    pub profanity_action: ProfanityAction,
    /// Used only with [`ProfanityAction::Marked`].
    #[serde(with = "ProfanityMarkerDef")]
    pub profanity_marker: ProfanityMarker,
    #[serde(with = "TextTypeDef")]
    pub text_type: TextType,
    /// Ask for word alignment (the workbench's highlighting needs it). Never sent with
    /// HTML, for which the service has none.
    pub include_alignment: bool,
    pub include_sentence_length: bool,
    /// `general`, or the category id of a deployed custom system.
    #[serde(deserialize_with = "de_category")]
    pub category: String,
    /// The source assumed when detection fails.
    #[serde(deserialize_with = "de_suggested")]
    pub suggested_from: Option<String>,
    /// Target code → script to write that target in (`toScript`).
    #[serde(deserialize_with = "de_scripts")]
    pub to_script: BTreeMap<String, String>,
}

impl Default for TranslateOptions {
    fn default() -> Self {
        Self {
            profanity_action: ProfanityAction::NoAction,
            profanity_marker: ProfanityMarker::Asterisk,
            text_type: TextType::Plain,
            include_alignment: true,
            include_sentence_length: true,
            category: GENERAL.to_owned(),
            suggested_from: None,
            to_script: BTreeMap::new(),
        }
    }
}

impl TranslateOptions {
    /// Adds `targets` to `call` (each once: with its script when every target has one,
    /// see [`TranslateOptions::script_problem`]) and sets the parameters that differ
    /// from the service's defaults. Do not add the targets with `.to(..)` as well.
    pub fn apply(&self, mut call: Translate, targets: &[String]) -> Translate {
        let scripts = self.scripts(targets);
        for (i, target) in targets.iter().enumerate() {
            call = match scripts.as_ref().and_then(|s| s.get(i)) {
                Some(script) => call.to_script(target, *script),
                None => call.to(target),
            };
        }
        if self.text_type == TextType::Html {
            call = call.text_type(TextType::Html);
        }
        if !self.category.eq_ignore_ascii_case(GENERAL) {
            call = call.category(&self.category);
        }
        match self.profanity_action {
            ProfanityAction::NoAction => {}
            // The marker is not applicable otherwise; the default one is not sent.
            ProfanityAction::Marked => call = call.profanity(ProfanityAction::Marked, self.profanity_marker),
            ProfanityAction::Deleted => {
                call = call.profanity(ProfanityAction::Deleted, ProfanityMarker::Asterisk);
            }
        }
        if self.include_alignment && self.text_type == TextType::Plain {
            call = call.include_alignment(true);
        }
        if self.include_sentence_length {
            call = call.include_sentence_length(true);
        }
        if let Some(from) = &self.suggested_from {
            call = call.suggested_from(from);
        }
        call
    }

    /// The script chosen for `target` (codes compared without regard to case).
    pub fn script_of(&self, target: &str) -> Option<&str> {
        self.to_script
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case(target))
            .map(|(_, s)| s.as_str())
    }

    /// One script per target, or `None`: `toScript` is all or nothing (400070 when the
    /// counts differ), so scripts are sent only when every target has one.
    fn scripts(&self, targets: &[String]) -> Option<Vec<&str>> {
        let scripts: Option<Vec<&str>> = targets.iter().map(|t| self.script_of(t)).collect();
        scripts.filter(|s| !s.is_empty())
    }

    /// The targets of each request a translation into `targets` takes: one, unless
    /// some targets have a script and others none. `toScript` goes with every `to` of
    /// a request or with none (400070), and a language the service names no script
    /// of (e.g. `nb`, outside the transliteration scope) cannot be given its own; so
    /// the targets with a script go in a request of their own, the others in another,
    /// and the answers are merged ([`crate::tui::tabs::translate::merge`]).
    pub fn calls(&self, targets: &[String]) -> Vec<Vec<String>> {
        let (with, without): (Vec<String>, Vec<String>) =
            targets.iter().cloned().partition(|t| self.script_of(t).is_some());
        if with.is_empty() || without.is_empty() {
            return vec![targets.to_vec()];
        }
        vec![with, without]
    }

    /// Why the chosen scripts are not sent for `targets`, if they are not: some targets
    /// have a script and others none. For the status line.
    pub fn script_problem(&self, targets: &[String]) -> Option<String> {
        let missing: Vec<&str> = targets
            .iter()
            .filter(|t| self.script_of(t).is_none())
            .map(String::as_str)
            .collect();
        let some = targets.iter().any(|t| self.script_of(t).is_some());
        (some && !missing.is_empty()).then(|| {
            format!(
                "target scripts are not sent: {} has none (the service needs one per target)",
                missing.join(", ")
            )
        })
    }
}

/// A category the service accepts: the shape `api::params` checks (ASCII
/// letters, digits, `-` and `_`, at most 128), with the reason when not.
pub fn check_category(s: &str) -> Result<(), String> {
    if s.is_empty() {
        return Err("the category cannot be empty (general is the default)".into());
    }
    if s.chars().count() > 128 {
        return Err("a category id has at most 128 characters".into());
    }
    if !crate::api::params::is_category(s) {
        return Err("a category id has only letters, digits, - and _".into());
    }
    Ok(())
}

/// A plausible language tag: letters, digits and single `-` between them, at most 20
/// characters, starting with a letter (`de`, `zh-Hans`, `sr-Latn`).
pub fn check_language(s: &str) -> Result<(), String> {
    if crate::api::params::is_language_code(s) {
        Ok(())
    } else {
        Err(format!(
            "{s:?} is not a language code (letters, digits and '-', at most 20, e.g. de or zh-Hans)"
        ))
    }
}

// Serde mirrors of the contract's enums (which are not serde types themselves).

#[derive(Serialize, Deserialize)]
#[serde(remote = "ProfanityAction")]
enum ProfanityActionDef {
    NoAction,
    Marked,
    Deleted,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "ProfanityMarker")]
enum ProfanityMarkerDef {
    Asterisk,
    Tag,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "TextType", rename_all = "lowercase")]
enum TextTypeDef {
    Plain,
    Html,
}

// A remembered file is checked like typed input, so a hand-edited value cannot reach a
// request.

fn de_category<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    check_category(&s).map_err(serde::de::Error::custom)?;
    Ok(s)
}

fn de_suggested<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let s = Option::<String>::deserialize(d)?;
    if let Some(s) = &s {
        check_language(s).map_err(serde::de::Error::custom)?;
    }
    Ok(s)
}

fn de_scripts<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    let map = BTreeMap::<String, String>::deserialize(d)?;
    for (target, script) in &map {
        check_language(target).map_err(serde::de::Error::custom)?;
        if !is_script_code(script) {
            return Err(serde::de::Error::custom(format!(
                "{script:?} is not a script code (four letters, e.g. Latn)"
            )));
        }
    }
    Ok(map)
}
