//! Malformed management requests: a path segment that does not decode, a
//! query escape that does not, a body that is not JSON, too large, or sent
//! with another Content-Type. Each API answers in its own error body
//! (DataShareError, CloudError, an LCS result with `IsSuccess: false`), never
//! with axum's plain-text rejections: every answer here must be JSON.

use glossa::api::manage::{CloudError, DataShareError, DatabaseRefreshResult};
use glossa::sandbox::lcs::{PROD, PROJECT_ID, UAT};
use glossa::service::manage::MAX_BODY;
use reqwest::{RequestBuilder, Response};
use serde::de::DeserializeOwned;

use crate::common::*;

const SUB: &str = "11111111-1111-1111-1111-111111111111";
/// Percent-decodes to the byte 0xFF, which is not UTF-8.
const BAD: &str = "%FF";

/// The status and the body as `T`; fails on anything but a JSON answer
/// (axum's rejections are `text/plain`).
async fn answer<T: DeserializeOwned>(resp: Response) -> (u16, T) {
    let status = resp.status().as_u16();
    let ctype = resp
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let text = resp.text().await.unwrap();
    assert!(
        ctype.starts_with("application/json"),
        "{status} {ctype:?}: {text}"
    );
    let body = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {status} {text}"));
    (status, body)
}

async fn send(req: RequestBuilder) -> Response {
    req.send().await.unwrap()
}

/// Status, code and message of a CloudError.
async fn cloud(req: RequestBuilder) -> (u16, String, String) {
    let (status, e): (u16, CloudError) = answer(send(req).await).await;
    (status, e.error.code, e.error.message)
}

