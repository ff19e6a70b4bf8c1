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
