//! `POST /dictionary/lookup` and `POST /dictionary/examples`.
//!
//! Both take `from`/`to` from the dictionary scope (400035 / 400036; a pair
//! without data 400023). The local engine has no dictionary data at this
//! stage, so the scope is empty and every pair is refused with those codes;
//! bodies and limits are validated all the same.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Response;

use super::respond;
use crate::api::body::{check_example_limits, check_limits, parse_example_elements, parse_text_elements};
use crate::api::params::DictionaryParams;
use crate::api::{ErrorCode, Operation};
use crate::service::AppState;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta};

pub async fn lookup(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::DictionaryLookup, req, run_lookup).await
}

pub async fn examples(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::DictionaryExamples, req, run_examples).await
}

/// The error for a pair outside the dictionary scope (every pair, at this stage).
fn refuse_pair(st: &AppState, params: &DictionaryParams) -> ApiError {
    if !st.catalog.dictionary_source(&params.from) {
        return ApiError::with_detail(
            ErrorCode::InvalidFrom,
            format!("The local engine has no dictionary from {}.", params.from),
        );
    }
    ErrorCode::InvalidLanguagePair.into()
}

async fn run_lookup(st: Arc<AppState>, intake: Intake, _meta: &Meta) -> Result<Response<Body>, ApiError> {
    let params = DictionaryParams::parse(intake.query())?;
    let texts = parse_text_elements(&intake.body)?;
    let limits = Operation::DictionaryLookup.limits().ok_or(ErrorCode::Internal)?;
    check_limits(limits, texts.iter().map(String::as_str), 1)?;
    Err(refuse_pair(&st, &params))
}

async fn run_examples(st: Arc<AppState>, intake: Intake, _meta: &Meta) -> Result<Response<Body>, ApiError> {
    let params = DictionaryParams::parse(intake.query())?;
    let items = parse_example_elements(&intake.body)?;
    let limits = Operation::DictionaryExamples
        .limits()
        .ok_or(ErrorCode::Internal)?;
    check_example_limits(limits, &items)?;
    Err(refuse_pair(&st, &params))
}
