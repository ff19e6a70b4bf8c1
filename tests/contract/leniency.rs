//! What the official SDKs send, read as the real service reads it (issue 19):
//! `to` comma-separated as well as repeated, a nextLink followed by GET, the
//! `Authorization` scheme in any case; and the management paths' own error
//! bodies and ids where no operation answers.

use std::collections::HashSet;

use glossa::api::manage::{CloudError, DataShareError, ShareSynchronizationList};
use reqwest::Response;

use super::common::{Svc, error_code, issue_token, start};

const SUB: &str = "11111111-1111-1111-1111-111111111111";

fn sales() -> String {
    format!(
        "/subscriptions/{SUB}/resourceGroups/demo-rg/providers/Microsoft.DataShare/accounts/demo-account/shares/sales-share/listSynchronizations"
    )
}

fn targets(v: &serde_json::Value) -> Vec<String> {
    v[0]["translations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["to"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn to_is_read_repeated_comma_separated_or_both() {
    let svc = start().await;
    let body = r#"[{"text":"Hello"}]"#;
    let two = svc
        .ok("/translate?api-version=3.0&from=en&to=ja,zh-Hans", body)
        .await;
    assert_eq!(targets(&two), ["ja", "zh-Hans"], "in order");
    let three = svc
        .ok("/translate?api-version=3.0&from=en&to=ja,zh-Hans&to=fi", body)
        .await;
    assert_eq!(targets(&three), ["ja", "zh-Hans", "fi"]);
    let encoded = svc
        .ok("/translate?api-version=3.0&from=en&to=ja%2Cfi", body)
        .await;
    assert_eq!(targets(&encoded), ["ja", "fi"]);
    let scripts = svc
        .ok(
            "/translate?api-version=3.0&from=en&to=ja,zh-Hans&toScript=Latn,Latn",
            body,
        )
        .await;
    assert_eq!(scripts[0]["translations"][1]["transliteration"]["script"], "Latn");
    // The same at the custom-endpoint form; an empty item is still refused.
    let custom = svc
        .ok(
            "/translator/text/v3.0/translate?api-version=3.0&from=en&to=fi,ja",
            body,
        )
        .await;
    assert_eq!(targets(&custom), ["fi", "ja"]);
    let bad = svc
        .code("/translate?api-version=3.0&from=en&to=ja,,fi", body)
        .await;
    assert_eq!(bad, 400036);
}

#[tokio::test]
async fn scope_is_a_comma_separated_list() {
    let svc = start().await;
    for q in [
        "scope=translation,dictionary",
        "scope=dictionary,translation",
        "SCOPE=translation,dictionary",
    ] {
        let v = svc.get_json(&format!("/languages?api-version=3.0&{q}")).await;
        let mut groups: Vec<&String> = v.as_object().unwrap().keys().collect();
        groups.sort();
        assert_eq!(groups, ["dictionary", "translation"], "{q}");
    }
    assert_eq!(
        svc.get_code("/languages?api-version=3.0&scope=translation,nope")
            .await,
        400001
    );
}

#[tokio::test]
async fn the_authorization_scheme_is_read_in_any_case() {
    let svc = start().await;
    let token = issue_token(&svc.http, &svc.url).await;
    for scheme in ["Bearer", "BEARER", "bearer", "bEaReR"] {
        let resp = svc
            .http
            .post(format!("{}/detect?api-version=3.0", svc.url))
            .header("Authorization", format!("{scheme} {token}"))
            .header("Content-Type", "application/json")
            .body(r#"[{"text":"Hello world"}]"#)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200, "{scheme}");
        let list = svc
            .http
            .post(format!("{}{}?api-version=2021-08-01", svc.url, sales()))
            .header("Authorization", format!("{scheme}  {token}"))
            .send()
            .await
            .unwrap();
        assert_eq!(list.status(), 200, "{scheme} on a management path");
    }
}

async fn page(resp: Response) -> ShareSynchronizationList {
    let status = resp.status();
    let text = resp.text().await.unwrap();
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// Every page by POST, then following each nextLink by `method`.
async fn all(svc: &Svc, token: &str, first: &str, method: reqwest::Method) -> Vec<String> {
    let mut ids = Vec::new();
    let mut next = page(
        svc.http
            .post(format!("{}{first}", svc.url))
            .bearer_auth(token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    loop {
        ids.extend(next.value.iter().map(|s| s.synchronization_id.clone().unwrap()));
        let Some(link) = next.next_link else { break };
        assert!(link.contains("$skipToken="), "{link}");
        let resp = svc
            .http
            .request(method.clone(), link)
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        next = page(resp).await;
        assert!(ids.len() < 1_000, "paging ends");
    }
    ids
}

#[tokio::test]
async fn a_next_link_is_followed_by_get_as_by_post() {
    let svc = start().await;
    let token = issue_token(&svc.http, &svc.url).await;
    let first = format!("{}?api-version=2021-08-01", sales());
    let by_get = all(&svc, &token, &first, reqwest::Method::GET).await;
    let by_post = all(&svc, &token, &first, reqwest::Method::POST).await;
    assert_eq!(by_get.len(), 240, "every synchronization");
    assert_eq!(by_get.iter().collect::<HashSet<_>>().len(), 240, "each once");
    assert_eq!(by_get, by_post, "the same pages in the same order");
    // $filter and $orderby travel in the link.
    let filtered = format!(
        "{}?api-version=2021-08-01&$filter={}&$orderby={}",
        sales(),
        form_urlencoded::byte_serialize(b"status eq 'Succeeded'").collect::<String>(),
        form_urlencoded::byte_serialize(b"durationMs asc").collect::<String>(),
    );
    let get_f = all(&svc, &token, &filtered, reqwest::Method::GET).await;
    let post_f = all(&svc, &token, &filtered, reqwest::Method::POST).await;
    assert!(!get_f.is_empty() && get_f.len() < 240);
    assert_eq!(get_f, post_f);
}

async fn data_share_error(resp: Response, status: u16) -> DataShareError {
    assert_eq!(resp.status().as_u16(), status);
    assert!(resp.headers().contains_key("x-ms-request-id"));
    let text = resp.text().await.unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[tokio::test]
async fn a_get_has_the_same_errors_and_does_not_start_a_listing() {
    let svc = start().await;
    let token = issue_token(&svc.http, &svc.url).await;
    let get = |q: String, token: Option<&str>| {
        let mut r = svc.http.get(format!("{}{}{q}", svc.url, sales()));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        r.send()
    };
    let start = data_share_error(
        get("?api-version=2021-08-01".into(), Some(&token)).await.unwrap(),
        405,
    )
    .await;
    assert_eq!(start.error.code, "HttpMethodNotAllowed");
    let link = "?api-version=2021-08-01&$skipToken=not-a-token";
    let bad = data_share_error(get(link.into(), Some(&token)).await.unwrap(), 400).await;
    assert_eq!(bad.error.code, "InvalidSkipToken");
    let anon = data_share_error(get(link.into(), None).await.unwrap(), 401).await;
    assert_eq!(anon.error.code, "AuthenticationFailed");
}

#[tokio::test]
async fn management_paths_answer_routing_errors_in_their_own_bodies() {
    let svc = start().await;
    let token = issue_token(&svc.http, &svc.url).await;
    // ARM: a CloudError with a string code and x-ms-request-id.
    let nowhere = svc
        .http
        .get(format!(
            "{}/subscriptions/{SUB}/providers/Microsoft.Nothing/x",
            svc.url
        ))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(nowhere.status(), 404);
    assert!(nowhere.headers().contains_key("x-ms-request-id"));
    let e: CloudError = serde_json::from_str(&nowhere.text().await.unwrap()).unwrap();
    assert_eq!(e.error.code, "NotFound");
    let put = svc
        .http
        .put(format!("{}{}?api-version=2021-08-01", svc.url, sales()))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(put.status(), 405);
    let e: CloudError = serde_json::from_str(&put.text().await.unwrap()).unwrap();
    assert_eq!(e.error.code, "HttpMethodNotAllowed");
    // LCS: ASP.NET's {"Message": …}.
    let lcs = svc
        .http
        .get(format!("{}/databasemovement/v1/nothing", svc.url))
        .send()
        .await
        .unwrap();
    assert_eq!(lcs.status(), 404);
    let v: serde_json::Value = lcs.json().await.unwrap();
    assert!(v["Message"].as_str().unwrap().contains("No HTTP resource"), "{v}");
    // The translator keeps its numeric codes.
    assert_eq!(svc.get_code("/nowhere").await, 404000);
    let put = svc
        .http
        .put(format!("{}/translate", svc.url))
        .send()
        .await
        .unwrap();
    assert_eq!(error_code(put).await, 405000);
}

#[tokio::test]
async fn compute_answers_carry_request_ids_and_echo_the_clients() {
    let svc = start().await;
    let token = issue_token(&svc.http, &svc.url).await;
    let path = format!(
        "{}/subscriptions/{SUB}/resourceGroups/demo-rg/providers/Microsoft.Compute/virtualMachines/vm-web-1/migrateToVirtualMachineScaleSet?api-version=2026-03-01",
        svc.url
    );
    let client_id = "c1d2e3f4-0000-4000-8000-000000000001";
    let started = svc
        .http
        .post(&path)
        .bearer_auth(&token)
        .header("x-ms-client-request-id", client_id)
        .send()
        .await
        .unwrap();
    assert_eq!(started.status(), 202);
    let h = started.headers();
    assert!(h.contains_key("x-ms-request-id") && h.contains_key("x-ms-correlation-request-id"));
    assert_eq!(h["x-ms-client-request-id"], client_id);
    let location = h["location"].to_str().unwrap().to_owned();
    let poll = svc.http.get(&location).bearer_auth(&token).send().await.unwrap();
    assert!(poll.headers().contains_key("x-ms-request-id"), "a poll too");
    assert!(
        !poll.headers().contains_key("x-ms-client-request-id"),
        "none sent"
    );
    let refused = svc.http.post(&path).send().await.unwrap();
    assert_eq!(refused.status(), 401);
    assert!(refused.headers().contains_key("x-ms-request-id"), "an error too");
}
