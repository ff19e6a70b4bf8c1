//! The management client against the real sandbox of `glossa serve` (not a
//! fake): every page of a share, filter and orderby, the errors, a refused
//! and a followed refresh, a migration polled to its end.

use std::collections::HashSet;

use glossa::api::Secret;
use glossa::api::manage::{MigrationInput, OperationStatus};
use glossa::client::manage::{ManageClient, ManageError, Poll, ShareRef, TokenSource, VmRef};
use glossa::service::ServiceConfig;

use crate::common::*;

const SUB: &str = "11111111-1111-1111-1111-111111111111";

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

fn share(name: &str) -> ShareRef {
    ShareRef {
        subscription: SUB.into(),
        resource_group: "demo-rg".into(),
        account: "demo-account".into(),
        share: name.into(),
    }
}

#[tokio::test]
async fn every_page_of_a_share_then_filter_orderby_and_errors() {
    let (_svc, client) = sandbox().await;
    let mut pager = client
        .list_synchronizations(&share("sales-share"), None, None)
        .unwrap();
    let (mut pages, mut ids) = (0, HashSet::new());
    while let Some(page) = pager.next_page().await.unwrap() {
        pages += 1;
        assert!(
            page.remaining_reads.is_some(),
            "the remaining-reads header is read"
        );
        for s in page.items() {
            assert!(ids.insert(s.synchronization_id.clone().unwrap()), "no duplicates");
        }
    }
    assert!(pages >= 5, "{pages} pages");
    assert_eq!(ids.len(), 240);

    let (failed, _) = client
        .list_synchronizations(
            &share("sales-share"),
            Some("status eq 'Failed'"),
            Some("durationMs desc"),
        )
        .unwrap()
        .all()
        .await
        .unwrap();
    assert!(!failed.is_empty() && failed.iter().all(|s| s.status.as_deref() == Some("Failed")));
    assert!(
        failed.windows(2).all(|w| w[0].duration_ms >= w[1].duration_ms),
        "ordered"
    );

    let bad = client
        .list_synchronizations(&share("sales-share"), Some("status eq"), None)
        .unwrap()
        .next_page()
        .await
        .unwrap_err();
    assert!(
        matches!(&bad, ManageError::DataShare { status: 400, error, .. } if !error.error.details.is_empty()),
        "{bad:?}"
    );
    let missing = client
        .list_synchronizations(&share("no-such-share"), None, None)
        .unwrap()
        .next_page()
        .await
        .unwrap_err();
    assert!(
        matches!(missing, ManageError::DataShare { status: 404, .. }),
        "{missing:?}"
    );
    let invalid = client.list_synchronizations(
        &ShareRef {
            resource_group: "r".repeat(91),
            ..share("sales-share")
        },
        None,
        None,
    );
    assert!(
        matches!(invalid, Err(ManageError::Input(_))),
        "checked before sending"
    );
}

#[tokio::test]
async fn a_refused_refresh_is_typed_and_a_valid_one_is_followed_to_completed() {
    let (svc, client) = sandbox().await;
    let env = |n: u8| format!("5362377c-0000-4000-8000-0000000000{n:02x}");
    let refused = client.refresh("1234567", &env(2), &env(1)).await.unwrap_err();
    assert!(
        matches!(&refused, ManageError::RefreshRefused { message, activity_id } if message.contains("production") && activity_id.is_some()),
        "{refused:?}"
    );
    let started = client.refresh("1234567", &env(2), &env(3)).await.unwrap();
    let mut seen = Vec::new();
    for _ in 0..20 {
        let s = client
            .refresh_status("1234567", &env(3), &started.activity_id)
            .await
            .unwrap();
        let status = s.operation_status.unwrap();
        if seen.last() != Some(&status) {
            seen.push(status);
        }
        if status.is_final() {
            break;
        }
        svc.clock.advance(30); // 30 sandbox minutes
    }
    assert_eq!(
        seen,
        [
            OperationStatus::NotStarted,
            OperationStatus::InProgress,
            OperationStatus::Completed
        ]
    );
}

#[tokio::test]
async fn a_migration_is_polled_until_done_and_errors_are_cloud_errors() {
    let (svc, client) = sandbox().await;
    let vm = |name: &str| VmRef {
        subscription: SUB.into(),
        resource_group: "DEMO-RG".into(),
        vm: name.into(),
    };
    let started = client
        .migrate(&vm("vm-web-2"), &MigrationInput::default())
        .await
        .unwrap();
    let location = started.location.expect("a Location to follow");
    assert!(started.retry_after.is_some());
    assert!(matches!(
        client.poll_migration(&location).await.unwrap(),
        Poll::Running { .. }
    ));
    let again = client
        .migrate(&vm("vm-web-2"), &MigrationInput::default())
        .await
        .unwrap_err();
    assert!(
        matches!(again, ManageError::Cloud { status: 409, .. }),
        "{again:?}"
    );
    let status_url = started.async_operation.expect("an Azure-AsyncOperation to read");
    let (status, retry_after) = client.operation_status(&status_url).await.unwrap();
    assert_eq!(status.status, "InProgress");
    assert!(status.percent_complete.is_some_and(|p| (0.0..100.0).contains(&p)));
    assert!(retry_after.is_some());
    svc.clock.advance(6); // 6 sandbox minutes: done
    assert_eq!(client.poll_migration(&location).await.unwrap(), Poll::Done);
    let (status, _) = client.operation_status(&status_url).await.unwrap();
    assert!(status.is_final() && status.status == "Succeeded");
    let bad = MigrationInput {
        target_zone: Some("7".into()),
        ..MigrationInput::default()
    };
    let err = client.migrate(&vm("vm-web-3"), &bad).await.unwrap_err();
    assert!(
        matches!(&err, ManageError::Cloud { status: 400, error, .. } if error.error.innererror.is_some()),
        "{err:?}"
    );
    let unknown = client
        .migrate(&vm("vm-nope"), &MigrationInput::default())
        .await
        .unwrap_err();
    assert!(
        matches!(unknown, ManageError::Cloud { status: 404, .. }),
        "{unknown:?}"
    );
}
