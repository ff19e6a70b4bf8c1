//! Data Share list synchronizations in the management sandbox: paging to
//! the end, filter and orderby, every error, api-versions, the moving clock
//! and a restart.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::PathBuf;

use glossa::api::Secret;
use glossa::api::manage::{DATA_SHARE_API_VERSIONS, DataShareError, ShareSynchronizationList};
use glossa::service::clock::Clock;
use glossa::service::{self, Running, ServiceConfig};
use reqwest::Response;

use super::common::{KEY, http, issue_token};

const SUB: &str = "11111111-1111-1111-1111-111111111111";
const T0: u64 = 1_800_000_000;

fn path(group: &str, account: &str, share: &str) -> String {
    format!(
        "/subscriptions/{SUB}/resourceGroups/{group}/providers/Microsoft.DataShare/accounts/{account}/shares/{share}/listSynchronizations"
    )
}

fn sales() -> String {
    path("demo-rg", "demo-account", "sales-share")
}

struct Sandbox {
    url: String,
    http: reqwest::Client,
    clock: Clock,
    token: String,
    running: Running,
}

async fn start_at(clock: Clock, time_scale: Option<f64>, data_dir: Option<PathBuf>) -> Sandbox {
    let config = ServiceConfig {
        key: Some(Secret::new(KEY)),
        clock: clock.clone(),
        time_scale,
        data_dir,
        ..ServiceConfig::default()
    };
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    let running = service::start(config, addr).await.expect("service starts");
    let http = http();
    let url = running.url();
    let mut sb = Sandbox {
        url,
        http,
        clock,
        token: String::new(),
        running,
    };
    sb.token = sb.mint().await;
    sb
}

async fn start() -> Sandbox {
    start_at(Clock::manual(T0), None, None).await
}

impl Sandbox {
    async fn mint(&self) -> String {
        issue_token(&self.http, &self.url).await
    }

    /// POSTs `path_and_query` (relative, or an absolute nextLink) with the token.
    async fn post(&self, path_and_query: &str) -> Response {
        let url = if path_and_query.starts_with("http") {
            path_and_query.to_owned()
        } else {
            format!("{}{path_and_query}", self.url)
        };
        self.http.post(url).bearer_auth(&self.token).send().await.unwrap()
    }

    async fn page(&self, path_and_query: &str) -> ShareSynchronizationList {
        let resp = self.post(path_and_query).await;
        let status = resp.status();
        let text = resp.text().await.unwrap();
        assert_eq!(status, 200, "{path_and_query}: {text}");
        serde_json::from_str(&text).unwrap()
    }

    /// Every page from `first` on, following nextLink.
    async fn all(&self, first: &str) -> (Vec<glossa::api::manage::ShareSynchronization>, usize) {
        let mut items = Vec::new();
        let mut pages = 0;
        let mut next = Some(first.to_owned());
        while let Some(link) = next {
            let page = self.page(&link).await;
            pages += 1;
            assert!(page.value.len() <= 50);
            items.extend(page.value);
            next = page.next_link;
            assert!(pages < 100, "paging does not end");
        }
        (items, pages)
    }
}

/// Status and the parsed DataShareError.
async fn error(resp: Response) -> (u16, DataShareError) {
    let status = resp.status().as_u16();
    let ctype = resp.headers()["content-type"].to_str().unwrap().to_owned();
    assert_eq!(ctype, "application/json; charset=utf-8");
    assert!(resp.headers().contains_key("x-ms-request-id"));
    let text = resp.text().await.unwrap();
    let body: DataShareError = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert!(!body.error.code.is_empty() && !body.error.message.is_empty());
    (status, body)
}

type Pred = Box<dyn Fn(&glossa::api::manage::ShareSynchronization) -> bool>;

