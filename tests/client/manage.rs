//! The management client against small fake servers that follow the spec
//! (ARM paths, LCS paths, the device code endpoints), and the management
//! one-shot commands.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use glossa::api::Secret;
use glossa::api::manage::{MigrationInput, OperationStatus};
use glossa::client::manage::{ManageClient, ManageError, Poll, PollTiming, ShareRef, TokenSource, VmRef};

use crate::common::fast_retries;

/// One request as the fake server saw it.
#[derive(Clone, Debug)]
pub(crate) struct Seen {
    pub method: Method,
    pub uri: String,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Seen {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    fn origin(&self) -> String {
        format!("http://{}", self.header("host"))
    }
}

pub(crate) type Log = Arc<Mutex<Vec<Seen>>>;

/// A server answering every request with `answer(n, request)`, n from 0.
pub(crate) async fn fake<F>(answer: F) -> (String, Log)
where
    F: Fn(u32, &Seen) -> Response + Send + Sync + 'static,
{
    let log: Log = Arc::default();
    let count = Arc::new(AtomicU32::new(0));
    let answer = Arc::new(answer);
    let seen_log = log.clone();
    let app = Router::new().fallback(move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
        let seen = Seen {
            method,
            uri: uri.to_string(),
            headers,
            body,
        };
        let n = count.fetch_add(1, Ordering::SeqCst);
        let reply = answer(n, &seen);
        seen_log.lock().unwrap().push(seen);
        async move { reply }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, log)
}

pub(crate) fn json(status: u16, headers: &[(&str, String)], body: serde_json::Value) -> Response {
    let mut r = (StatusCode::from_u16(status).unwrap(), body.to_string()).into_response();
    r.headers_mut()
        .insert("content-type", "application/json".parse().unwrap());
    for (k, v) in headers {
        r.headers_mut().insert(
            axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
            v.parse().unwrap(),
        );
    }
    r
}

fn empty(status: u16, headers: &[(&str, String)]) -> Response {
    let mut r = StatusCode::from_u16(status).unwrap().into_response();
    for (k, v) in headers {
        r.headers_mut().insert(
            axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
            v.parse().unwrap(),
        );
    }
    r
}

pub(crate) const TOKEN: &str = "tok-SECRET-0123456789";

fn quick_timing() -> PollTiming {
    PollTiming {
        default: Duration::from_millis(30),
        min: Duration::ZERO,
        max: Duration::from_secs(2),
    }
}

pub(crate) fn client(url: &str) -> ManageClient {
    ManageClient::builder(TokenSource::Static(Secret::new(TOKEN)))
        .management_url(url)
        .lcs_url(url)
        .retry(fast_retries())
        .poll_timing(quick_timing())
        .build()
        .unwrap()
}

fn share() -> ShareRef {
    ShareRef {
        subscription: "11111111-1111-1111-1111-111111111111".into(),
        resource_group: "demo rg".into(),
        account: "demo-account".into(),
        share: "sales/share".into(),
    }
}

const ENV_A: &str = "5362377c-1111-2222-3333-444455556666";
const ENV_B: &str = "6362377c-1111-2222-3333-444455556666";
const ACTIVITY: &str = "55eb4327-9346-4c7b-82bd-fe8ef15112c6";

fn sync_page(n: u32, pages: u32, seen: &Seen) -> Response {
    let next = (n + 1 < pages).then(|| {
        format!(
            "{}/subscriptions/s/resourceGroups/g/providers/Microsoft.DataShare/accounts/a/shares/sh/listSynchronizations?api-version=2021-08-01&$skipToken=page{}",
            seen.origin(),
            n + 1
        )
    });
    let mut body = serde_json::json!({"value": [{
        "startTime": format!("2024-01-0{}T00:00:00Z", n + 1), "durationMs": 2000 + n,
        "status": "Completed", "consumerName": "abc@example.com",
        "synchronizationId": format!("run{n}"), "synchronizationMode": "Incremental"}]});
    if let Some(l) = next {
        body["nextLink"] = l.into();
    }
    json(
        200,
        &[
            (
                "x-ms-ratelimit-remaining-subscription-reads",
                (14999 - n).to_string(),
            ),
            ("x-ms-request-id", format!("req-{n}")),
        ],
        body,
    )
}

#[tokio::test]
async fn pages_follow_next_link_with_the_read_allowance() {
    let (url, log) = fake(|n, seen| sync_page(n, 6, seen)).await;
    let c = client(&url);
    let mut pager = c
        .list_synchronizations(&share(), Some("consumerTenantName eq 'nda'"), Some("durationMs"))
        .unwrap();
    let first = pager.next_page().await.unwrap().unwrap();
    assert_eq!(first.remaining_reads, Some(14999));
    assert_eq!(first.request_id.as_deref(), Some("req-0"));
    assert_eq!(first.items()[0].synchronization_id.as_deref(), Some("run0"));
    let (rest, last) = pager.all().await.unwrap();
    assert_eq!(rest.len(), 5);
    let last = last.unwrap();
    assert_eq!(last.remaining_reads, Some(14994));
    assert_eq!(last.next_link(), None);
    assert!(pager.next_page().await.unwrap().is_none());

    let log = log.lock().unwrap();
    assert_eq!(log.len(), 6);
    let first = &log[0];
    assert_eq!(first.method, Method::POST);
    assert!(
        first.uri.starts_with(
            "/subscriptions/11111111-1111-1111-1111-111111111111/resourceGroups/demo%20rg/providers/Microsoft.DataShare/accounts/demo-account/shares/sales%2Fshare/listSynchronizations?api-version=2021-08-01&%24filter=consumerTenantName+eq+%27nda%27&%24orderby=durationMs"
        ),
        "{}",
        first.uri
    );
    assert_eq!(first.header("authorization"), format!("Bearer {TOKEN}"));
    assert_eq!(first.header("content-length"), "0");
    assert!(first.body.is_empty());
    for (i, s) in log.iter().enumerate().skip(1) {
        assert_eq!(s.method, Method::POST, "nextLink is re-POSTed");
        assert!(s.uri.ends_with(&format!("$skipToken=page{i}")), "{}", s.uri);
    }
}

#[tokio::test]
async fn data_share_error_with_nested_details() {
    let (url, _) = fake(|_, _| {
        json(
            404,
            &[("x-ms-request-id", "rid-404".into())],
            serde_json::json!({"error": {"code": "ResourceNotFound", "message": "The share was not found.",
                "target": "sales-share", "details": [{"code": "Outer", "message": "outer",
                "details": [{"code": "Inner", "message": "inner"}]}]}}),
        )
    })
    .await;
    let err = client(&url)
        .list_synchronizations(&share(), None, None)
        .unwrap()
        .next_page()
        .await
        .unwrap_err();
    let ManageError::DataShare {
        status,
        error,
        request_id,
    } = &err
    else {
        panic!("{err:?}")
    };
    assert_eq!(*status, 404);
    assert_eq!(request_id.as_deref(), Some("rid-404"));
    assert_eq!(error.error.details[0].details[0].code, "Inner");
    let line = err.to_string();
    assert!(
        line.contains("ResourceNotFound") && line.contains("Inner: inner") && line.contains("rid-404"),
        "{line}"
    );
    assert_eq!(err.exit_code(), 1);
}

#[tokio::test]
async fn throttled_list_is_retried_after_retry_after() {
    let (url, log) = fake(|n, seen| {
        if n == 0 {
            json(
                429,
                &[("retry-after", "0.1".into())],
                serde_json::json!({"error":{"code":"TooManyRequests","message":"slow"}}),
            )
        } else {
            sync_page(5, 6, seen)
        }
    })
    .await;
    let started = Instant::now();
    let page = client(&url)
        .list_synchronizations(&share(), None, None)
        .unwrap()
        .next_page()
        .await
        .unwrap()
        .unwrap();
    assert!(started.elapsed() >= Duration::from_millis(100));
    assert_eq!(page.items().len(), 1);
    assert_eq!(log.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn next_link_to_another_origin_is_refused() {
    let (url, _) = fake(|_, _| {
        json(
            200,
            &[],
            serde_json::json!({"value": [], "nextLink": "https://evil.example/steal?x=1"}),
        )
    })
    .await;
    let mut pager = client(&url).list_synchronizations(&share(), None, None).unwrap();
    let err = pager.next_page().await.unwrap_err();
    assert!(matches!(err, ManageError::Input(_)), "{err:?}");
}

#[tokio::test]
async fn refresh_refused_is_a_typed_failure() {
    let (url, log) = fake(|_, _| {
        json(
            200,
            &[],
            serde_json::json!({"IsSuccess": false, "OperationActivityId": ACTIVITY,
            "ErrorMessage": "Maximum allowed API operations are 3 from 2019-09-30T04:01:01.9999999",
            "VersionEOL": "9999-12-31T23:59:59.9999999"}),
        )
    })
    .await;
    let err = client(&url).refresh("1234567", ENV_A, ENV_B).await.unwrap_err();
    let ManageError::RefreshRefused { message, activity_id } = &err else {
        panic!("{err:?}")
    };
    assert!(message.starts_with("Maximum allowed API operations are 3"));
    assert_eq!(activity_id.as_deref(), Some(ACTIVITY));
    assert_eq!(err.exit_code(), 1);
    let log = log.lock().unwrap();
    assert_eq!(log.len(), 1);
    let s = &log[0];
    assert_eq!(s.method, Method::POST);
    assert_eq!(
        s.uri,
        format!("/databasemovement/v1/refresh/project/1234567/source/{ENV_A}/target/{ENV_B}")
    );
    assert_eq!(s.header("x-ms-version"), "2017-09-15");
    assert_eq!(s.header("content-length"), "0");
    assert!(s.body.is_empty());
}

#[tokio::test]
async fn refresh_accepted_returns_the_activity() {
    let (url, _) = fake(|_, _| {
        json(
            200,
            &[],
            serde_json::json!({"IsSuccess": true, "OperationActivityId": ACTIVITY,
            "ErrorMessage": null, "VersionEOL": "9999-12-31T23:59:59.9999999"}),
        )
    })
    .await;
    let started = client(&url).refresh("1234567", ENV_A, ENV_B).await.unwrap();
    assert_eq!(started.activity_id, ACTIVITY);
}

#[tokio::test]
async fn refresh_401_is_an_auth_error() {
    let (url, log) = fake(|_, _| empty(401, &[])).await;
    let err = client(&url).refresh("1234567", ENV_A, ENV_B).await.unwrap_err();
    assert!(
        matches!(err, ManageError::Unauthorized { status: 401, .. }),
        "{err:?}"
    );
    assert_eq!(log.lock().unwrap().len(), 1, "a static token is not asked again");
}

#[tokio::test]
async fn status_is_followed_to_completed() {
    let (url, log) = fake(|n, _| {
        let state = match n {
            0 => "NotStarted",
            1 | 2 => "InProgress",
            _ => "Completed",
        };
        json(200, &[], serde_json::json!({"IsSuccess": true, "OperationActivityId": "6a90b45f",
            "ErrorMessage": null, "VersionEOL": "9999-12-31T23:59:59.9999999", "ProjectId": 1234567,
            "EnvironmentId": ENV_B, "ActivityId": ACTIVITY, "CompletionDate": null, "OperationStatus": state}))
    })
    .await;
    let mut seen = Vec::new();
    let fin = client(&url)
        .follow_refresh("1234567", ENV_B, ACTIVITY, Duration::from_millis(10), |s| {
            seen.push(s.operation_status.unwrap())
        })
        .await
        .unwrap();
    assert_eq!(fin.operation_status, Some(OperationStatus::Completed));
    assert_eq!(seen.len(), 4);
    let log = log.lock().unwrap();
    assert_eq!(log[0].method, Method::GET);
    assert_eq!(
        log[0].uri,
        format!(
            "/databasemovement/v1/fetchstatus/project/1234567/environment/{ENV_B}/operationactivity/{ACTIVITY}"
        )
    );
}

fn vm() -> VmRef {
    VmRef {
        subscription: "11111111-1111-1111-1111-111111111111".into(),
        resource_group: "demo-rg".into(),
        vm: "myVM".into(),
    }
}

/// A Location as long as real ones can be (≥ 4 KB), with the `&monitor=true` form.
fn location(origin: &str) -> String {
    format!(
        "{origin}/subscriptions/s/providers/Microsoft.Compute/locations/westus/operations/{}&monitor=true&api-version=2025-04-01",
        "o".repeat(4200)
    )
}

#[tokio::test]
async fn migrate_202_then_202_then_200_honoring_retry_after() {
    let (url, log) = fake(|n, seen| match n {
        0 | 1 => empty(
            202,
            &[
                ("location", location(&seen.origin())),
                ("retry-after", "0.1".into()),
            ],
        ),
        _ => empty(200, &[]),
    })
    .await;
    let c = client(&url);
    let input = MigrationInput {
        target_fault_domain: Some(0),
        target_vm_size: Some("Standard_D1_v2".into()),
        target_zone: None,
    };
    let m = c.migrate(&vm(), &input).await.unwrap();
    let loc = m.location.clone().unwrap();
    assert!(loc.len() > 4096);
    assert_eq!(m.retry_after, Some(Duration::from_millis(100)));
    let started = Instant::now();
    let mut polls = Vec::new();
    c.watch_migration(&loc, m.retry_after, |p| polls.push(p.clone()))
        .await
        .unwrap();
    assert!(
        started.elapsed() >= Duration::from_millis(200),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(
        polls,
        vec![
            Poll::Running {
                retry_after: Some(Duration::from_millis(100))
            },
            Poll::Done
        ]
    );
    let log = log.lock().unwrap();
    assert_eq!(
        log[0].uri,
        "/subscriptions/11111111-1111-1111-1111-111111111111/resourceGroups/demo-rg/providers/Microsoft.Compute/virtualMachines/myVM/migrateToVirtualMachineScaleSet?api-version=2026-03-01"
    );
    assert_eq!(
        std::str::from_utf8(&log[0].body).unwrap(),
        r#"{"targetFaultDomain":0,"targetVMSize":"Standard_D1_v2"}"#
    );
    assert_eq!(log[1].method, Method::GET);
    assert!(log[1].uri.ends_with("&monitor=true&api-version=2025-04-01"));
}

#[tokio::test]
async fn a_stored_location_resumes_and_retry_after_absent_uses_the_default() {
    let (url, log) = fake(|n, _| if n < 2 { empty(202, &[]) } else { empty(204, &[]) }).await;
    let c = client(&url);
    let started = Instant::now();
    let mut polls = 0;
    c.watch_migration(&location(&url), None, |_| polls += 1)
        .await
        .unwrap();
    // Two waits of the (test) default of 30 ms.
    assert!(started.elapsed() >= Duration::from_millis(60));
    assert_eq!(polls, 3);
    assert_eq!(log.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn cloud_error_with_innererror() {
    let (url, _) = fake(|_, _| {
        json(
            409,
            &[("x-ms-request-id", "rid-409".into())],
            serde_json::json!({"error": {
            "code": "OperationNotAllowed", "message": "The VM is not in an availability set.",
            "details": [{"code": "Detail", "message": "d"}],
            "innererror": {"exceptiontype": "InvalidOperationException", "errordetail": "stack..."}}}),
        )
    })
    .await;
    let err = client(&url).poll_migration(&location(&url)).await.unwrap_err();
    let ManageError::Cloud {
        status,
        error,
        request_id,
    } = &err
    else {
        panic!("{err:?}")
    };
    assert_eq!(*status, 409);
    assert_eq!(request_id.as_deref(), Some("rid-409"));
    let inner = error.error.innererror.as_ref().unwrap();
    assert_eq!(inner.exceptiontype.as_deref(), Some("InvalidOperationException"));
    assert!(err.to_string().contains("InvalidOperationException"));
    let err = client(&url)
        .migrate(&vm(), &MigrationInput::default())
        .await
        .unwrap_err();
    assert!(matches!(err, ManageError::Cloud { status: 409, .. }));
}

#[tokio::test]
async fn path_parameters_are_checked_before_sending() {
    let (url, log) = fake(|_, _| empty(500, &[])).await;
    let c = client(&url);
    let mut bad = share();
    bad.subscription = " ".into();
    assert!(matches!(
        c.list_synchronizations(&bad, None, None),
        Err(ManageError::Input(_))
    ));
    let mut bad = vm();
    bad.resource_group = "r".repeat(91);
    let err = c.migrate(&bad, &MigrationInput::default()).await.unwrap_err();
    assert!(
        matches!(err, ManageError::Input(_)) && err.exit_code() == 2,
        "{err:?}"
    );
    let mut bad = vm();
    bad.vm = String::new();
    assert!(matches!(
        c.migrate(&bad, &MigrationInput::default()).await,
        Err(ManageError::Input(_))
    ));
    assert!(matches!(
        c.refresh("1234567", "not-a-guid", ENV_B).await,
        Err(ManageError::Input(_))
    ));
    assert!(matches!(
        c.refresh("12a", ENV_A, ENV_B).await,
        Err(ManageError::Input(_))
    ));
    assert!(matches!(
        c.refresh_status("1", ENV_A, "").await,
        Err(ManageError::Input(_))
    ));
    assert!(matches!(
        c.poll_migration("https://elsewhere.example/op").await,
        Err(ManageError::Input(_))
    ));
    assert!(log.lock().unwrap().is_empty(), "nothing was sent");
}

#[tokio::test]
async fn device_code_sign_in_waits_for_the_user() {
    let (url, log) = fake(|n, seen| {
        if seen.uri.ends_with("/oauth2/v2.0/devicecode") {
            json(200, &[], serde_json::json!({"device_code": "dev-code-1", "user_code": "ABCD-EFGH",
                "verification_uri": "https://microsoft.com/devicelogin", "expires_in": 60, "interval": 0,
                "message": "To sign in, use a web browser to open https://microsoft.com/devicelogin and enter the code ABCD-EFGH."}))
        } else if seen.uri.ends_with("/oauth2/v2.0/token") {
            if n < 3 {
                json(400, &[], serde_json::json!({"error": "authorization_pending", "error_description": "pending"}))
            } else {
                json(200, &[], serde_json::json!({"access_token": "device-token-xyz", "token_type": "Bearer", "expires_in": 3600}))
            }
        } else {
            sync_page(5, 6, seen)
        }
    })
    .await;
    let prompts = Arc::new(Mutex::new(Vec::<String>::new()));
    let shown = prompts.clone();
    let c = ManageClient::builder(TokenSource::DeviceCode {
        login_url: url.clone(),
        tenant: "organizations".into(),
        client_id: "client-1".into(),
        scope: None,
    })
    .management_url(&url)
    .retry(fast_retries())
    .prompt(move |m| shown.lock().unwrap().push(m.to_owned()))
    .build()
    .unwrap();
    for _ in 0..2 {
        let page = c
            .list_synchronizations(&share(), None, None)
            .unwrap()
            .next_page()
            .await
            .unwrap();
        assert!(page.is_some());
    }
    assert_eq!(
        prompts.lock().unwrap().len(),
        1,
        "signed in once, the token cached"
    );
    assert!(prompts.lock().unwrap()[0].contains("ABCD-EFGH"));
    let log = log.lock().unwrap();
    let uris: Vec<&str> = log.iter().map(|s| s.uri.as_str()).collect();
    assert_eq!(uris[0], "/organizations/oauth2/v2.0/devicecode");
    let form = std::str::from_utf8(&log[0].body).unwrap();
    assert!(
        form.contains("client_id=client-1") && form.contains("user_impersonation"),
        "{form}"
    );
    assert_eq!(uris[1..3], ["/organizations/oauth2/v2.0/token"; 2]);
    let grant = std::str::from_utf8(&log[1].body).unwrap();
    assert!(
        grant.contains("device_code=dev-code-1") && grant.contains("grant_type=urn%3Aietf"),
        "{grant}"
    );
    assert_eq!(log[4].header("authorization"), "Bearer device-token-xyz");
    assert_eq!(log.len(), 6);
}

#[tokio::test]
async fn expired_device_code_is_a_sign_in_failure() {
    let (url, _) = fake(|_, seen| {
        if seen.uri.ends_with("/devicecode") {
            json(200, &[], serde_json::json!({"device_code": "d", "user_code": "U", "verification_uri": "v", "expires_in": 60, "interval": 0}))
        } else {
            json(400, &[], serde_json::json!({"error": "expired_token"}))
        }
    })
    .await;
    let c = ManageClient::builder(TokenSource::DeviceCode {
        login_url: url.clone(),
        tenant: "t".into(),
        client_id: "c".into(),
        scope: Some("s".into()),
    })
    .management_url(&url)
    .prompt(|_| {})
    .build()
    .unwrap();
    let err = c
        .list_synchronizations(&share(), None, None)
        .unwrap()
        .next_page()
        .await
        .unwrap_err();
    assert!(matches!(err, ManageError::Token(_)), "{err:?}");
}

#[tokio::test]
async fn local_service_tokens_are_minted_with_the_key() {
    let (url, log) = fake(|_, seen| {
        if seen.uri == "/sts/v1.0/issueToken" {
            if seen.header("ocp-apim-subscription-key") == "local-key" {
                (StatusCode::OK, "minted.jwt.token").into_response()
            } else {
                empty(401, &[])
            }
        } else {
            sync_page(5, 6, seen)
        }
    })
    .await;
    let c = ManageClient::builder(TokenSource::LocalService {
        base: url.clone(),
        key: Secret::new("local-key"),
    })
    .management_url(&url)
    .build()
    .unwrap();
    for _ in 0..3 {
        c.list_synchronizations(&share(), None, None)
            .unwrap()
            .next_page()
            .await
            .unwrap();
    }
    let log = log.lock().unwrap();
    assert_eq!(log.iter().filter(|s| s.uri.contains("issueToken")).count(), 1);
    assert_eq!(log[1].header("authorization"), "Bearer minted.jwt.token");
}

#[tokio::test]
async fn the_token_never_shows_in_errors() {
    let (url, _) = fake(|n, _| match n {
        0 => empty(401, &[]),
        _ => json(
            503,
            &[],
            serde_json::json!({"error": {"code": "ServerBusy", "message": "busy"}}),
        ),
    })
    .await;
    let c = client(&url);
    let mut shown = format!("{c:?} {c:#?}");
    let e1 = c.refresh("1", ENV_A, ENV_B).await.unwrap_err();
    let e2 = c
        .list_synchronizations(&share(), None, None)
        .unwrap()
        .next_page()
        .await
        .unwrap_err();
    // Nothing listens on port 9 of loopback: a transport failure.
    let dead = ManageClient::builder(TokenSource::Static(Secret::new(TOKEN)))
        .management_url("http://127.0.0.1:9")
        .retry(glossa::client::RetryPolicy {
            max_attempts: 2,
            ..fast_retries()
        })
        .build()
        .unwrap();
    let e3 = dead
        .poll_migration(&location("http://127.0.0.1:9"))
        .await
        .unwrap_err();
    assert!(matches!(e3, ManageError::Transport { .. }), "{e3:?}");
    assert_eq!(e3.exit_code(), 3);
    for e in [&e1, &e2, &e3] {
        shown += &format!("{e} {e:?} {e:#?}");
    }
    assert!(!shown.contains("SECRET"), "{shown}");
    assert!(!format!("{:?}", TokenSource::Static(Secret::new(TOKEN))).contains("SECRET"));
}

#[path = "manage_cli.rs"]
mod cli;
