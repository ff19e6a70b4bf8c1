//! The languages cache: fresh answers reused, stale ones revalidated with the ETag.

use glossa::api::languages::Scope;
use glossa::api::params::LanguagesParams;
use glossa::client::languages::Source;

use crate::common::*;

#[tokio::test]
async fn cached_then_revalidated_after_a_day() {
    let svc = start().await;
    let dir = tempdir();
    let c = svc
        .builder()
        .languages_cache(Some(cache(&dir)))
        .clock(svc.clock.clone())
        .build()
        .unwrap();
    let params = LanguagesParams {
        scope: vec![Scope::Translation],
        accept_language: Some("de".into()),
        if_none_match: None,
    };
    let first = c.languages(&params).await.unwrap();
    assert_eq!(first.value.source, Source::Network);
    assert!(first.value.etag.is_some());
    let en = &first.value.response.translation.as_ref().unwrap()["en"];
    assert_eq!(en.name, "Englisch");
    let second = c.languages(&params).await.unwrap();
    assert_eq!(second.value.source, Source::Cache);
    assert!(second.requests.is_empty());
    assert_eq!(c.requests_sent(), 1);
    // A new client (a new run of the program) finds the entry in the store.
    let again = svc
        .builder()
        .languages_cache(Some(cache(&dir)))
        .clock(svc.clock.clone())
        .build()
        .unwrap();
    assert_eq!(
        again.languages(&params).await.unwrap().value.source,
        Source::Cache
    );
    svc.clock.advance(24 * 60 * 60 + 1);
    let third = c.languages(&params).await.unwrap();
    assert_eq!(third.value.source, Source::Revalidated);
    assert_eq!(third.requests[0].status, 304);
    assert_eq!(third.value.response, first.value.response);
    // Other parameters are other entries.
    let fr = LanguagesParams {
        accept_language: Some("fr".into()),
        ..params.clone()
    };
    let other = c.languages(&fr).await.unwrap();
    assert_eq!(other.value.source, Source::Network);
    assert_eq!(
        other.value.response.translation.as_ref().unwrap()["en"].name,
        "anglais"
    );
    // A damaged entry is ignored and replaced.
    let store = glossa::store::Store::open(&dir.join("glossa.db")).unwrap();
    store
        .conn()
        .execute("UPDATE languages_cache SET body = 'garbage'", [])
        .unwrap();
    assert_eq!(c.languages(&params).await.unwrap().value.source, Source::Network);
    assert_eq!(c.languages(&params).await.unwrap().value.source, Source::Cache);
    let _ = std::fs::remove_dir_all(&dir);
}

fn cache(dir: &std::path::Path) -> std::sync::Arc<dyn glossa::client::LanguagesCache> {
    std::sync::Arc::new(glossa::store::languages::StoreCache::new(dir.join("glossa.db")))
}

fn tempdir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("glossa-langcache-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
