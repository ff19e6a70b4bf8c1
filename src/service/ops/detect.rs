//! `POST /detect`: language, score, alternatives and support flags per element.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Response;

use super::{compute, respond};
use crate::api::body::{check_limits, parse_text_elements};
use crate::api::model::{DetectAlternative, DetectResult};
use crate::api::{ErrorCode, Operation};
use crate::engine;
use crate::service::AppState;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta, json};

pub async fn handle(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::Detect, req, run).await
}

async fn run(st: Arc<AppState>, intake: Intake, meta: &Meta) -> Result<Response<Body>, ApiError> {
    let texts = parse_text_elements(&intake.body)?;
    let limits = Operation::Detect.limits().ok_or(ErrorCode::Internal)?;
    check_limits(limits, texts.iter().map(String::as_str), 1)?;
    let results = compute(intake.body.len(), move || {
        texts.iter().map(|t| detect_one(&st, t)).collect::<Vec<_>>()
    })
    .await?;
    Ok(json(meta, &results, &[]))
}

/// Detects one text. Text with nothing to go on (digits, punctuation, empty)
/// is `und` with score 0.
pub fn detect_one(st: &AppState, text: &str) -> DetectResult {
    let Some(outcome) = engine::detect::detect(text) else {
        return DetectResult {
            language: "und".into(),
            score: 0.0,
            is_translation_supported: false,
            is_transliteration_supported: false,
            alternatives: Vec::new(),
        };
    };
    let flags = |lang: &str| {
        (
            st.catalog.translation_code(lang).is_some(),
            st.catalog.has_transliteration(lang),
        )
    };
    let (t, tl) = flags(outcome.best.language);
    DetectResult {
        language: outcome.best.language.to_owned(),
        score: outcome.best.score,
        is_translation_supported: t,
        is_transliteration_supported: tl,
        alternatives: outcome
            .alternatives
            .iter()
            .map(|a| {
                let (t, tl) = flags(a.language);
                DetectAlternative {
                    language: a.language.to_owned(),
                    score: a.score,
                    is_translation_supported: t,
                    is_transliteration_supported: tl,
                }
            })
            .collect(),
    }
}
