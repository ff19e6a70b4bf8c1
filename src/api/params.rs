//! Query parameters of every operation, as types (spec §4).
//!
//! `parse` turns decoded query pairs into a typed value (names matched without
//! regard to case, as ASP.NET binds them) or the documented error code;
//! `to_query` gives the pairs a client sends. Whether a language or script is
//! *supported* is the service's business, not checked here.

use super::error::ErrorCode;

/// The only API version.
pub const API_VERSION: &str = "3.0";

/// Decoded query pairs with case-insensitive look-up.
#[derive(Clone, Copy, Debug)]
pub struct Query<'a>(pub &'a [(String, String)]);

impl<'a> Query<'a> {
    /// The first value of `name`; an empty value counts as absent.
    pub fn get(&self, name: &str) -> Option<&'a str> {
        self.all(name).into_iter().find(|v| !v.is_empty())
    }

    /// Every value of `name`, in order.
    pub fn all(&self, name: &str) -> Vec<&'a str> {
        self.0
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Every item of `name`: the parameter repeated and/or each value a
    /// comma-separated list (`to=cs,es&to=de`, as the JS SDK sends it), items
    /// trimmed, in order. An empty item stays, for the caller to refuse.
    pub fn list(&self, name: &str) -> Vec<&'a str> {
        self.all(name)
            .into_iter()
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect()
    }

    /// `api-version` must be `3.0` (400021).
    pub fn check_api_version(&self) -> Result<(), ErrorCode> {
        match self.get("api-version") {
            Some(API_VERSION) => Ok(()),
            _ => Err(ErrorCode::InvalidApiVersion),
        }
    }

    fn flag(&self, name: &str, default: bool) -> Result<bool, ErrorCode> {
        match self.get(name) {
            None => Ok(default),
            Some(v) if v.eq_ignore_ascii_case("true") => Ok(true),
            Some(v) if v.eq_ignore_ascii_case("false") => Ok(false),
            Some(_) => Err(ErrorCode::InvalidRequest),
        }
    }

    fn choice<T: Copy>(
        &self,
        name: &str,
        options: &[(&str, T)],
        default: T,
        err: ErrorCode,
    ) -> Result<T, ErrorCode> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => options
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(v))
                .map(|(_, t)| *t)
                .ok_or(err),
        }
    }
}

/// `textType`
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TextType {
    #[default]
    Plain,
    Html,
}

/// `profanityAction`
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProfanityAction {
    #[default]
    NoAction,
    Marked,
    Deleted,
}

/// `profanityMarker`
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProfanityMarker {
    #[default]
    Asterisk,
    Tag,
}

/// Whether `s` has the shape of an ISO 15924 script code (`Latn`).
pub fn is_script_code(s: &str) -> bool {
    s.len() == 4 && s.bytes().all(|b| b.is_ascii_alphabetic())
}