/// A migrate body one byte over the limit, otherwise valid.
fn too_large() -> String {
    let pad = MAX_BODY - r#"{"targetVMSize":""}"#.len() + 1;
    format!(r#"{{"targetVMSize":"{}"}}"#, "x".repeat(pad))
}

#[tokio::test]
async fn data_share_answers_a_data_share_error() {
    let svc = start().await;
    let token = issue_token(&svc.http, &svc.url).await;
    let list = |share: &str, query: &str| {
        let url = format!(
            "{}/subscriptions/{SUB}/resourceGroups/demo-rg/providers/Microsoft.DataShare/accounts/demo-account/shares/{share}/listSynchronizations?api-version=2021-08-01{query}",
            svc.url
        );
        svc.http.post(url).bearer_auth(&token)
    };
    let (status, e): (u16, DataShareError) = answer(send(list(BAD, "")).await).await;
    assert_eq!((status, e.error.code.as_str()), (400, "InvalidResourcePath"));
    // A query escape that does not decode is read leniently (U+FFFD), which
    // the $filter parser then refuses.
    let (status, e): (u16, DataShareError) = answer(send(list("sales-share", "&$filter=%FF")).await).await;
    assert_eq!((status, e.error.code.as_str()), (400, "InvalidParameter"));
    // There is no request body: whatever is sent, with whatever type, is ignored.
    let req = list("sales-share", "")
        .header("Content-Type", "text/plain")
        .body("{not json");
    let (status, _): (u16, serde_json::Value) = answer(send(req).await).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn compute_answers_a_cloud_error() {
    let svc = start().await;
    let token = issue_token(&svc.http, &svc.url).await;
    let migrate = |vm: &str, content_type: Option<&str>, body: String| {
        let url = format!(
            "{}/subscriptions/{SUB}/resourceGroups/demo-rg/providers/Microsoft.Compute/virtualMachines/{vm}/migrateToVirtualMachineScaleSet?api-version=2026-03-01",
            svc.url
        );
        let req = svc.http.post(url).bearer_auth(&token).body(body);
        match content_type {
            Some(t) => req.header("Content-Type", t),
            None => req,
        }
    };
    let json = Some("application/json");
    let valid = || r#"{"targetZone":"1"}"#.to_owned();

    let (status, code, _) = cloud(migrate(BAD, json, valid())).await;
    assert_eq!((status, code.as_str()), (400, "InvalidResourcePath"));
    for body in ["{not json", r#"{"targetFaultDomain":"one"}"#, "42"] {
        let (status, code, message) = cloud(migrate("vm-web-1", json, body.into())).await;
        assert_eq!((status, code.as_str()), (400, "InvalidRequestContent"), "{body}");
        assert!(message.contains("could not be deserialized"), "{message}");
    }
    let (status, code, message) = cloud(migrate("vm-web-1", Some("text/plain"), valid())).await;
    assert_eq!((status, code.as_str()), (415, "UnsupportedMediaType"));
    assert!(message.contains("'text/plain'"), "{message}");
    let (status, code, message) = cloud(migrate("vm-web-1", None, valid())).await;
    assert_eq!((status, code.as_str()), (415, "UnsupportedMediaType"));
    assert!(message.contains("'<null>'"), "{message}");
    let (status, code, _) = cloud(migrate("vm-web-1", json, too_large())).await;
    assert_eq!((status, code.as_str()), (413, "RequestEntityTooLarge"));
    // Without a body no type is needed; one byte under the limit is read.
    assert_eq!(send(migrate("vm-web-1", None, String::new())).await.status(), 202);
    let under = too_large()[1..].to_owned();
    let (status, code, _) = cloud(migrate("vm-web-2", json, under)).await;
    assert_eq!((status, code.as_str()), (400, "InvalidRequestContent"));

    // Credentials first: a malformed request without them is a 401.
    let url = format!(
        "{}/subscriptions/{SUB}/resourceGroups/demo-rg/providers/Microsoft.Compute/virtualMachines/{BAD}/migrateToVirtualMachineScaleSet?api-version=2026-03-01",
        svc.url
    );
    let req = svc.http.post(url).body(too_large());
    let (status, code, _) = cloud(req).await;
    assert_eq!((status, code.as_str()), (401, "AuthenticationFailed"));

    // The operation address: a location that does not decode, a query escape
    // that does not (read leniently: an unknown api-version).
    let poll = |location: &str, version: &str| {
        let url = format!(
            "{}/subscriptions/{SUB}/providers/Microsoft.Compute/locations/{location}/operations/op-1?monitor=true&api-version={version}",
            svc.url
        );
        svc.http.get(url).bearer_auth(&token)
    };
    let (status, code, _) = cloud(poll(BAD, "2025-04-01")).await;
    assert_eq!((status, code.as_str()), (400, "InvalidResourcePath"));
    let (status, code, _) = cloud(poll("westeurope", BAD)).await;
    assert_eq!((status, code.as_str()), (400, "InvalidApiVersionParameter"));
}

#[tokio::test]
async fn lcs_answers_an_lcs_result() {
    let svc = start().await;
    let token = issue_token(&svc.http, &svc.url).await;
    let refresh = |source: &str, target: &str| {
        let url = format!(
            "{}/databasemovement/v1/refresh/project/{PROJECT_ID}/source/{source}/target/{target}",
            svc.url
        );
        svc.http
            .post(url)
            .bearer_auth(&token)
            .header("x-ms-version", "2017-09-15")
            .header("Content-Type", "application/json")
    };
    let refused = |resp: Response| async move {
        let (status, r): (u16, DatabaseRefreshResult) = answer(resp).await;
        assert_eq!(status, 200);
        assert!(!r.is_success, "{r:?}");
        assert!(r.operation_activity_id.is_some());
        r.error_message.unwrap()
    };

    let message = refused(send(refresh(BAD, UAT)).await).await;
    assert!(message.contains("could not be decoded"), "{message}");
    let status = format!(
        "{}/databasemovement/v1/fetchstatus/project/{PROJECT_ID}/environment/{UAT}/operationactivity/{BAD}",
        svc.url
    );
    let req = svc
        .http
        .get(status)
        .bearer_auth(&token)
        .header("x-ms-version", "2017-09-15");
    let message = refused(send(req).await).await;
    assert!(message.contains("could not be decoded"), "{message}");
    // Over the limit it is a body all the same.
    let message = refused(send(refresh(PROD, UAT).body(too_large())).await).await;
    assert!(message.contains("does not accept a request body"), "{message}");

    // Unauthenticated stays the one 401, malformed or not.
    let url = format!(
        "{}/databasemovement/v1/refresh/project/{PROJECT_ID}/source/{BAD}/target/{UAT}",
        svc.url
    );
    let (status, body): (u16, serde_json::Value) =
        answer(send(svc.http.post(url).body(too_large())).await).await;
    assert_eq!(status, 401);
    assert!(body["Message"].is_string(), "{body}");
}
