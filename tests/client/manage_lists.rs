//! The pickers' listings and the bulk migration in the client: the wire
//! (GET, path, api-version, nextLink by GET, no other origin, each API's
//! error body) against fakes, then the real sandbox: shares, VMs, the
//! availability set, and a bulk migration of web-avset driven to its end
//! by moving the service clock (3 succeeded, vm-web-4 failed with its reason).

use std::time::Duration;

use axum::http::Method;
use glossa::api::Secret;
use glossa::api::manage::MigrationInput;
use glossa::client::manage::{
    AccountRef, BulkMigration, BulkState, GroupRef, Look, ManageClient, ManageError, TokenSource,
};
use glossa::service::ServiceConfig;

use crate::common::*;
use crate::manage::{TOKEN, client, fake, json};

const SUB: &str = "11111111-1111-1111-1111-111111111111";

fn account() -> AccountRef {
    AccountRef {
        subscription: SUB.into(),
        resource_group: "demo rg".into(),
        account: "demo-account".into(),
    }
}

fn group() -> GroupRef {
    GroupRef {
        subscription: SUB.into(),
        resource_group: "demo-rg".into(),
    }
}

#[tokio::test]
async fn shares_pages_are_gets_following_next_link() {
    let (url, log) = fake(|n, seen| {
        let next = format!("http://{}/next?$skipToken=p{}", seen.header("host"), n + 1);
        let body = if n == 0 {
            serde_json::json!({"value": [{"name": "a", "properties": {"shareKind": "CopyBased"}}], "nextLink": next})
        } else {
            serde_json::json!({"value": [{"name": "b"}]})
        };
        json(200, &[], body)
    })
    .await;
    let c = client(&url);
    let mut pager = c.list_shares(&account()).unwrap();
    assert!(
        pager
            .next_link()
            .unwrap()
            .ends_with("/shares?api-version=2021-08-01")
    );
    let names: Vec<_> = pager.all().await.unwrap().into_iter().map(|s| s.name).collect();
    assert_eq!(names, ["a", "b"]);
    let seen = log.lock().unwrap();
    assert_eq!(seen.len(), 2);
    assert!(seen.iter().all(|s| s.method == Method::GET));
    assert!(seen[0].header("authorization").ends_with(TOKEN));
    assert_eq!(
        seen[0].uri,
        format!(
            "/subscriptions/{SUB}/resourceGroups/demo%20rg/providers/Microsoft.DataShare/accounts/demo-account/shares?api-version=2021-08-01"
        )
    );
    assert_eq!(seen[1].uri, "/next?$skipToken=p1");
}

#[tokio::test]
async fn vms_and_sets_use_the_compute_version_and_errors_keep_their_body() {
    let (url, log) = fake(|n, _| match n {
        0 => json(200, &[], serde_json::json!({"value": [{"name": "vm-1"}]})),
        1 => json(
            200,
            &[],
            serde_json::json!({"name": "set", "properties": {"virtualMachines": [{"id": "/s/x/virtualMachines/vm-1"}]}}),
        ),
        2 => json(
            404,
            &[("x-ms-request-id", "rid-1".into())],
            serde_json::json!({"error": {"code": "ResourceNotFound", "message": "The Resource 'Microsoft.Compute/availabilitySets/nope' was not found."}}),
        ),
        3 => json(
            400,
            &[],
            serde_json::json!({"error": {"code": "InvalidApiVersionParameter", "message": "bad version"}}),
        ),
        _ => json(200, &[], serde_json::json!({"value": [], "nextLink": "https://evil.example/x"})),
    })
    .await;
    let c = client(&url);
    assert_eq!(c.list_vms(&group()).unwrap().all().await.unwrap()[0].name, "vm-1");
    assert_eq!(
        c.availability_set(&group(), "set").await.unwrap().vm_names(),
        ["vm-1"]
    );
    let e = c.availability_set(&group(), "nope").await.unwrap_err();
    assert!(matches!(&e, ManageError::Cloud { status: 404, .. }), "{e:?}");
    assert!(
        e.to_string().contains("ResourceNotFound") && e.to_string().contains("rid-1"),
        "{e}"
    );
    let e = c.list_shares(&account()).unwrap().all().await.unwrap_err();
    assert!(matches!(&e, ManageError::DataShare { status: 400, .. }), "{e:?}");
    let e = c.list_vms(&group()).unwrap().all().await.unwrap_err();
    assert!(
        matches!(e, ManageError::Input(_)),
        "a nextLink elsewhere is never followed: {e:?}"
    );
    let seen = log.lock().unwrap();
    assert!(
        seen[0]
            .uri
            .ends_with("/providers/Microsoft.Compute/virtualMachines?api-version=2026-03-01")
    );
    assert!(
        seen[1]
            .uri
            .ends_with("/providers/Microsoft.Compute/availabilitySets/set?api-version=2026-03-01")
    );
}