fn q(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

#[tokio::test]
async fn pages_to_the_end_without_gaps_or_duplicates() {
    let sb = start().await;
    let (items, pages) = sb.all(&format!("{}?api-version=2021-08-01", sales())).await;
    assert!(pages >= 5, "{pages} pages");
    assert_eq!(items.len(), 240);
    let ids: HashSet<_> = items
        .iter()
        .map(|s| s.synchronization_id.clone().unwrap())
        .collect();
    assert_eq!(ids.len(), items.len(), "no duplicates");
    let starts: Vec<_> = items.iter().map(|s| s.start_time.clone().unwrap()).collect();
    assert!(
        starts.windows(2).all(|w| w[0] >= w[1]),
        "startTime desc by default"
    );
    let first = &items[items.len() - 1];
    assert!(
        first.start_time.as_ref().unwrap().ends_with('Z') && first.start_time.as_ref().unwrap().len() == 28
    );
    for s in &items {
        let finished = s.end_time.is_some();
        assert_eq!(finished, s.duration_ms.is_some());
        assert_eq!(
            finished,
            !matches!(s.status.as_deref(), Some("InProgress" | "Queued"))
        );
    }
    // Headers of a success.
    let resp = sb.post(&format!("{}?api-version=2021-08-01", sales())).await;
    let h = resp.headers();
    assert_eq!(h["content-type"], "application/json; charset=utf-8");
    assert!(uuid::Uuid::parse_str(h["x-ms-request-id"].to_str().unwrap()).is_ok());
    assert!(h.contains_key("x-ms-correlation-request-id"));
    let remaining: i64 = h["x-ms-ratelimit-remaining-subscription-reads"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(remaining, 15_000 - pages as i64 - 1);
    let body: ShareSynchronizationList = resp.json().await.unwrap();
    let link = body.next_link.unwrap();
    assert!(
        link.starts_with(&format!(
            "{}{}?api-version=2021-08-01&$skipToken=",
            sb.url,
            sales()
        )),
        "{link}"
    );
    sb.running.stop().await.unwrap();
}

#[tokio::test]
async fn filter_and_orderby() {
    let sb = start().await;
    let base = format!("{}?api-version=2021-08-01", sales());
    let (all, _) = sb.all(&base).await;
    let cases: [(&str, Pred); 4] = [
        (
            "status eq 'Failed'",
            Box::new(|s| s.status.as_deref() == Some("Failed")),
        ),
        (
            "consumerTenantName eq 'Fabrikam' and synchronizationMode eq 'FullSync'",
            Box::new(|s| {
                s.consumer_tenant_name.as_deref() == Some("Fabrikam")
                    && s.synchronization_mode.map(|m| m.as_str()) == Some("FullSync")
            }),
        ),
        (
            "durationMs gt 300000 or not (status eq 'Succeeded')",
            Box::new(|s| s.duration_ms.unwrap_or(0) > 300_000 || s.status.as_deref() != Some("Succeeded")),
        ),
        (
            "contains(consumerEmail,'@contoso.com')",
            Box::new(|s| s.consumer_email.as_deref().unwrap_or("").contains("@contoso.com")),
        ),
    ];
    for (filter, pred) in cases {
        let (got, _) = sb.all(&format!("{base}&$filter={}", q(filter))).await;
        let want: Vec<_> = all.iter().filter(|s| pred(s)).cloned().collect();
        assert!(!want.is_empty(), "{filter}");
        assert_eq!(got, want, "{filter}");
    }
    // A date-time filter over the wire, bare and quoted.
    let cut = all[100].start_time.clone().unwrap();
    let (newer, _) = sb
        .all(&format!("{base}&$filter={}", q(&format!("startTime ge {cut}"))))
        .await;
    assert_eq!(newer.len(), 101);
    let (same, _) = sb
        .all(&format!(
            "{base}&$filter={}",
            q(&format!("startTime ge datetime'{cut}'"))
        ))
        .await;
    assert_eq!(same, newer);
    // Ordering by several keys, followed across pages.
    let (sorted, pages) = sb
        .all(&format!(
            "{base}&$orderby={}",
            q("consumerName asc, durationMs desc")
        ))
        .await;
    assert!(pages >= 5);
    assert_eq!(sorted.len(), 240);
    for w in sorted.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        assert!(a.consumer_name <= b.consumer_name);
        if a.consumer_name == b.consumer_name {
            assert!(a.duration_ms >= b.duration_ms, "desc, nulls last");
        }
    }
    let (asc, _) = sb
        .all(&format!(
            "{base}&$orderby=startTime%20asc&$filter={}",
            q("status eq 'Succeeded'")
        ))
        .await;
    assert!(asc.windows(2).all(|w| w[0].start_time <= w[1].start_time));
    assert!(asc.iter().all(|s| s.status.as_deref() == Some("Succeeded")));
    sb.running.stop().await.unwrap();
}

#[tokio::test]
async fn every_error_is_a_data_share_error() {
    let sb = start().await;
    let ok = format!("{}?api-version=2021-08-01", sales());
    // 401 without a token and with a bad one.
    let resp = sb.http.post(format!("{}{ok}", sb.url)).send().await.unwrap();
    let (status, e) = error(resp).await;
    assert_eq!((status, e.error.code.as_str()), (401, "AuthenticationFailed"));
    let resp = sb
        .http
        .post(format!("{}{ok}", sb.url))
        .bearer_auth("nope")
        .send()
        .await
        .unwrap();
    assert_eq!(error(resp).await.0, 401);
    // 400 api-version: missing, unknown.
    let (status, e) = error(sb.post(&sales()).await).await;
    assert_eq!(
        (status, e.error.code.as_str()),
        (400, "MissingApiVersionParameter")
    );
    let (status, e) = error(
        sb.post(&format!("{}?api-version=2018-11-01-preview", sales()))
            .await,
    )
    .await;
    assert_eq!(
        (status, e.error.code.as_str()),
        (400, "InvalidApiVersionParameter")
    );
    assert!(e.error.message.contains("2021-08-01"));
    // 404 account, share, subscription.
    let (status, e) = error(
        sb.post(&format!(
            "{}?api-version=2021-08-01",
            path("demo-rg", "other-account", "sales-share")
        ))
        .await,
    )
    .await;
    assert_eq!((status, e.error.code.as_str()), (404, "ResourceNotFound"));
    assert!(e.error.message.contains("other-account"));
    let (status, e) = error(
        sb.post(&format!(
            "{}?api-version=2021-08-01",
            path("demo-rg", "demo-account", "no-share")
        ))
        .await,
    )
    .await;
    assert_eq!((status, e.error.code.as_str()), (404, "ResourceNotFound"));
    assert!(e.error.message.contains("no-share"));
    let (status, _) = error(
        sb.post(&format!(
            "{}?api-version=2021-08-01",
            path("other-rg", "demo-account", "sales-share")
        ))
        .await,
    )
    .await;
    assert_eq!(status, 404);
    // 400 filter and orderby, with the parser's message in details.
    let (status, e) = error(
        sb.post(&format!("{ok}&$filter={}", q("status eq 'Failed' and")))
            .await,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(e.error.target.as_deref(), Some("$filter"));
    assert_eq!(e.error.details.len(), 1);
    assert!(
        e.error.details[0].message.contains("position 23"),
        "{:?}",
        e.error.details
    );
    let (status, e) = error(sb.post(&format!("{ok}&$filter={}", q("Status eq 'x'"))).await).await;
    assert_eq!(status, 400);
    assert!(e.error.details[0].message.contains("did you mean 'status'"));
    let (status, e) = error(
        sb.post(&format!("{ok}&$orderby={}", q("startTime sideways")))
            .await,
    )
    .await;
    assert_eq!((status, e.error.target.as_deref()), (400, Some("$orderby")));
    let hostile = format!("{}true{}", "(".repeat(5000), ")".repeat(5000));
    assert_eq!(
        error(sb.post(&format!("{ok}&$filter={}", q(&hostile))).await)
            .await
            .0,
        400
    );
    // 400 skipToken: garbage, and a token of another filter.
    let (status, e) = error(sb.post(&format!("{ok}&$skipToken=garbage!")).await).await;
    assert_eq!((status, e.error.code.as_str()), (400, "InvalidSkipToken"));
    let link = sb.page(&ok).await.next_link.unwrap();
    let token = link.split("$skipToken=").nth(1).unwrap();
    let (status, _) = error(
        sb.post(&format!(
            "{ok}&$filter={}&$skipToken={token}",
            q("status eq 'Failed'")
        ))
        .await,
    )
    .await;
    assert_eq!(status, 400);
    sb.running.stop().await.unwrap();
}

#[tokio::test]
async fn versions_groups_bodies_and_other_shares() {
    let sb = start().await;
    for v in DATA_SHARE_API_VERSIONS {
        assert_eq!(
            sb.page(&format!("{}?api-version={v}", sales())).await.value.len(),
            50,
            "{v}"
        );
    }
    let upper = path("DEMO-RG", "demo-account", "sales-share");
    assert_eq!(
        sb.page(&format!("{upper}?api-version=2021-08-01"))
            .await
            .value
            .len(),
        50
    );
    // A JSON body is accepted and ignored.
    let resp = sb
        .http
        .post(format!("{}{}?api-version=2021-08-01", sb.url, sales()))
        .bearer_auth(&sb.token)
        .json(&serde_json::json!({"anything": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let (hr, _) = sb
        .all(&format!(
            "{}?api-version=2021-08-01",
            path("demo-rg", "demo-account", "hr-share")
        ))
        .await;
    assert_eq!(hr.len(), 40);
    let empty = sb
        .page(&format!(
            "{}?api-version=2021-08-01",
            path("demo-rg", "demo-account", "empty-share")
        ))
        .await;
    assert!(empty.value.is_empty() && empty.next_link.is_none());
    sb.running.stop().await.unwrap();
}

#[tokio::test]
async fn new_syncs_appear_as_the_clock_moves_and_survive_a_restart() {
    let dir = std::env::temp_dir().join(format!("glossa-syncs-{}", uuid::Uuid::new_v4()));
    let base = format!("{}?api-version=2021-08-01", sales());
    let sb = start_at(Clock::manual(T0), Some(60.0), Some(dir.clone())).await;
    let (before, _) = sb.all(&base).await;
    assert_eq!(before.len(), 240);
    // 4 real minutes at x60 = 4 sandbox hours: 4 new hourly slots.
    sb.clock.advance(240);
    let token = sb.mint().await;
    let sb = Sandbox { token, ..sb };
    let (after, _) = sb.all(&base).await;
    assert_eq!(after.len(), 244, "one per sandbox hour");
    let newest = &after[0];
    assert!(
        !before
            .iter()
            .any(|s| s.synchronization_id == newest.synchronization_id)
    );
    assert!(matches!(
        newest.status.as_deref(),
        Some("Queued" | "InProgress" | "Succeeded" | "Failed" | "Cancelled")
    ));
    // A page started before new arrivals keeps its snapshot.
    let first = sb.page(&base).await;
    sb.clock.advance(120);
    let rest = sb.all(first.next_link.as_deref().unwrap()).await.0;
    assert_eq!(first.value.len() + rest.len(), 244);
    sb.running.stop().await.unwrap();

    // Restart at the same real time: the stored epoch and rows are kept
    // (a fresh database would seed 240 at this time instead).
    let again = start_at(Clock::manual(T0 + 360), Some(60.0), Some(dir.clone())).await;
    let (kept, _) = again.all(&base).await;
    assert_eq!(kept.len(), 246);
    let kept_ids: HashSet<_> = kept.iter().map(|s| s.synchronization_id.clone()).collect();
    assert!(after.iter().all(|s| kept_ids.contains(&s.synchronization_id)));
    again.running.stop().await.unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}
