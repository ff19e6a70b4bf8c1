//! `POST /breaksentence`: sentence lengths in UTF-16 units; the detected
//! language only when `language` is omitted.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Response;

use super::{compute, respond, sent_len};
use crate::api::body::{check_limits, parse_text_elements};
use crate::api::model::{BreakSentenceResult, DetectedLanguage};
use crate::api::params::BreakSentenceParams;
use crate::api::{ErrorCode, Operation};
use crate::engine;
use crate::service::AppState;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta, json};

pub async fn handle(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::BreakSentence, req, run).await
}

async fn run(st: Arc<AppState>, intake: Intake, meta: &Meta) -> Result<Response<Body>, ApiError> {
    let params = BreakSentenceParams::parse(intake.query())?;
    let texts = parse_text_elements(&intake.body)?;
    let language = match &params.language {
        None => None,
        Some(l) => Some(st.catalog.known_code(l).ok_or(ErrorCode::UnsupportedLanguage)?),
    };
    if let (Some(lang), Some(script)) = (language, &params.script)
        && !st
            .catalog
            .default_script(lang)
            .is_some_and(|d| d.eq_ignore_ascii_case(script))
    {
        return Err(ErrorCode::InvalidLanguageScript.into());
    }
    let limits = Operation::BreakSentence.limits().ok_or(ErrorCode::Internal)?;
    check_limits(limits, texts.iter().map(String::as_str), 1)?;
    let results = compute(intake.body.len(), move || {
        texts
            .iter()
            .map(|text| break_one(text, language))
            .collect::<Vec<_>>()
    })
    .await?;
    Ok(json(meta, &results, &[]))
}

fn break_one(text: &str, language: Option<&str>) -> BreakSentenceResult {
    let (lang, detected) = match language {
        Some(l) => (Some(l), None),
        None => match engine::detect::detect(text) {
            Some(o) => (
                Some(o.best.language),
                Some(DetectedLanguage {
                    language: o.best.language.to_owned(),
                    score: o.best.score,
                }),
            ),
            None => (
                None,
                Some(DetectedLanguage {
                    language: "und".into(),
                    score: 0.0,
                }),
            ),
        },
    };
    BreakSentenceResult {
        detected_language: detected,
        sent_len: sent_len(text, lang),
    }
}
