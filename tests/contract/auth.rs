//! Authentication per spec §5.

use glossa::api::Secret;
use glossa::service::ServiceConfig;
use glossa::service::token::TOKEN_TTL_SECS;

use crate::common::*;

const DETECT: &str = "/detect?api-version=3.0";
const BODY: &str = r#"[{"Text":"Bonjour tout le monde"}]"#;

async fn status(req: reqwest::RequestBuilder) -> u16 {
    req.send().await.unwrap().status().as_u16()
}

fn detect_without_key(svc: &Svc, query: &str) -> reqwest::RequestBuilder {
    svc.http
        .post(format!("{}{DETECT}{query}", svc.url))
        .header("Content-Type", "application/json")
        .body(BODY)
}

#[tokio::test]
async fn key_header_and_query_forms() {
    let svc = start().await;
    assert_eq!(status(svc.post(DETECT, BODY)).await, 200);
    assert_eq!(
        status(detect_without_key(&svc, &format!("&Subscription-Key={KEY}"))).await,
        200
    );
    let wrong = detect_without_key(&svc, "").header("Ocp-Apim-Subscription-Key", "wrong");
    assert_eq!(error_code(wrong.send().await.unwrap()).await, 401000);
    assert_eq!(
        error_code(detect_without_key(&svc, "").send().await.unwrap()).await,
        401000
    );
    let empty = detect_without_key(&svc, "").header("Ocp-Apim-Subscription-Key", "");
    assert_eq!(error_code(empty.send().await.unwrap()).await, 401000);
}

#[tokio::test]
async fn regional_resource_requires_its_region() {
    let svc = start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        region: Some("westeurope".into()),
        ..ServiceConfig::default()
    })
    .await;
    assert_eq!(
        error_code(svc.post(DETECT, BODY).send().await.unwrap()).await,
        401000
    );
    let with_header = svc
        .post(DETECT, BODY)
        .header("Ocp-Apim-Subscription-Region", "WestEurope");
    assert_eq!(status(with_header).await, 200);
    let query = format!("&Subscription-Key={KEY}&Subscription-Region=westeurope");
    assert_eq!(status(detect_without_key(&svc, &query)).await, 200);
    let other = svc
        .post(DETECT, BODY)
        .header("Ocp-Apim-Subscription-Region", "eastus");
    assert_eq!(error_code(other.send().await.unwrap()).await, 401000);
}

#[tokio::test]
async fn open_service_accepts_any_non_empty_key() {
    let svc = start_with(ServiceConfig::default()).await;
    let any = detect_without_key(&svc, "").header("Ocp-Apim-Subscription-Key", "anything");
    assert_eq!(status(any).await, 200);
    assert_eq!(
        error_code(detect_without_key(&svc, "").send().await.unwrap()).await,
        401000
    );
}