/// Whether `s` has the shape of a language code (letters, digits and `-`, at most 20,
/// starting with a letter: `de`, `zh-Hans`, `sr-Latn`).
pub fn is_language_code(s: &str) -> bool {
    (1..=20).contains(&s.len())
        && s.starts_with(|c: char| c.is_ascii_alphabetic())
        && s.split('-')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// Whether `s` has the shape of a custom category id (letters, digits, `-`, `_`).
pub fn is_category(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 128
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Parameters of translate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TranslateParams {
    /// One or more targets (`to` repeated, comma-separated, or both).
    pub to: Vec<String>,
    /// Source language; `None` asks for detection.
    pub from: Option<String>,
    pub text_type: TextType,
    /// `None` is the general system.
    pub category: Option<String>,
    pub profanity_action: ProfanityAction,
    pub profanity_marker: ProfanityMarker,
    pub include_alignment: bool,
    pub include_sentence_length: bool,
    pub suggested_from: Option<String>,
    pub from_script: Option<String>,
    /// Either empty or one script per target.
    pub to_script: Vec<String>,
    /// `None` means the default, true.
    pub allow_fallback: Option<bool>,
}

impl TranslateParams {
    pub fn parse(q: Query<'_>) -> Result<Self, ErrorCode> {
        let to: Vec<String> = q.list("to").into_iter().map(str::to_owned).collect();
        if to.is_empty() || to.iter().any(String::is_empty) {
            return Err(ErrorCode::InvalidTo);
        }
        let to_script: Vec<String> = q.list("toScript").into_iter().map(str::to_owned).collect();
        if !to_script.is_empty() && to_script.len() != to.len() {
            return Err(ErrorCode::ToScriptCountMismatch);
        }
        if to_script.iter().any(|s| !is_script_code(s)) {
            return Err(ErrorCode::InvalidToScript);
        }
        let from_script = q.get("fromScript").map(str::to_owned);
        if from_script.as_deref().is_some_and(|s| !is_script_code(s)) {
            return Err(ErrorCode::InvalidFromScript);
        }
        let category = match q.get("category") {
            Some(c) if !is_category(c) => return Err(ErrorCode::InvalidCategory),
            Some(c) if c.eq_ignore_ascii_case("general") => None,
            c => c.map(str::to_owned),
        };
        let text_type = q.choice(
            "textType",
            &[("plain", TextType::Plain), ("html", TextType::Html)],
            TextType::Plain,
            ErrorCode::InvalidTextType,
        )?;
        let profanity_action = q.choice(
            "profanityAction",
            &[
                ("NoAction", ProfanityAction::NoAction),
                ("Marked", ProfanityAction::Marked),
                ("Deleted", ProfanityAction::Deleted),
            ],
            ProfanityAction::NoAction,
            ErrorCode::InvalidRequest,
        )?;
        let profanity_marker = q.choice(
            "profanityMarker",
            &[
                ("Asterisk", ProfanityMarker::Asterisk),
                ("Tag", ProfanityMarker::Tag),
            ],
            ProfanityMarker::Asterisk,
            ErrorCode::InvalidRequest,
        )?;
        let allow_fallback = match q.get("allowFallback") {
            None => None,
            Some(_) => Some(q.flag("allowFallback", true)?),
        };
        Ok(Self {
            to,
            from: q.get("from").map(str::to_owned),
            text_type,
            category,
            profanity_action,
            profanity_marker,
            include_alignment: q.flag("includeAlignment", false)?,
            include_sentence_length: q.flag("includeSentenceLength", false)?,
            suggested_from: q.get("suggestedFrom").map(str::to_owned),
            from_script,
            to_script,
            allow_fallback,
        })
    }

    /// The pairs a client sends (after `api-version`); defaults are left out.
    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        let mut q: Vec<(&'static str, String)> = self.to.iter().map(|t| ("to", t.clone())).collect();
        let mut opt = |name, v: &Option<String>| {
            if let Some(v) = v {
                q.push((name, v.clone()));
            }
        };
        opt("from", &self.from);
        opt("category", &self.category);
        opt("suggestedFrom", &self.suggested_from);
        opt("fromScript", &self.from_script);
        if self.text_type == TextType::Html {
            q.push(("textType", "html".into()));
        }
        match self.profanity_action {
            ProfanityAction::NoAction => {}
            ProfanityAction::Marked => q.push(("profanityAction", "Marked".into())),
            ProfanityAction::Deleted => q.push(("profanityAction", "Deleted".into())),
        }
        if self.profanity_marker == ProfanityMarker::Tag {
            q.push(("profanityMarker", "Tag".into()));
        }
        if self.include_alignment {
            q.push(("includeAlignment", "true".into()));
        }
        if self.include_sentence_length {
            q.push(("includeSentenceLength", "true".into()));
        }
        q.extend(self.to_script.iter().map(|s| ("toScript", s.clone())));
        if let Some(f) = self.allow_fallback {
            q.push(("allowFallback", f.to_string()));
        }
        q
    }
}

/// `from`/`to` of dictionary lookup and examples (both required).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DictionaryParams {
    pub from: String,
    pub to: String,
}

impl DictionaryParams {
    pub fn parse(q: Query<'_>) -> Result<Self, ErrorCode> {
        let from = q.get("from").ok_or(ErrorCode::InvalidFrom)?;
        let to = q.get("to").ok_or(ErrorCode::InvalidTo)?;
        Ok(Self {
            from: from.to_owned(),
            to: to.to_owned(),
        })
    }

    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        vec![("from", self.from.clone()), ("to", self.to.clone())]
    }
}

/// `language`, `fromScript`, `toScript` of transliterate (all required).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransliterateParams {
    pub language: String,
    pub from_script: String,
    pub to_script: String,
}

impl TransliterateParams {
    pub fn parse(q: Query<'_>) -> Result<Self, ErrorCode> {
        let language = q.get("language").ok_or(ErrorCode::InvalidLanguage)?;
        let from_script = q
            .get("fromScript")
            .filter(|s| is_script_code(s))
            .ok_or(ErrorCode::InvalidFromScript)?;
        let to_script = q
            .get("toScript")
            .filter(|s| is_script_code(s))
            .ok_or(ErrorCode::InvalidToScript)?;
        Ok(Self {
            language: language.to_owned(),
            from_script: from_script.to_owned(),
            to_script: to_script.to_owned(),
        })
    }

    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        vec![
            ("language", self.language.clone()),
            ("fromScript", self.from_script.clone()),
            ("toScript", self.to_script.clone()),
        ]
    }
}

/// `language` and `script` of breaksentence (both optional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BreakSentenceParams {
    pub language: Option<String>,
    pub script: Option<String>,
}

impl BreakSentenceParams {
    pub fn parse(q: Query<'_>) -> Result<Self, ErrorCode> {
        let script = q.get("script");
        if script.is_some_and(|s| !is_script_code(s)) {
            return Err(ErrorCode::InvalidScript);
        }
        Ok(Self {
            language: q.get("language").map(str::to_owned),
            script: script.map(str::to_owned),
        })
    }

    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        let mut q = Vec::new();
        if let Some(l) = &self.language {
            q.push(("language", l.clone()));
        }
        if let Some(s) = &self.script {
            q.push(("script", s.clone()));
        }
        q
    }
}

/// The languages request: `scope` plus the `Accept-Language` and
/// `If-None-Match` headers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LanguagesParams {
    /// Empty means all three groups.
    pub scope: Vec<super::languages::Scope>,
    pub accept_language: Option<String>,
    pub if_none_match: Option<String>,
}

impl LanguagesParams {
    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        if self.scope.is_empty() {
            return Vec::new();
        }
        let names: Vec<&str> = self.scope.iter().map(|s| s.as_str()).collect();
        vec![("scope", names.join(","))]
    }
}

/// Validates a client trace id (a GUID), from the header or the query (400043).
pub fn parse_client_trace_id(value: &str) -> Result<uuid::Uuid, ErrorCode> {
    uuid::Uuid::parse_str(value.trim()).map_err(|_| ErrorCode::InvalidClientTraceId)
}

#[cfg(test)]
#[path = "params_tests.rs"]
mod tests;
