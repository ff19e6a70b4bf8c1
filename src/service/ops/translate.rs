//! `POST /translate`.
//!
//! Validation: targets (400036), source and suggested source (400035),
//! scripts (400018 / 400004 / 400080), custom category without fallback
//! (400075), limits counting characters once per target (400050 / 400072 /
//! 400077).
//!
//! A text in its own language comes back unchanged, each word aligned with
//! itself; between two languages the engine's gloss translator answers (see
//! `gloss`). Headers: `X-Metered-Usage` (characters × targets), `X-MT-System`
//! (one entry per target).

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Response;

use super::{compute_blocking, gloss, identity, respond};
use crate::api::body::{check_limits, parse_text_elements};
use crate::api::headers::{METERED_USAGE, MT_SYSTEM};
use crate::api::limits::char_count;
use crate::api::model::{DetectedLanguage, TranslateResult, Translation, Transliterated};
use crate::api::params::TranslateParams;
use crate::api::{ErrorCode, Operation};
use crate::engine;
use crate::service::AppState;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta, json};

pub async fn handle(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::Translate, req, run).await
}

/// Whether the gloss translator reads `language`.
fn st_translates(plan: &Plan, language: &str) -> bool {
    plan.translatable.iter().any(|l| l.eq_ignore_ascii_case(language))
}

/// A validated request: canonical codes.
struct Plan {
    translatable: Vec<&'static str>,
    params: TranslateParams,
    to: Vec<&'static str>,
    from: Option<&'static str>,
    suggested: Option<&'static str>,
}

async fn run(st: Arc<AppState>, intake: Intake, meta: &Meta) -> Result<Response<Body>, ApiError> {
    let params = TranslateParams::parse(intake.query())?;
    let texts = parse_text_elements(&intake.body)?;
    let plan = validate(&st, params)?;
    let limits = Operation::Translate.limits().ok_or(ErrorCode::Internal)?;
    check_limits(limits, texts.iter().map(String::as_str), plan.to.len())?;
    let metered: usize = texts.iter().map(|t| char_count(t)).sum::<usize>() * plan.to.len();
    let targets = plan.to.len();
    let results = compute_blocking(move || {
        texts
            .iter()
            .map(|t| translate_one(&plan, t))
            .collect::<Result<Vec<_>, ApiError>>()
    })
    .await??;
    let system = vec!["Team"; targets].join(",");
    Ok(json(
        meta,
        &results,
        &[(METERED_USAGE, metered.to_string()), (MT_SYSTEM, system)],
    ))
}

fn validate(st: &AppState, params: TranslateParams) -> Result<Plan, ApiError> {
    let to = params
        .to
        .iter()
        .map(|t| st.catalog.translation_code(t).ok_or(ErrorCode::InvalidTo))
        .collect::<Result<Vec<_>, _>>()?;
    let source = |code: &Option<String>| match code {
        None => Ok(None),
        Some(c) => st
            .catalog
            .translation_code(c)
            .map(Some)
            .ok_or(ErrorCode::InvalidFrom),
    };
    let from = source(&params.from)?;
    let suggested = source(&params.suggested_from)?;
    let is_default = |lang: &str, script: &str| {
        st.catalog
            .default_script(lang)
            .is_some_and(|d| d.eq_ignore_ascii_case(script))
    };
    if let (Some(script), Some(lang)) = (&params.from_script, from)
        && !is_default(lang, script)
        && !st.catalog.has_transliteration(lang)
    {
        return Err(ErrorCode::TransliterationUnsupported.into());
    }
    for (script, lang) in params.to_script.iter().zip(&to) {
        if !is_default(lang, script) {
            return Err(ApiError::with_detail(
                ErrorCode::TransliterationUnsupported,
                format!("The local engine cannot write {lang} in {script}."),
            ));
        }
    }
    // The engine has only the general system: a custom category falls back
    // to it unless the request forbids fallback.
    let custom = params
        .category
        .as_deref()
        .is_some_and(|c| !c.eq_ignore_ascii_case("general"));
    if custom && params.allow_fallback == Some(false) {
        return Err(ErrorCode::InvalidCategoryPair.into());
    }
    Ok(Plan {
        translatable: gloss::translation_languages(),
        params,
        to,
        from,
        suggested,
    })
}

fn translate_one(plan: &Plan, text: &str) -> Result<TranslateResult, ApiError> {
    let (source, detected) = match plan.from {
        Some(f) => (Some(f), None),
        None => match engine::detect::detect(text) {
            // A detected language the engine cannot translate from yields to the suggestion.
            Some(o) if st_translates(plan, o.best.language) || plan.suggested.is_none() => {
                (Some(o.best.language), Some((o.best.language, o.best.score)))
            }
            Some(o) => (plan.suggested, Some((o.best.language, o.best.score))),
            None => (plan.suggested, Some((plan.suggested.unwrap_or(plan.to[0]), 0.0))),
        },
    };
    let translations = plan
        .to
        .iter()
        .enumerate()
        .map(|(i, &to)| {
            let mut t = match source.filter(|s| !s.eq_ignore_ascii_case(to)) {
                None => identity::translate(&plan.params, to, text, source),
                Some(src) => gloss::translate(&plan.params, text, (src, plan.from.is_some()), to)
                    .ok_or_else(|| {
                        ApiError::with_detail(
                            ErrorCode::InvalidLanguagePair,
                            format!("The local engine cannot translate from {src} to {to}."),
                        )
                    })?,
            };
            t.transliteration = plan
                .params
                .to_script
                .get(i)
                .map(|script| to_script(to, script, &t.text));
            Ok::<Translation, ApiError>(t)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(TranslateResult {
        detected_language: detected.map(|(language, score)| DetectedLanguage {
            language: language.to_owned(),
            score,
        }),
        translations,
        source_text: None,
    })
}

/// The translation written in `script` (validated: a script the engine writes `to` in).
fn to_script(_to: &str, script: &str, text: &str) -> Transliterated {
    Transliterated {
        text: text.to_owned(),
        script: script.to_owned(),
    }
}
