//! Compute migrate to scale set (spec 4.3, api-facts §7) against the
//! sandbox: 202 + Location + Retry-After, polling 202 then 200, every
//! CloudError, api-versions, case-insensitive resource group, restart.

use glossa::api::Secret;
use glossa::api::manage::{COMPUTE_API_VERSIONS, CloudError};
use glossa::service::ServiceConfig;
use reqwest::Response;

use crate::common::*;
use crate::manage_lcs::bearer;

const SUB: &str = "11111111-1111-1111-1111-111111111111";

async fn compute_svc(data_dir: Option<std::path::PathBuf>) -> Svc {
    start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        time_scale: Some(60.0), // 5 sandbox minutes of migration = 5 real seconds
        data_dir,
        ..ServiceConfig::default()
    })
    .await
}

fn path(rg: &str, vm: &str, version: &str) -> String {
    format!(
        "/subscriptions/{SUB}/resourceGroups/{rg}/providers/Microsoft.Compute/virtualMachines/{vm}/migrateToVirtualMachineScaleSet?api-version={version}"
    )
}

async fn migrate(svc: &Svc, token: &str, rg: &str, vm: &str, body: Option<&str>) -> Response {
    let mut req = svc
        .http
        .post(format!("{}{}", svc.url, path(rg, vm, "2026-03-01")))
        .bearer_auth(token);
    if let Some(b) = body {
        req = req.header("Content-Type", "application/json").body(b.to_owned());
    }
    req.send().await.unwrap()
}

async fn cloud_error(resp: Response, status: u16) -> CloudError {
    assert_eq!(resp.status(), status);
    let text = resp.text().await.unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Checks the 202 and returns its Location.
fn accepted(resp: &Response) -> String {
    assert_eq!(resp.status(), 202);
    let retry: u64 = resp.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry >= 1);
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    let host = resp.url().host_str().unwrap().to_owned();
    assert!(location.starts_with(&format!("http://{host}:")), "{location}");
    assert!(location.contains(&format!(
        "/subscriptions/{SUB}/providers/Microsoft.Compute/locations/westeurope/operations/"
    )));
    assert!(
        location.ends_with("?monitor=true&api-version=2025-04-01"),
        "{location}"
    );
    location
}

async fn poll(svc: &Svc, token: &str, location: &str) -> Response {
    svc.http.get(location).bearer_auth(token).send().await.unwrap()
}

#[tokio::test]
async fn migrate_accepts_then_polls_202_then_200() {
    let svc = compute_svc(None).await;
    let t = bearer(&svc).await;
    let resp = migrate(&svc, &t, "demo-rg", "vm-web-1", None).await;
    let location = accepted(&resp);
    assert!(resp.text().await.unwrap().is_empty(), "no body");
    svc.clock.advance(4);
    let running = poll(&svc, &t, &location).await;
    assert_eq!(accepted(&running), location);
    svc.clock.advance(1);
    let done = poll(&svc, &t, &location).await;
    assert_eq!(done.status(), 200);
    assert!(done.text().await.unwrap().is_empty());
    // Migrated: a second migration conflicts.
    let again = migrate(&svc, &t, "demo-rg", "vm-web-1", None).await;
    assert_eq!(cloud_error(again, 409).await.error.code, "Conflict");
}

