//! `POST /transliterate`: `language` (400003 missing, 400019 outside the
//! transliteration scope), `fromScript` (400018), `toScript` (400004), the
//! pair of scripts for that language (400006 / 400080).
//!
//! The transliteration scope is empty until the engine has its rules, so a
//! well-formed request is refused with 400019 naming the language.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Response;

use super::respond;
use crate::api::body::{check_limits, parse_text_elements};
use crate::api::params::TransliterateParams;
use crate::api::{ErrorCode, Operation};
use crate::service::AppState;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta};

pub async fn handle(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::Transliterate, req, run).await
}

async fn run(st: Arc<AppState>, intake: Intake, _meta: &Meta) -> Result<Response<Body>, ApiError> {
    let params = TransliterateParams::parse(intake.query())?;
    let texts = parse_text_elements(&intake.body)?;
    let limits = Operation::Transliterate.limits().ok_or(ErrorCode::Internal)?;
    check_limits(limits, texts.iter().map(String::as_str), 1)?;
    debug_assert!(!st.catalog.has_transliteration(&params.language));
    Err(ApiError::with_detail(
        ErrorCode::UnsupportedLanguage,
        format!("The local engine has no transliteration for {}.", params.language),
    ))
}
