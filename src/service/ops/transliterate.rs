//! `POST /transliterate`: `language` (400003 missing, 400019 outside the
//! transliteration scope), `fromScript` (400018 missing or malformed; 400006
//! when the language is not written in it in the scope), `toScript` (400004
//! missing or malformed; 400080 when that script cannot be reached from
//! `fromScript`). Answers `[{"text": …, "script": …}]`, one per element.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Response;

use super::{compute, respond};
use crate::api::body::{check_limits, parse_text_elements};
use crate::api::model::Transliterated;
use crate::api::params::TransliterateParams;
use crate::api::{ErrorCode, Operation};
use crate::engine::translit;
use crate::service::AppState;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta, json};

pub async fn handle(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::Transliterate, req, run).await
}

/// The validated pair, codes spelled as the scope spells them.
struct Pair {
    language: &'static str,
    from: &'static str,
    to: &'static str,
}

fn validate(params: &TransliterateParams) -> Result<Pair, ApiError> {
    // `sr` written in Latn is `sr-Latn` (the scope lists Serbian per script).
    let code = translit::resolve_language(&params.language, &params.from_script);
    let Some(lang) = translit::scope().iter().find(|l| Some(l.code) == code) else {
        return Err(ApiError::with_detail(
            ErrorCode::UnsupportedLanguage,
            format!("The local engine has no transliteration for {}.", params.language),
        ));
    };
    let Some(source) = lang
        .scripts
        .iter()
        .find(|s| s.from.eq_ignore_ascii_case(&params.from_script))
    else {
        return Err(ApiError::with_detail(
            ErrorCode::InvalidLanguageScript,
            format!("{} is not transliterated from {}.", lang.code, params.from_script),
        ));
    };
    let Some(to) = source
        .to
        .iter()
        .copied()
        .find(|t| t.eq_ignore_ascii_case(&params.to_script))
    else {
        return Err(ApiError::with_detail(
            ErrorCode::TransliterationUnsupported,
            format!(
                "{} cannot go from {} to {}.",
                lang.code, source.from, params.to_script
            ),
        ));
    };
    Ok(Pair {
        language: lang.code,
        from: source.from,
        to,
    })
}

async fn run(_st: Arc<AppState>, intake: Intake, meta: &Meta) -> Result<Response<Body>, ApiError> {
    let params = TransliterateParams::parse(intake.query())?;
    let pair = validate(&params)?;
    let texts = parse_text_elements(&intake.body)?;
    let limits = Operation::Transliterate.limits().ok_or(ErrorCode::Internal)?;
    check_limits(limits, texts.iter().map(String::as_str), 1)?;
    let results = compute(intake.body.len(), move || {
        texts
            .iter()
            .map(|text| {
                translit::transliterate(pair.language, pair.from, pair.to, text).map(|text| Transliterated {
                    text,
                    script: pair.to.to_owned(),
                })
            })
            .collect::<Option<Vec<_>>>()
    })
    .await?
    .ok_or(ErrorCode::Internal)?;
    Ok(json(meta, &results, &[]))
}