#[tokio::test]
async fn every_api_version_and_any_case_of_the_resource_group() {
    let svc = compute_svc(None).await;
    let t = bearer(&svc).await;
    for (version, vm) in COMPUTE_API_VERSIONS
        .iter()
        .zip(["vm-web-1", "vm-web-2", "vm-web-3"])
    {
        let url = format!("{}{}", svc.url, path("DEMO-RG", vm, version));
        let resp = svc.http.post(url).bearer_auth(&t).send().await.unwrap();
        accepted(&resp);
    }
    let resp = migrate(&svc, &t, "Demo-Rg", "VM-WEB-4", Some(r#"{"targetZone":"2"}"#)).await;
    let location = accepted(&resp);
    // The poll takes every version too.
    for version in COMPUTE_API_VERSIONS {
        let url = location.replace("api-version=2025-04-01", &format!("api-version={version}"));
        assert_eq!(poll(&svc, &t, &url).await.status(), 202, "{version}");
    }
}

#[tokio::test]
async fn auth_and_api_version_errors() {
    let svc = compute_svc(None).await;
    let url = format!("{}{}", svc.url, path("demo-rg", "vm-web-1", "2026-03-01"));
    let none = svc.http.post(&url).send().await.unwrap();
    assert_eq!(cloud_error(none, 401).await.error.code, "AuthenticationFailed");
    let bad = svc.http.post(&url).bearer_auth("nope").send().await.unwrap();
    assert_eq!(cloud_error(bad, 401).await.error.code, "AuthenticationFailed");
    let t = bearer(&svc).await;
    let old = format!("{}{}", svc.url, path("demo-rg", "vm-web-1", "2023-03-01"));
    let resp = svc.http.post(old).bearer_auth(&t).send().await.unwrap();
    let e = cloud_error(resp, 400).await;
    assert_eq!(e.error.code, "InvalidApiVersionParameter");
    assert!(e.error.message.contains("2026-03-01"));
    let missing = url.split('?').next().unwrap().to_owned();
    let resp = svc.http.post(missing).bearer_auth(&t).send().await.unwrap();
    assert_eq!(
        cloud_error(resp, 400).await.error.code,
        "MissingApiVersionParameter"
    );
}

#[tokio::test]
async fn input_not_found_and_conflict_errors() {
    let svc = compute_svc(None).await;
    let t = bearer(&svc).await;
    let e = cloud_error(migrate(&svc, &t, "demo-rg", "vm-db-9", None).await, 404).await;
    assert_eq!(e.error.code, "ResourceNotFound");
    let e = cloud_error(migrate(&svc, &t, "other-rg", "vm-web-1", None).await, 404).await;
    assert_eq!(e.error.code, "ResourceNotFound");
    let e = cloud_error(migrate(&svc, &t, &"r".repeat(91), "vm-web-1", None).await, 400).await;
    assert_eq!(e.error.target.as_deref(), Some("resourceGroupName"));
    let e = cloud_error(
        migrate(&svc, &t, "demo-rg", "vm-web-1", Some("{not json")).await,
        400,
    )
    .await;
    assert_eq!(e.error.code, "InvalidRequestContent");
    for (body, target) in [
        (r#"{"targetZone":"4"}"#, "targetZone"),
        (r#"{"targetVMSize":"Standard_Imaginary_v9"}"#, "targetVMSize"),
        (r#"{"targetFaultDomain":3}"#, "targetFaultDomain"),
        (r#"{"targetFaultDomain":-1}"#, "targetFaultDomain"),
    ] {
        let e = cloud_error(migrate(&svc, &t, "demo-rg", "vm-web-1", Some(body)).await, 400).await;
        assert_eq!(e.error.code, "InvalidParameter");
        assert_eq!(e.error.target.as_deref(), Some(target));
        assert_eq!(e.error.details.len(), 1);
        assert_eq!(e.error.details[0].target.as_deref(), Some(target));
        assert!(e.error.innererror.unwrap().exceptiontype.is_some());
    }
    let all = r#"{"targetZone":"0","targetVMSize":"x","targetFaultDomain":9}"#;
    let e = cloud_error(migrate(&svc, &t, "demo-rg", "vm-web-1", Some(all)).await, 400).await;
    assert_eq!(e.error.details.len(), 3);
    let ok = r#"{"targetZone":"1","targetVMSize":"standard_d2s_v5","targetFaultDomain":2}"#;
    accepted(&migrate(&svc, &t, "demo-rg", "vm-web-1", Some(ok)).await);
    let e = cloud_error(migrate(&svc, &t, "demo-rg", "vm-web-1", None).await, 409).await;
    assert_eq!(e.error.code, "OperationNotAllowed");
    let unknown = format!(
        "{}/subscriptions/{SUB}/providers/Microsoft.Compute/locations/westeurope/operations/{}?api-version=2025-04-01",
        svc.url,
        uuid::Uuid::new_v4()
    );
    assert_eq!(
        cloud_error(poll(&svc, &t, &unknown).await, 404).await.error.code,
        "OperationNotFound"
    );
}

#[tokio::test]
async fn vm_web_4_fails_half_way_and_may_be_retried() {
    let svc = compute_svc(None).await;
    let t = bearer(&svc).await;
    let location = accepted(&migrate(&svc, &t, "demo-rg", "vm-web-4", None).await);
    svc.clock.advance(3);
    let e = cloud_error(poll(&svc, &t, &location).await, 409).await;
    assert_eq!(e.error.code, "AllocationFailed");
    assert!(e.error.innererror.is_some());
    accepted(&migrate(&svc, &t, "demo-rg", "vm-web-4", None).await);
}

#[tokio::test]
async fn migrations_survive_a_restart() {
    let dir = std::env::temp_dir().join(format!("glossa-compute-{}", uuid::Uuid::new_v4()));
    let svc = compute_svc(Some(dir.clone())).await;
    let t = bearer(&svc).await;
    let location = accepted(&migrate(&svc, &t, "demo-rg", "vm-web-2", None).await);
    let op = location.split("/operations/").nth(1).unwrap().to_owned();
    svc.running.stop().await.unwrap();
    let svc = compute_svc(Some(dir.clone())).await;
    let t = bearer(&svc).await;
    let e = cloud_error(migrate(&svc, &t, "demo-rg", "vm-web-2", None).await, 409).await;
    assert_eq!(e.error.code, "OperationNotAllowed");
    let again = format!(
        "{}/subscriptions/{SUB}/providers/Microsoft.Compute/locations/westeurope/operations/{op}",
        svc.url
    );
    assert_eq!(poll(&svc, &t, &again).await.status(), 202);
    svc.clock.advance(5);
    assert_eq!(poll(&svc, &t, &again).await.status(), 200);
    svc.running.stop().await.unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn the_async_operation_status_reports_progress_then_the_end() {
    use glossa::api::manage::AsyncOperationStatus;
    let svc = compute_svc(None).await;
    let t = bearer(&svc).await;
    let status_of = |resp: &Response| {
        resp.headers()["azure-asyncoperation"]
            .to_str()
            .unwrap()
            .to_owned()
    };
    let read = |url: String| {
        let (http, t) = (svc.http.clone(), t.clone());
        async move {
            let resp = http.get(&url).bearer_auth(&t).send().await.unwrap();
            assert_eq!(resp.status(), 200, "the status address is always 200");
            let retry = resp
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().to_owned());
            let body: AsyncOperationStatus = resp.json().await.unwrap();
            (body, retry)
        }
    };
    let resp = migrate(&svc, &t, "demo-rg", "vm-web-1", None).await;
    let location = accepted(&resp);
    let url = status_of(&resp);
    assert_eq!(
        url,
        location.replace("monitor=true&", ""),
        "the same operation, without monitor"
    );
    svc.clock.advance(2);
    let (s, retry) = read(url.clone()).await;
    assert_eq!(s.status, "InProgress");
    assert_eq!(s.percent_complete, Some(40.0), "2 of 5 real seconds at 60×");
    assert!(s.start_time.is_some() && s.end_time.is_none() && s.error.is_none());
    assert_eq!(retry.as_deref(), Some("1"));
    svc.clock.advance(3);
    let (s, retry) = read(url).await;
    assert_eq!(
        (s.status.as_str(), s.percent_complete),
        ("Succeeded", Some(100.0))
    );
    assert!(s.end_time.is_some() && retry.is_none());
    assert_eq!(
        poll(&svc, &t, &location).await.status(),
        200,
        "the Location agrees"
    );

    let resp = migrate(&svc, &t, "demo-rg", "vm-web-4", None).await;
    let url = status_of(&resp);
    svc.clock.advance(6);
    let (s, _) = read(url).await;
    assert_eq!(s.status, "Failed");
    assert!(s.is_final());
    let e = s.error.expect("an error with Failed");
    assert_eq!(
        (e.code.as_str(), e.target.as_deref()),
        ("AllocationFailed", Some("vm-web-4"))
    );
}
