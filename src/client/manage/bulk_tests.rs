use super::*;
use crate::api::manage::{ApiError, CloudError};

fn group() -> GroupRef {
    GroupRef {
        subscription: "s".into(),
        resource_group: "rg".into(),
    }
}

fn accepted(n: u32) -> Result<Migration, ManageError> {
    Ok(Migration {
        location: Some(format!("http://127.0.0.1:1/op/{n}?monitor=true")),
        async_operation: Some(format!("http://127.0.0.1:1/op/{n}")),
        retry_after: Some(Duration::from_secs(1)),
        request_id: None,
    })
}

const SEC: Duration = Duration::from_secs(1);

#[test]
fn at_most_the_cap_runs_and_a_freed_slot_takes_the_next() {
    let vms = (1..=5).map(|i| format!("vm-{i}")).collect();
    let mut b = BulkMigration::new(&group(), "set", vms, MigrationInput::default(), 2, 0);
    assert_eq!(b.to_start(), ["vm-1", "vm-2"]);
    b.started("vm-1", accepted(1), SEC, 0);
    b.started("vm-2", accepted(2), SEC, 0);
    assert!(b.to_start().is_empty(), "two running: the cap");
    assert!(b.due(999).is_empty(), "each waits its Retry-After");
    assert_eq!(b.due(1000).len(), 2);
    assert_eq!(b.next_wake_ms(), Some(1000));
    b.looked(
        "vm-1",
        Ok(Look::Running {
            percent: Some(40.0),
            retry_after: None,
        }),
        Duration::from_secs(3),
        1000,
    );
    assert_eq!(b.vms[0].state, BulkState::Running { percent: Some(40.0) });
    assert_eq!(b.vms[0].next_poll_ms, Some(4000));
    b.looked("vm-2", Ok(Look::Succeeded), SEC, 1000);
    assert_eq!(b.to_start(), ["vm-3"], "one slot freed");
    let c = b.counts();
    assert_eq!(
        (c.total, c.pending, c.running, c.succeeded, c.done()),
        (5, 3, 1, 1, 1)
    );
    assert!(!b.is_done());
}

#[test]
fn failures_keep_their_full_reason_and_unreadable_polls_retry() {
    let mut b = BulkMigration::new(
        &group(),
        "set",
        vec!["a".into(), "b".into(), "c".into()],
        MigrationInput::default(),
        4,
        0,
    );
    let long = format!("Allocation failed. {}", "y".repeat(500));
    b.started("a", accepted(1), SEC, 0);
    b.started(
        "b",
        Err(ManageError::Cloud {
            status: 409,
            error: Box::new(CloudError {
                error: ApiError {
                    code: "Conflict".into(),
                    message: long.clone(),
                    ..ApiError::default()
                },
            }),
            request_id: None,
        }),
        SEC,
        0,
    );
    b.started("c", accepted(3), SEC, 0);
    let BulkState::Failed { reason } = &b.vms[1].state else {
        panic!()
    };
    assert!(reason.contains(&long), "never cut: {reason}");
    b.looked(
        "a",
        Err(ManageError::Transport {
            message: "reset".into(),
            attempts: 6,
        }),
        SEC,
        1000,
    );
    assert!(
        matches!(b.vms[0].state, BulkState::Running { .. }),
        "no answer is not a failure"
    );
    assert_eq!(
        (b.vms[0].next_poll_ms, b.vms[0].last_problem.is_some()),
        (Some(2000), true)
    );
    b.looked(
        "a",
        Ok(Look::Failed("Failed AllocationFailed: no capacity".into())),
        SEC,
        2000,
    );
    b.looked("c", Ok(Look::Succeeded), SEC, 2000);
    assert!(b.is_done());
    let c = b.counts();
    assert_eq!((c.succeeded, c.failed), (1, 2));
    assert_eq!(b.next_wake_ms(), None);
}

#[test]
fn it_round_trips_as_json_and_its_addresses_can_be_rebased() {
    let mut b = BulkMigration::new(
        &group(),
        "web-avset",
        vec!["vm-web-1".into()],
        MigrationInput::default(),
        4,
        7,
    );
    b.started("vm-web-1", accepted(1), SEC, 7);
    let text = serde_json::to_string(&b).unwrap();
    assert!(
        text.contains(r#""state":"running""#) && text.contains(r#""availabilitySet":"web-avset""#),
        "{text}"
    );
    let mut back: BulkMigration = serde_json::from_str(&text).unwrap();
    assert_eq!(back, b);
    back.map_urls(|u| *u = u.replace("http://127.0.0.1:1", ""));
    assert_eq!(back.vms[0].location.as_deref(), Some("/op/1?monitor=true"));
    assert_eq!(back.vms[0].status_url.as_deref(), Some("/op/1"));
}
