//! LCS database movement (spec 4.2, api-facts §8) against the sandbox:
//! the 401, the x-ms-version and body rules, every validation rule, the
//! 3-per-24-hours limit, the timeline by sandbox time, fetchstatus, restart.

use glossa::api::Secret;
use glossa::api::manage::{DatabaseRefreshResult, OperationStatus, OperationStatusResult, VERSION_EOL_NONE};
use glossa::sandbox::lcs::*;
use glossa::service::ServiceConfig;

use crate::common::*;

const SCALE: f64 = 60.0; // one real second is one sandbox minute
/// Sandbox time at the start: `start_with`'s manual clock, which is also the
/// sandbox epoch.
const START_MS: i64 = 1_800_000_000_000;

async fn lcs_svc(data_dir: Option<std::path::PathBuf>) -> Svc {
    start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        time_scale: Some(SCALE),
        data_dir,
        ..ServiceConfig::default()
    })
    .await
}

pub async fn bearer(svc: &Svc) -> String {
    issue_token(&svc.http, &svc.url).await
}

fn refresh_path(project: &str, source: &str, target: &str) -> String {
    format!("/databasemovement/v1/refresh/project/{project}/source/{source}/target/{target}")
}

async fn refresh(svc: &Svc, token: &str, project: &str, source: &str, target: &str) -> DatabaseRefreshResult {
    let resp = svc
        .http
        .post(format!("{}{}", svc.url, refresh_path(project, source, target)))
        .bearer_auth(token)
        .header("x-ms-version", "2017-09-15")
        .header("Content-Type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let r: DatabaseRefreshResult = resp.json().await.unwrap();
    assert_eq!(r.version_eol.as_deref(), Some(VERSION_EOL_NONE));
    assert!(uuid::Uuid::try_parse(r.operation_activity_id.as_deref().unwrap()).is_ok());
    assert_eq!(r.is_success, r.error_message.is_none(), "{r:?}");
    r
}

async fn refused(svc: &Svc, token: &str, source: &str, target: &str) -> String {
    let r = refresh(svc, token, "1234567", source, target).await;
    assert!(!r.is_success, "{source} -> {target} should be refused");
    r.error_message.unwrap()
}

async fn status(svc: &Svc, token: &str, env: &str, activity: &str) -> OperationStatusResult {
    let path = format!(
        "/databasemovement/v1/fetchstatus/project/1234567/environment/{env}/operationactivity/{activity}"
    );
    let resp = svc
        .get(&path)
        .bearer_auth(token)
        .header("x-ms-version", "2017-09-15")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    resp.json().await.unwrap()
}

#[tokio::test]
async fn unauthenticated_is_the_only_non_200() {
    let svc = lcs_svc(None).await;
    let url = format!("{}{}", svc.url, refresh_path("1234567", PROD, UAT));
    for auth in [None, Some("Bearer not-a-token"), Some("Basic abc")] {
        let mut req = svc.http.post(&url).header("x-ms-version", "2017-09-15");
        if let Some(a) = auth {
            req = req.header("Authorization", a);
        }
        let resp = req.send().await.unwrap();
        assert_eq!(resp.status(), 401);
        assert_eq!(resp.headers()["www-authenticate"], "Bearer");
        let body: serde_json::Value = resp.json().await.unwrap();
        assert_eq!(body["Message"], "Authorization has been denied for this request.");
    }
    let get =
        format!("/databasemovement/v1/fetchstatus/project/1234567/environment/{PROD}/operationactivity/x");
    assert_eq!(svc.get(&get).send().await.unwrap().status(), 401);
}

#[tokio::test]
async fn version_header_and_body_rules() {
    let svc = lcs_svc(None).await;
    let token = bearer(&svc).await;
    let url = format!("{}{}", svc.url, refresh_path("1234567", PROD, UAT));
    for version in [None, Some("2020-01-01")] {
        let mut req = svc.http.post(&url).bearer_auth(&token);
        if let Some(v) = version {
            req = req.header("x-ms-version", v);
        }
        let resp = req.send().await.unwrap();
        assert_eq!(resp.status(), 200);
        let r: DatabaseRefreshResult = resp.json().await.unwrap();
        assert!(!r.is_success);
        assert!(r.error_message.unwrap().contains("x-ms-version"));
    }
    let with_body = svc
        .http
        .post(&url)
        .bearer_auth(&token)
        .header("x-ms-version", "2017-09-15")
        .body("{}")
        .send()
        .await
        .unwrap();
    let r: DatabaseRefreshResult = with_body.json().await.unwrap();
    assert!(!r.is_success);
    assert!(r.error_message.unwrap().contains("request body"));
}

#[tokio::test]
async fn every_validation_rule_refuses_with_a_message() {
    let svc = lcs_svc(None).await;
    let t = bearer(&svc).await;
    let unknown_project = refresh(&svc, &t, "7654321", PROD, UAT).await;
    assert!(
        unknown_project
            .error_message
            .unwrap()
            .contains("Project 7654321 was not found")
    );
    let not_numeric = refresh(&svc, &t, "abc", PROD, UAT).await;
    assert!(!not_numeric.is_success);
    let unknown = "5362377c-0000-4000-8000-0000000000ff";
    assert!(
        refused(&svc, &t, PROD, unknown)
            .await
            .contains("Target environment")
    );
    assert!(
        refused(&svc, &t, unknown, UAT)
            .await
            .contains("Source environment")
    );
    assert!(refused(&svc, &t, "not-a-guid", UAT).await.contains("GUID"));
    assert!(refused(&svc, &t, UAT, UAT).await.contains("cannot be the same"));
    assert!(
        refused(&svc, &t, UAT, PROD)
            .await
            .contains("golden configuration")
    );
    assert!(refused(&svc, &t, PROD, DEV_BOX).await.contains("Tier-1"));
    assert!(refused(&svc, &t, DEV_BOX, UAT).await.contains("Tier-1"));
    assert!(refused(&svc, &t, PROD, OTHER_TENANT).await.contains("tenant"));
    assert!(refused(&svc, &t, PROD, US_TEST).await.contains("geography"));
    assert!(
        refused(&svc, &t, PROD, OLD_PU)
            .await
            .contains("platform update 20")
    );
    assert!(refused(&svc, &t, OLD_PU, UAT).await.contains("platform update"));
    assert!(
        refused(&svc, &t, PROD, OLD_RELEASE)
            .await
            .contains("same application release")
    );
    assert!(
        refused(&svc, &t, PROD, OLD_FR)
            .await
            .contains("Financial Reporting")
    );
    assert!(
        refused(&svc, &t, PROD, SMALL_DB)
            .await
            .contains("(40 GB) exceeds")
    );
    // Case-insensitive ids; a Spartan-managed target may be in another geo.
    assert!(
        refresh(&svc, &t, "1234567", PROD, &UAT.to_uppercase())
            .await
            .is_success
    );
    assert!(refresh(&svc, &t, "1234567", PROD, US_SPARTAN).await.is_success);
}

#[tokio::test]
async fn three_refreshes_per_24_hours_per_project() {
    let svc = lcs_svc(None).await;
    let t = bearer(&svc).await;
    assert!(refresh(&svc, &t, "1234567", PROD, UAT).await.is_success);
    svc.clock.advance(60); // one sandbox hour
    assert!(refresh(&svc, &t, "1234567", PROD, TEST).await.is_success);
    // Refused refreshes do not count.
    refused(&svc, &t, PROD, PROD).await;
    assert!(refresh(&svc, &t, "1234567", UAT, TEST).await.is_success);
    let msg = refused(&svc, &t, PROD, UAT).await;
    assert_eq!(
        msg,
        format!(
            "Maximum allowed API operations are 3 from {}",
            lcs_timestamp(START_MS)
        )
    );
    assert_eq!(
        msg.rsplit('.').next().unwrap().len(),
        7,
        "7 fractional digits: {msg}"
    );
    // 23 sandbox hours later the first call is still in the window.
    svc.clock.advance(23 * 60 - 1);
    let t = bearer(&svc).await; // tokens live 10 real minutes
    assert!(!refresh(&svc, &t, "1234567", PROD, UAT).await.is_success);
    svc.clock.advance(2);
    assert!(refresh(&svc, &t, "1234567", PROD, UAT).await.is_success);
}

#[tokio::test]
async fn refresh_moves_not_started_in_progress_completed() {
    let svc = lcs_svc(None).await;
    let t = bearer(&svc).await;
    let r = refresh(&svc, &t, "1234567", PROD, UAT).await;
    let id = r.operation_activity_id.unwrap();
    let s = status(&svc, &t, UAT, &id).await;
    assert!(s.is_success);
    assert_eq!(s.operation_status, Some(OperationStatus::NotStarted));
    assert_eq!(s.activity_id.as_deref(), Some(id.as_str()));
    assert_ne!(
        s.operation_activity_id.as_deref(),
        Some(id.as_str()),
        "a fresh id"
    );
    assert_eq!(s.project_id, Some(1_234_567));
    assert_eq!(s.environment_id.as_deref(), Some(UAT));
    assert_eq!(s.completion_date, None);
    svc.clock.advance(2); // queued for 2 sandbox minutes
    assert_eq!(
        status(&svc, &t, PROD, &id).await.operation_status,
        Some(OperationStatus::InProgress)
    );
    svc.clock.advance(59); // runs (20 + 40 GB) minutes
    let s = status(&svc, &t, UAT, &id).await;
    assert_eq!(s.operation_status, Some(OperationStatus::InProgress));
    svc.clock.advance(1);
    let s = status(&svc, &t, UAT, &id).await;
    assert_eq!(s.operation_status, Some(OperationStatus::Completed));
    let done = s.completion_date.unwrap();
    assert_eq!(done, lcs_timestamp(START_MS + 62 * 60_000));
    // Unknown activity, or an environment the refresh does not involve.
    for (env, act) in [(UAT, "00000000-0000-0000-0000-000000000000"), (TEST, id.as_str())] {
        let s = status(&svc, &t, env, act).await;
        assert!(!s.is_success);
        assert!(s.error_message.unwrap().contains("was not found"));
    }
}

#[tokio::test]
async fn a_refresh_into_staging_fails_half_way() {
    let svc = lcs_svc(None).await;
    let t = bearer(&svc).await;
    let id = refresh(&svc, &t, "1234567", UAT, FAILS_MIDWAY)
        .await
        .operation_activity_id
        .unwrap();
    svc.clock.advance(2 + 25); // queued 2, then half of (20 + 30) minutes
    let s = status(&svc, &t, FAILS_MIDWAY, &id).await;
    assert_eq!(s.operation_status, Some(OperationStatus::Failed));
    assert!(s.completion_date.is_some());
    // It says why, in ErrorMessage (IsSuccess stays true: the read worked).
    assert!(s.is_success);
    let reason = s.error_message.expect("a failed operation says why");
    assert!(
        reason.contains("Contoso Staging") && reason.contains("rolled back"),
        "{reason}"
    );
}

#[tokio::test]
async fn a_running_or_completed_refresh_has_no_error_message() {
    let svc = lcs_svc(None).await;
    let t = bearer(&svc).await;
    let id = refresh(&svc, &t, "1234567", PROD, UAT)
        .await
        .operation_activity_id
        .unwrap();
    let s = status(&svc, &t, UAT, &id).await;
    assert_eq!(s.error_message, None);
}

#[tokio::test]
async fn refreshes_and_the_limit_survive_a_restart() {
    let dir = std::env::temp_dir().join(format!("glossa-lcs-{}", uuid::Uuid::new_v4()));
    let svc = lcs_svc(Some(dir.clone())).await;
    let t = bearer(&svc).await;
    let id = refresh(&svc, &t, "1234567", PROD, UAT)
        .await
        .operation_activity_id
        .unwrap();
    assert!(refresh(&svc, &t, "1234567", PROD, TEST).await.is_success);
    assert!(refresh(&svc, &t, "1234567", UAT, TEST).await.is_success);
    svc.running.stop().await.unwrap();
    let svc = lcs_svc(Some(dir.clone())).await;
    let t = bearer(&svc).await;
    assert_eq!(
        status(&svc, &t, UAT, &id).await.operation_status,
        Some(OperationStatus::NotStarted)
    );
    assert!(
        refused(&svc, &t, PROD, UAT)
            .await
            .starts_with("Maximum allowed API operations are 3")
    );
    svc.running.stop().await.unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}