#[tokio::test]
async fn bad_paths_send_nothing() {
    let c = client("http://127.0.0.1:9");
    let mut g = group();
    g.resource_group = "r".repeat(91);
    assert!(matches!(c.list_vms(&g), Err(ManageError::Input(_))));
    assert!(matches!(
        c.availability_set(&group(), " ").await,
        Err(ManageError::Input(_))
    ));
    let mut a = account();
    a.account = String::new();
    assert!(matches!(c.list_shares(&a), Err(ManageError::Input(_))));
}

async fn sandbox() -> (Svc, ManageClient) {
    let svc = start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        time_scale: Some(60.0),
        ..ServiceConfig::default()
    })
    .await;
    let client = ManageClient::builder(TokenSource::LocalService {
        base: svc.url.clone(),
        key: Secret::new(KEY),
    })
    .management_url(svc.url.clone())
    .lcs_url(svc.url.clone())
    .retry(fast_retries())
    .build()
    .unwrap();
    (svc, client)
}

#[tokio::test]
async fn the_sandbox_lists_for_the_pickers() {
    let (_svc, c) = sandbox().await;
    let mut a = account();
    a.resource_group = "demo-rg".into();
    let shares = c.list_shares(&a).unwrap().all().await.unwrap();
    assert_eq!(shares.len(), 3);
    let mut pager = c.list_vms(&group()).unwrap();
    let first = pager.next_page().await.unwrap().unwrap();
    assert_eq!(first.value.len(), 2, "pages of two");
    assert!(pager.next_link().is_some());
    let link = first.next_link.unwrap();
    let rest = c.vms_from(&link).unwrap().all().await.unwrap();
    assert_eq!(rest.len(), 2);
    let set = c.availability_set(&group(), "web-avset").await.unwrap();
    assert_eq!(set.vm_names().len(), 4);
    let e = c.availability_set(&group(), "nope").await.unwrap_err();
    assert!(e.to_string().contains("ResourceNotFound"), "{e}");
    let bad = ManageClient::builder(TokenSource::Static(Secret::new("not-a-token")))
        .management_url(_svc.url.clone())
        .retry(fast_retries())
        .build()
        .unwrap();
    let e = bad.list_shares(&a).unwrap().all().await.unwrap_err();
    assert!(
        matches!(&e, ManageError::DataShare { status: 401, .. })
            && e.to_string().contains("AuthenticationFailed"),
        "{e:?}"
    );
}

#[tokio::test]
async fn a_bulk_migration_of_web_avset_ends_with_three_succeeded_and_vm_web_4_failed() {
    let (svc, c) = sandbox().await;
    let set = c.availability_set(&group(), "web-avset").await.unwrap();
    let mut b = BulkMigration::new(
        &group(),
        &set.name,
        set.vm_names(),
        MigrationInput::default(),
        3,
        0,
    );
    let mut now = 0;
    for _ in 0..20 {
        for vm in b.to_start() {
            let r = c.migrate(&b.vm_ref(&vm), &b.input.clone()).await;
            let delay = c.poll_delay(r.as_ref().ok().and_then(|m| m.retry_after));
            assert_eq!(
                delay,
                Duration::from_secs(1),
                "Retry-After: 30 sandbox seconds at 60×"
            );
            b.started(&vm, r, delay, now);
        }
        assert!(b.counts().running <= 3, "the cap");
        let due: Vec<_> = b
            .due(now)
            .into_iter()
            .map(|v| (v.vm.clone(), v.location.clone().unwrap(), v.status_url.clone()))
            .collect();
        for (vm, loc, url) in due {
            let r = c.look(&loc, url.as_deref()).await;
            b.looked(&vm, r, Duration::from_secs(1), now);
        }
        if b.is_done() {
            break;
        }
        svc.clock.advance(1);
        now += 1000;
    }
    assert!(b.is_done(), "{b:?}");
    let counts = b.counts();
    assert_eq!((counts.succeeded, counts.failed), (3, 1));
    let failed = b.vms.iter().find(|v| v.vm == "vm-web-4").unwrap();
    let BulkState::Failed { reason } = &failed.state else {
        panic!("{failed:?}")
    };
    assert!(
        reason.starts_with("AllocationFailed: Allocation failed."),
        "{reason}"
    );
    assert!(
        reason.ends_with("(target vm-web-4)"),
        "the whole reason: {reason}"
    );
    // The Location alone tells the same end.
    let loc = failed.location.clone().unwrap();
    match c.look(&loc, None).await {
        Err(e) => assert!(e.full_text().contains("AllocationFailed"), "{e}"),
        Ok(l) => panic!("{l:?}"),
    }
    let done = b.vms.iter().find(|v| v.vm == "vm-web-1").unwrap();
    assert_eq!(
        c.look(done.location.as_deref().unwrap(), None).await.unwrap(),
        Look::Succeeded
    );
}