async fn issue_token(svc: &Svc, query: &str, key_header: Option<&str>) -> reqwest::Response {
    let mut req = svc.http.post(format!("{}/sts/v1.0/issueToken{query}", svc.url));
    if let Some(k) = key_header {
        req = req.header("Ocp-Apim-Subscription-Key", k);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn bearer_tokens_from_issue_token_expire_after_ten_minutes() {
    let svc = start().await;
    let resp = issue_token(&svc, "", Some(KEY)).await;
    assert_eq!(resp.status(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/jwt")
    );
    let token = resp.text().await.unwrap();
    assert_eq!(token.split('.').count(), 3, "JWT-shaped");
    assert!(!token.contains(KEY));
    let bearer = |t: &str| detect_without_key(&svc, "").header("Authorization", format!("Bearer {t}"));
    assert_eq!(status(bearer(&token)).await, 200);
    // The query form of the key works at the token service too.
    let by_query = issue_token(&svc, &format!("?Subscription-Key={KEY}"), None).await;
    assert_eq!(by_query.status(), 200);
    svc.clock.advance(TOKEN_TTL_SECS - 1);
    assert_eq!(status(bearer(&token)).await, 200);
    svc.clock.advance(1);
    assert_eq!(error_code(bearer(&token).send().await.unwrap()).await, 401000);
    assert_eq!(
        error_code(bearer("not.a.token").send().await.unwrap()).await,
        401000
    );
    let basic = detect_without_key(&svc, "").header("Authorization", "Basic abc");
    assert_eq!(error_code(basic.send().await.unwrap()).await, 401000);
}

#[tokio::test]
async fn token_service_refuses_bad_keys_and_wrong_methods() {
    let svc = start().await;
    let resp = issue_token(&svc, "", Some("wrong")).await;
    assert_eq!(resp.status(), 401);
    let body: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(
        body["error"]["code"], "401",
        "the token service's code is a string"
    );
    assert_eq!(issue_token(&svc, "", None).await.status(), 401);
    assert_eq!(svc.get_code("/sts/v1.0/issueToken").await, 405000);
}

#[tokio::test]
async fn languages_needs_no_credentials() {
    let svc = start().await;
    let resp = svc.get("/languages?api-version=3.0").send().await.unwrap();
    assert_eq!(resp.status(), 200);
}

// Directory-issued bearer tokens (spec §5), stood in for by issueToken tokens.

const RID: &str = "/subscriptions/6f1e2d3c-0000-4a5b-9c8d-7e6f5a4b3c2d/resourceGroups/rg-text/providers/Microsoft.CognitiveServices/accounts/glossa-test/";
const CUSTOM_DETECT: &str = "/translator/text/v3.0/detect?api-version=3.0";

async fn start_resource(region: Option<&str>, data_dir: Option<std::path::PathBuf>) -> Svc {
    start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        region: region.map(str::to_owned),
        resource_id: Some(RID.parse().unwrap()),
        data_dir,
        ..ServiceConfig::default()
    })
    .await
}

async fn token_for(svc: &Svc, region: Option<&str>) -> String {
    let mut req = svc
        .http
        .post(format!("{}/sts/v1.0/issueToken", svc.url))
        .header("Ocp-Apim-Subscription-Key", KEY);
    if let Some(r) = region {
        req = req.header("Ocp-Apim-Subscription-Region", r);
    }
    let resp = req.send().await.unwrap();
    assert_eq!(resp.status(), 200);
    resp.text().await.unwrap()
}

/// A detect request with the bearer token and the given headers.
fn with_bearer(svc: &Svc, path: &str, token: &str, headers: &[(&str, &str)]) -> reqwest::RequestBuilder {
    let mut req = svc
        .http
        .post(format!("{}{path}", svc.url))
        .header("Content-Type", "application/json")
        .header("Authorization", format!("Bearer {token}"))
        .body(BODY);
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    req
}

async fn answer(req: reqwest::RequestBuilder) -> u32 {
    let resp = req.send().await.unwrap();
    match resp.status().as_u16() {
        200 => 200,
        _ => error_code(resp).await,
    }
}

#[tokio::test]
async fn directory_token_at_the_root_must_name_the_resource() {
    let svc = start_resource(None, None).await;
    let t = token_for(&svc, None).await;
    let rid = |v: &'static str| [("Ocp-Apim-ResourceId", v)];
    assert_eq!(answer(with_bearer(&svc, DETECT, &t, &rid(RID))).await, 200);
    let relaxed = RID.trim_end_matches('/').to_lowercase();
    let relaxed = [("Ocp-Apim-ResourceId", relaxed.as_str())];
    assert_eq!(
        answer(with_bearer(&svc, DETECT, &t, &relaxed)).await,
        200,
        "case and the trailing slash do not matter"
    );
    let other = RID.replace("glossa-test", "someone-else");
    let other = [("Ocp-Apim-ResourceId", other.as_str())];
    assert_eq!(answer(with_bearer(&svc, DETECT, &t, &other)).await, 401000);
    for malformed in [
        "glossa-test",
        "/subscriptions/x/",
        "/subscriptions/s/resourceGroups/g/providers/p/workspaces/a/",
    ] {
        let h = [("Ocp-Apim-ResourceId", malformed)];
        assert_eq!(
            answer(with_bearer(&svc, DETECT, &t, &h)).await,
            401000,
            "{malformed}"
        );
    }
    // Without the header at the root: a key-derived token, as always.
    assert_eq!(answer(with_bearer(&svc, DETECT, &t, &[])).await, 200);
    // A global resource ignores a region header, as with keys.
    let h = [
        ("Ocp-Apim-ResourceId", RID),
        ("Ocp-Apim-Subscription-Region", "eastus"),
    ];
    assert_eq!(answer(with_bearer(&svc, DETECT, &t, &h)).await, 200);
}

#[tokio::test]
async fn directory_token_at_the_custom_endpoint_needs_only_authorization() {
    let svc = start_resource(None, None).await;
    let t = token_for(&svc, None).await;
    assert_eq!(answer(with_bearer(&svc, CUSTOM_DETECT, &t, &[])).await, 200);
    let h = [("Ocp-Apim-ResourceId", RID)];
    assert_eq!(answer(with_bearer(&svc, CUSTOM_DETECT, &t, &h)).await, 200);
    let other = RID.replace("glossa-test", "someone-else");
    let h = [("Ocp-Apim-ResourceId", other.as_str())];
    assert_eq!(answer(with_bearer(&svc, CUSTOM_DETECT, &t, &h)).await, 401000);
    assert_eq!(
        answer(with_bearer(&svc, CUSTOM_DETECT, "not.a.token", &[])).await,
        401000
    );
}

#[tokio::test]
async fn directory_token_at_the_root_of_a_regional_resource_names_the_region() {
    let svc = start_resource(Some("westeurope"), None).await;
    let t = token_for(&svc, Some("westeurope")).await;
    let rid = [("Ocp-Apim-ResourceId", RID)];
    assert_eq!(
        answer(with_bearer(&svc, DETECT, &t, &rid)).await,
        401000,
        "the region is required at the root of a regional resource"
    );
    let h = [
        ("Ocp-Apim-ResourceId", RID),
        ("Ocp-Apim-Subscription-Region", "WestEurope"),
    ];
    assert_eq!(answer(with_bearer(&svc, DETECT, &t, &h)).await, 200);
    let h = [
        ("Ocp-Apim-ResourceId", RID),
        ("Ocp-Apim-Subscription-Region", "eastus"),
    ];
    assert_eq!(answer(with_bearer(&svc, DETECT, &t, &h)).await, 401000);
    // The custom endpoint takes Authorization alone, the region included.
    assert_eq!(answer(with_bearer(&svc, CUSTOM_DETECT, &t, &[])).await, 200);
    assert_eq!(answer(with_bearer(&svc, CUSTOM_DETECT, &t, &rid)).await, 200);
}

#[tokio::test]
async fn issued_tokens_carry_the_resource_id_and_only_such_tokens_stand_in() {
    use base64::Engine as _;
    let dir = std::env::temp_dir().join(format!("glossa-rid-{}", std::process::id()));
    let plain = start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        data_dir: Some(dir.clone()),
        ..ServiceConfig::default()
    })
    .await;
    let old = token_for(&plain, None).await;
    let svc = start_resource(None, Some(dir.clone())).await;
    let new = token_for(&svc, None).await;
    let payload = new.split('.').nth(1).unwrap();
    let claims: serde_json::Value = serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(payload)
            .unwrap(),
    )
    .unwrap();
    assert_eq!(claims["azure-resource-id"], RID);
    // A token from before --resource-id (same signing secret) names no resource:
    // fine as a key-derived token, not as a directory one.
    assert_eq!(answer(with_bearer(&svc, DETECT, &old, &[])).await, 200);
    let rid = [("Ocp-Apim-ResourceId", RID)];
    assert_eq!(answer(with_bearer(&svc, DETECT, &old, &rid)).await, 401000);
    assert_eq!(answer(with_bearer(&svc, CUSTOM_DETECT, &old, &[])).await, 401000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn without_a_resource_id_the_header_is_only_checked_for_shape() {
    let svc = start().await;
    let t = token_for(&svc, None).await;
    let any = RID.replace("glossa-test", "anything");
    let h = [("Ocp-Apim-ResourceId", any.as_str())];
    assert_eq!(answer(with_bearer(&svc, DETECT, &t, &h)).await, 200);
    let h = [("Ocp-Apim-ResourceId", "not-a-resource-id")];
    assert_eq!(answer(with_bearer(&svc, DETECT, &t, &h)).await, 401000);
    assert_eq!(answer(with_bearer(&svc, CUSTOM_DETECT, &t, &[])).await, 200);
    // A key request never looks at the header.
    let keyed = svc
        .post(DETECT, BODY)
        .header("Ocp-Apim-ResourceId", "not-a-resource-id");
    assert_eq!(status(keyed).await, 200);
}
