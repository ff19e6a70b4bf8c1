//! Every auth mode of spec §5 against the local service.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use glossa::api::Secret;
use glossa::client::{Auth, ClientError, Endpoint, KeyPlacement};
use glossa::clock::Clock;
use glossa::service::ServiceConfig;

use crate::common::*;

const REGION: &str = "westeurope";

async fn regional() -> Svc {
    start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        region: Some(REGION.into()),
        ..ServiceConfig::default()
    })
    .await
}

fn code(r: Result<impl Sized, ClientError>) -> Option<u32> {
    r.err().and_then(|e| e.code())
}

#[tokio::test]
async fn global_key() {
    let svc = start().await;
    let r = svc
        .client()
        .detect(&["Guten Morgen, wie geht es?"])
        .await
        .unwrap();
    assert_eq!(r.value[0].language, "de");
    assert_eq!(r.requests.len(), 1);
    assert!(r.requests[0].request_id.is_some());
    let wrong = svc.builder().auth(Auth::key("nope")).build().unwrap();
    let err = wrong.detect(&["x"]).await.unwrap_err();
    assert_eq!(err.code(), Some(401000));
    assert!(
        matches!(&err, ClientError::Api(f) if f.attempts == 1),
        "not retried: {err}"
    );
}

#[tokio::test]
async fn key_and_region_in_headers_and_in_query() {
    let svc = regional().await;
    for placement in [KeyPlacement::Header, KeyPlacement::Query] {
        let with_region = Auth::Key {
            key: Secret::new(KEY),
            region: Some(REGION.into()),
            placement,
        };
        let c = svc.builder().auth(with_region).build().unwrap();
        c.detect(&["bonjour"]).await.unwrap();
        let without = Auth::Key {
            key: Secret::new(KEY),
            region: None,
            placement,
        };
        let c = svc.builder().auth(without).build().unwrap();
        assert_eq!(code(c.detect(&["bonjour"]).await), Some(401000), "{placement:?}");
    }
}

#[tokio::test]
async fn token_mode_fetches_once_and_reuses() {
    let svc = regional().await;
    let c = svc
        .builder()
        .auth(Auth::Token {
            key: Secret::new(KEY),
            region: Some(REGION.into()),
            auth_base: None,
        })
        .clock(svc.clock.clone())
        .build()
        .unwrap();
    let calls = (0..16).map(|_| c.detect(&["hola amigos"]));
    for r in futures_util::future::join_all(calls).await {
        r.unwrap();
    }
    assert_eq!(
        c.stats().token_fetches.load(Ordering::SeqCst),
        1,
        "one shared refresh"
    );
    // Past 8 minutes the client fetches a new token before the old one expires.
    svc.clock.advance(8 * 60 + 1);
    c.detect(&["hola"]).await.unwrap();
    assert_eq!(c.stats().token_fetches.load(Ordering::SeqCst), 2);
    // A bad key fails at the token service, with its 401.
    let bad = svc
        .builder()
        .auth(Auth::Token {
            key: Secret::new("bad"),
            region: None,
            auth_base: Some(svc.url.clone()),
        })
        .build()
        .unwrap();
    assert_eq!(code(bad.detect(&["hola"]).await), Some(401000));
}

#[tokio::test]
async fn expired_token_is_replaced_once_on_401() {
    let svc = start().await;
    // The client's clock stands still while the service's moves past the
    // token's 10 minutes: the cached token looks fresh but is refused.
    let c = svc
        .builder()
        .auth(Auth::Token {
            key: Secret::new(KEY),
            region: None,
            auth_base: None,
        })
        .clock(Clock::manual(1_800_000_000))
        .build()
        .unwrap();
    c.detect(&["hello there"]).await.unwrap();
    svc.clock.advance(11 * 60);
    let r = c.detect(&["hello there"]).await.unwrap();
    assert_eq!(c.stats().token_fetches.load(Ordering::SeqCst), 2);
    assert_eq!(r.requests[0].attempts, 1, "the re-authorized try is not a retry");
    assert_eq!(c.stats().retries.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn directory_bearer_token_global_and_custom_forms() {
    let svc = start().await;
    let token = svc.client().issue_token().await.unwrap().value;
    let rid =
        "/subscriptions/1111/resourceGroups/demo-rg/providers/Microsoft.CognitiveServices/accounts/glossa/";
    let bearer = |resource_id: Option<&str>| Auth::Bearer {
        token: token.clone(),
        resource_id: resource_id.map(str::to_owned),
        region: None,
    };
    let global = svc.builder().auth(bearer(Some(rid))).build().unwrap();
    global.detect(&["ciao a tutti"]).await.unwrap();
    let custom = glossa::client::Client::builder(
        Endpoint::parse(&format!("{}/translator/text/v3.0", svc.url)).unwrap(),
    )
    .auth(bearer(None))
    .languages_cache(None)
    .build()
    .unwrap();
    custom.detect(&["ciao a tutti"]).await.unwrap();
    let forged = svc
        .builder()
        .auth(Auth::Bearer {
            token: Secret::new("forged.token.value"),
            resource_id: Some(rid.into()),
            region: None,
        })
        .build()
        .unwrap();
    assert_eq!(code(forged.detect(&["x"]).await), Some(401000));
}

#[test]
fn bearer_needs_a_resource_id_against_microsofts_global_endpoint() {
    let err = glossa::client::Client::builder(Endpoint::global())
        .auth(Auth::Bearer {
            token: Secret::new("t"),
            resource_id: None,
            region: None,
        })
        .build()
        .unwrap_err();
    assert!(matches!(err, ClientError::Config(_)), "{err}");
}

#[tokio::test]
async fn requests_and_errors_never_show_the_key() {
    let svc = regional().await;
    let log = Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = log.clone();
    let c = svc
        .builder()
        .auth(Auth::Key {
            key: Secret::new(KEY),
            region: Some("wrong-region".into()),
            placement: KeyPlacement::Query,
        })
        .observer(move |r| seen.lock().unwrap().push(format!("{r:?}")))
        .build()
        .unwrap();
    let err = c.detect(&["hallo"]).await.unwrap_err();
    // A dead port: the transport error must not echo the URL (it holds the key).
    let dead = glossa::client::Client::builder(Endpoint::parse("http://127.0.0.1:9").unwrap())
        .retry(glossa::client::RetryPolicy {
            max_attempts: 1,
            ..fast_retries()
        })
        .auth(Auth::Key {
            key: Secret::new(KEY),
            region: None,
            placement: KeyPlacement::Query,
        })
        .build()
        .unwrap();
    let dead_err = dead.detect(&["hallo"]).await.unwrap_err();
    assert!(matches!(dead_err, ClientError::Transport { .. }), "{dead_err}");
    let shown = format!(
        "{err} {err:?} {dead_err} {dead_err:?} {c:?} {:?}",
        log.lock().unwrap()
    );
    assert!(!shown.contains(KEY), "{shown}");
}
