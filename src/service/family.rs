//! Which API a path belongs to, and the error body that API answers with when
//! the error comes from below the operations: no route (404), a method the
//! route does not take (405), and what the connection layer refuses before a
//! handler runs (a malformed request, an over-long URI or header section, the
//! connection cap; see `server.rs`).
//!
//! The fault injector (`--chaos`) answers in these bodies too.
//!
//! - Translator (and anything else): `{"error":{"code":404000,"message":…}}`,
//!   the numeric code of the status (api-facts §1).
//! - ARM (`/subscriptions/…`: Data Share, Compute): a CloudError /
//!   DataShareError, `{"error":{"code":"NotFound","message":…}}` with a
//!   string code.
//! - LCS (`/databasemovement/…`): ASP.NET Web API's `{"Message":…}`.

use axum::body::Body;
use axum::http::{HeaderValue, Method, Response, StatusCode, Uri, header};

use super::reply::{ApiError, Meta};
use crate::api::ErrorCode;

/// The API family of a request path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Translator,
    Arm,
    Lcs,
}

impl Family {
    /// By the path's first segment (ASCII case ignored, as ARM routes).
    pub fn of(path: &str) -> Self {
        let first = path.trim_start_matches('/').split('/').next().unwrap_or("");
        if first.eq_ignore_ascii_case("subscriptions") {
            Family::Arm
        } else if first.eq_ignore_ascii_case("databasemovement") {
            Family::Lcs
        } else {
            Family::Translator
        }
    }

    /// The JSON body of an error with `status` in this family. `what` names the
    /// request for the message (`"GET /x"`); it never holds the query.
    pub fn body(self, status: StatusCode, what: &str) -> Vec<u8> {
        let value = match self {
            Family::Translator => {
                return serde_json::to_vec(&translator_code(status).body()).unwrap_or_default();
            }
            Family::Arm => {
                let (code, message) = arm(status, what);
                serde_json::json!({"error": {"code": code, "message": message}})
            }
            Family::Lcs => serde_json::json!({"Message": lcs(status, what)}),
        };
        serde_json::to_vec(&value).unwrap_or_default()
    }
}

/// The translator's code for a status produced below the operations.
fn translator_code(status: StatusCode) -> ErrorCode {
    match status.as_u16() {
        404 => ErrorCode::NotFound,
        405 => ErrorCode::MethodNotAllowed,
        429 => ErrorCode::TooManyRequestsQuota,
        500 => ErrorCode::Internal,
        408 => ErrorCode::RequestTimeout,
        414 => ErrorCode::UriTooLong,
        431 => ErrorCode::HeadersTooLarge,
        503 => ErrorCode::Unavailable,
        _ => ErrorCode::InvalidRequest,
    }
}

fn arm(status: StatusCode, what: &str) -> (&'static str, String) {
    match status.as_u16() {
        404 => (
            "NotFound",
            format!("No resource or operation of this service answers '{what}'."),
        ),
        405 => (
            "HttpMethodNotAllowed",
            format!("The HTTP method of '{what}' is not supported for this resource."),
        ),
        408 => ("RequestTimeout", "The request was not received in time.".into()),
        414 => ("RequestUriTooLong", "The request URI is too long.".into()),
        429 => (
            "TooManyRequests",
            "The request is being throttled; retry after the time in Retry-After.".into(),
        ),
        500 => (
            "InternalServerError",
            "The server encountered an internal error; retry the request.".into(),
        ),
        431 => (
            "RequestHeaderFieldsTooLarge",
            "The request header fields are too large.".into(),
        ),
        503 => (
            "ServiceUnavailable",
            "The service is busy (too many open connections); retry the request.".into(),
        ),
        _ => ("BadRequest", "The request is malformed.".into()),
    }
}

fn lcs(status: StatusCode, what: &str) -> String {
    match status.as_u16() {
        404 => format!("No HTTP resource was found that matches the request '{what}'."),
        405 => format!("The requested resource does not support the method of '{what}'."),
        408 => "The request was not received in time.".into(),
        414 => "The request URI is too long.".into(),
        429 => "The request is being throttled; retry after the time in Retry-After.".into(),
        431 => "The request header fields are too large.".into(),
        500 => "An error has occurred.".into(),
        503 => "The service is busy (too many open connections); retry the request.".into(),
        _ => "The request is invalid.".into(),
    }
}

/// An error made outside the operations (routing's 404 and 405, the fault
/// injector's 429, 500 and 503) as a response in the path's family.
pub fn error_response(status: StatusCode, method: &Method, uri: &Uri) -> Response<Body> {
    let family = Family::of(uri.path());
    if family == Family::Translator {
        return ApiError::from(translator_code(status)).into_response(&Meta::with_prefix("GLSA"));
    }
    let what = format!("{method} {}", uri.path());
    let mut resp = Response::new(Body::from(family.body(status, &what)));
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    if family == Family::Arm
        && let Ok(id) = HeaderValue::from_str(&uuid::Uuid::new_v4().to_string())
    {
        resp.headers_mut().insert("x-ms-request-id", id);
    }
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_by_first_segment() {
        assert_eq!(Family::of("/subscriptions/x/y"), Family::Arm);
        assert_eq!(Family::of("/SUBSCRIPTIONS"), Family::Arm);
        assert_eq!(Family::of("/databasemovement/v1/x"), Family::Lcs);
        assert_eq!(Family::of("/translate"), Family::Translator);
        assert_eq!(Family::of("/translator/text/v3.0/x"), Family::Translator);
        assert_eq!(Family::of(""), Family::Translator);
    }

    #[test]
    fn bodies_have_each_familys_shape() {
        let t: serde_json::Value =
            serde_json::from_slice(&Family::Translator.body(StatusCode::URI_TOO_LONG, "")).unwrap();
        assert_eq!(t["error"]["code"], 414000);
        let a: serde_json::Value =
            serde_json::from_slice(&Family::Arm.body(StatusCode::NOT_FOUND, "GET /subscriptions/x")).unwrap();
        assert_eq!(a["error"]["code"], "NotFound");
        assert!(
            a["error"]["message"]
                .as_str()
                .unwrap()
                .contains("GET /subscriptions/x")
        );
        let l: serde_json::Value =
            serde_json::from_slice(&Family::Lcs.body(StatusCode::BAD_REQUEST, "")).unwrap();
        assert!(l["Message"].is_string());
    }
}
