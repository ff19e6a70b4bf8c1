//! `POST /sts/v1.0/issueToken`: the key in `Ocp-Apim-Subscription-Key` or
//! `?Subscription-Key=`, an empty body; the token as plain text.
//!
//! A bad key answers 401 with the token service's own body, whose `code` is
//! the string `"401"` (api-facts §5).

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{Response, StatusCode};

use crate::api::Operation;
use crate::api::params::Query;
use crate::service::AppState;
use crate::service::auth::{key_accepted, presented_key, presented_region};
use crate::service::intake::query_pairs;
use crate::service::reply::{Meta, raw};

const DENIED: &str = r#"{"error":{"code":"401","message":"Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource."}}"#;

pub async fn handle(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    let meta = Meta::new(Operation::IssueToken);
    let query = query_pairs(&req);
    let q = Query(&query);
    let headers = req.headers();
    let key = presented_key(headers, q).filter(|k| key_accepted(&st, k));
    let region = presented_region(headers, q);
    let region_ok = match (&st.config.region, region) {
        (Some(expected), Some(r)) => expected.eq_ignore_ascii_case(r),
        _ => true,
    };
    match key {
        Some(k) if region_ok => {
            let region = st.config.region.as_deref().or(region);
            let token = st.tokens.issue(k, region);
            raw(
                &meta,
                StatusCode::OK,
                "application/jwt; charset=us-ascii",
                token.into_bytes(),
            )
        }
        _ => raw(
            &meta,
            StatusCode::UNAUTHORIZED,
            "application/json; charset=utf-8",
            DENIED.as_bytes().to_vec(),
        ),
    }
}
