use super::*;
use crate::sandbox::schema;

const NOW: i64 = 1_800_000_000_000;

fn seeded() -> Connection {
    let mut conn = Connection::open_in_memory().unwrap();
    schema::migrate(&mut conn).unwrap();
    let tx = conn.transaction().unwrap();
    seed(&tx, NOW).unwrap();
    tx.commit().unwrap();
    conn
}

fn share(conn: &Connection, name: &str) -> i64 {
    match find(conn, SUBSCRIPTION, "DEMO-RG", ACCOUNT, name).unwrap() {
        Lookup::Share { id, .. } => id,
        other => panic!("{other:?}"),
    }
}

#[test]
fn seeds_three_shares_with_realistic_history() {
    let conn = seeded();
    let sales = load(&conn, share(&conn, "sales-share"), NOW).unwrap();
    assert_eq!(sales.len(), 240);
    assert!(
        sales
            .iter()
            .all(|r| r.start_ms < NOW && r.start_ms > NOW - 31 * DAY)
    );
    let wire: Vec<_> = sales.iter().map(|r| r.at(NOW)).collect();
    for status in ["Succeeded", "Failed", "Cancelled"] {
        assert!(
            wire.iter().any(|s| s.status.as_deref() == Some(status)),
            "{status}"
        );
    }
    assert!(
        wire.iter()
            .any(|s| s.synchronization_mode == Some(SynchronizationMode::FullSync))
    );
    assert!(
        wire.iter()
            .filter(|s| s.status.as_deref() == Some("Failed"))
            .all(|s| s.message.is_some())
    );
    assert_eq!(load(&conn, share(&conn, "hr-share"), NOW).unwrap().len(), 40);
    assert_eq!(load(&conn, share(&conn, "empty-share"), NOW).unwrap().len(), 0);
    assert_eq!(
        find(&conn, "x", "demo-rg", ACCOUNT, "hr-share").unwrap(),
        Lookup::NoSubscription
    );
    assert_eq!(
        find(&conn, SUBSCRIPTION, "rg", ACCOUNT, "hr-share").unwrap(),
        Lookup::NoResourceGroup
    );
    assert_eq!(
        find(&conn, SUBSCRIPTION, "demo-rg", "acc", "hr-share").unwrap(),
        Lookup::NoAccount
    );
    assert_eq!(
        find(&conn, SUBSCRIPTION, "demo-rg", ACCOUNT, "nope").unwrap(),
        Lookup::NoShare
    );
}

#[test]
fn status_follows_the_clock() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut r = SyncRow::draw(&mut rng, NOW);
    r.duration_ms = Some(60_000);
    r.final_status = "Failed".into();
    r.message = Some("boom".into());
    let queued = r.at(NOW - 1);
    assert_eq!(queued.status.as_deref(), Some("Queued"));
    let running = r.at(NOW + 59_999);
    assert_eq!(running.status.as_deref(), Some("InProgress"));
    assert_eq!(
        (running.end_time, running.duration_ms, running.message),
        (None, None, None)
    );
    let done = r.at(NOW + 60_000);
    assert_eq!(done.status.as_deref(), Some("Failed"));
    assert_eq!(done.duration_ms, Some(60_000));
    assert_eq!(done.message.as_deref(), Some("boom"));
    let start = done.start_time.unwrap();
    assert_eq!(start.len(), "2027-01-15T08:00:00.0000000Z".len(), "{start}");
    assert!(
        start.starts_with("2027-01-15T08:00:00.") && start.ends_with('Z'),
        "{start}"
    );
    assert!(crate::sandbox::odata::parse_time(&done.end_time.unwrap()).is_some());
}

#[test]
fn new_syncs_appear_once_per_slot_and_deterministically() {
    let mut conn = seeded();
    let id = share(&conn, "sales-share");
    assert_eq!(generate(&mut conn, id, "sales-share", NOW).unwrap(), 0);
    assert_eq!(generate(&mut conn, id, "sales-share", NOW + 3 * HOUR).unwrap(), 3);
    assert_eq!(generate(&mut conn, id, "sales-share", NOW + 3 * HOUR).unwrap(), 0);
    let rows = load(&conn, id, NOW + 3 * HOUR).unwrap();
    assert_eq!(rows.len(), 243);
    let newest = rows.last().unwrap();
    assert_eq!(newest.at(NOW + 3 * HOUR).status.as_deref(), Some("Queued"));
    // Another database reaches the same rows.
    let mut other = seeded();
    generate(&mut other, id, "sales-share", NOW + 3 * HOUR).unwrap();
    assert_eq!(load(&other, id, NOW + 3 * HOUR).unwrap(), rows);
    // A long pause catches up on 30 days only.
    let added = generate(&mut conn, id, "sales-share", NOW + 400 * DAY).unwrap();
    assert!((719..=721).contains(&added), "{added}");
    let empty = share(&conn, "empty-share");
    assert_eq!(
        generate(&mut conn, empty, "empty-share", NOW + 400 * DAY).unwrap(),
        0
    );
}

#[test]
fn reads_count_down_per_subscription_and_hour() {
    let conn = seeded();
    assert_eq!(take_read(&conn, "a", NOW).unwrap(), READS_PER_HOUR - 1);
    assert_eq!(take_read(&conn, "a", NOW).unwrap(), READS_PER_HOUR - 2);
    assert_eq!(take_read(&conn, "b", NOW).unwrap(), READS_PER_HOUR - 1);
    assert_eq!(take_read(&conn, "a", NOW + HOUR).unwrap(), READS_PER_HOUR - 1);
}
