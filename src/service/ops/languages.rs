//! `GET /languages`: no credentials; `scope` (400001); names localized by
//! `Accept-Language`; `ETag`, and 304 with an empty body on `If-None-Match`.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Response, StatusCode, header};

use super::respond;
use crate::api::Operation;
use crate::api::languages::Scope;
use crate::service::AppState;
use crate::service::catalog::display_locale;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta, raw};

pub async fn handle(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::Languages, req, run).await
}

fn etag_matches(if_none_match: &str, etag: &str) -> bool {
    if_none_match
        .split(',')
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == "*" || t == etag)
}

async fn run(st: Arc<AppState>, intake: Intake, meta: &Meta) -> Result<Response<Body>, ApiError> {
    let scopes = Scope::parse_list(intake.query().get("scope"))?;
    let header_str = |name| {
        intake
            .headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let locale = display_locale(header_str(header::ACCEPT_LANGUAGE));
    let doc = st.catalog.languages(&locale, &scopes);
    let not_modified = header_str(header::IF_NONE_MATCH).is_some_and(|inm| etag_matches(inm, &doc.etag));
    let (status, body) = if not_modified {
        (StatusCode::NOT_MODIFIED, Vec::new())
    } else {
        (StatusCode::OK, doc.body.clone())
    };
    let mut resp = raw(meta, status, "application/json", body);
    if let Ok(v) = HeaderValue::from_str(&doc.etag) {
        resp.headers_mut().insert(header::ETAG, v);
    }
    resp.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    Ok(resp)
}

#[cfg(test)]
mod tests {
    use super::etag_matches;

    #[test]
    fn if_none_match_forms() {
        assert!(etag_matches("\"abc\"", "\"abc\""));
        assert!(etag_matches("W/\"abc\"", "\"abc\""));
        assert!(etag_matches("\"x\", \"abc\"", "\"abc\""));
        assert!(etag_matches("*", "\"abc\""));
        assert!(!etag_matches("\"abd\"", "\"abc\""));
    }
}
