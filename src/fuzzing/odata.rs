//! The OData subset of list synchronizations: `$filter` and `$orderby`.
//!
//! Input: the whole input is the expression (read as UTF-8, lossily), given to
//! both parsers.
//!
//! Checks: parsing is deterministic; an error points at a position inside the
//! expression or just past it (1-based); a filter that parses evaluates on
//! every fixed row, and `not (f)` parses to its negation (unless that is too
//! long or nests too deep, which must then be the error); an `$orderby` that
//! parses sorts the rows as a permutation, and sorting again changes nothing.

use crate::api::manage::{ShareSynchronization, SynchronizationMode};
use crate::sandbox::odata::{Filter, MAX_LEN, ODataError, OrderBy};

/// Runs one input; see the module docs.
pub fn odata(data: &[u8]) {
    let expr = String::from_utf8_lossy(data);
    let rows = rows();
    let filter = Filter::parse(&expr);
    assert_eq!(filter, Filter::parse(&expr), "deterministic: {expr:?}");
    match &filter {
        Err(e) => position(e, &expr),
        Ok(f) => {
            let wrapped = format!("not ({expr})");
            match Filter::parse(&wrapped) {
                Ok(not) => {
                    for r in &rows {
                        assert_eq!(not.matches(r), !f.matches(r), "not ({expr:?}) on {r:?}");
                    }
                }
                Err(e) => assert!(
                    e.message.contains("nests deeper") || e.message.contains("longer than"),
                    "{expr:?} parses, not (...) of it fails: {e}"
                ),
            }
        }
    }
    match OrderBy::parse(&expr) {
        Err(e) => position(&e, &expr),
        Ok(order) => {
            let mut sorted = rows.clone();
            order.sort(&mut sorted);
            let ids = |v: &[ShareSynchronization]| {
                let mut ids: Vec<_> = v.iter().map(|r| r.synchronization_id.clone()).collect();
                ids.sort();
                ids
            };
            assert_eq!(ids(&sorted), ids(&rows), "a permutation: {expr:?}");
            let mut again = sorted.clone();
            order.sort(&mut again);
            assert_eq!(again, sorted, "sorting is idempotent: {expr:?}");
        }
    }
}

fn position(e: &ODataError, expr: &str) {
    let end = expr.chars().count() + 1;
    assert!(
        (1..=end.max(MAX_LEN + 1)).contains(&e.position),
        "{e} in {end} characters"
    );
    let _ = e.to_string();
}

/// A full row, a row of nulls (only the id set) and one with edge values.
fn rows() -> Vec<ShareSynchronization> {
    let full = ShareSynchronization {
        consumer_email: Some("ana@contoso.com".into()),
        consumer_name: Some("Ana O'Neil".into()),
        consumer_tenant_name: Some("Contoso".into()),
        duration_ms: Some(2000),
        start_time: Some("2024-01-01T00:00:00.0000000Z".into()),
        end_time: Some("2024-01-01T00:00:02Z".into()),
        message: Some("it's broken".into()),
        status: Some("Running".into()),
        synchronization_id: Some("a".into()),
        synchronization_mode: Some(SynchronizationMode::Incremental),
    };
    let edge = ShareSynchronization {
        consumer_email: Some(String::new()),
        consumer_name: Some("Ünïcødé 名前 😀".into()),
        duration_ms: Some(i32::MIN),
        start_time: Some("not a time".into()),
        end_time: Some("9999-12-31T23:59:59.999999999+14:00".into()),
        status: Some("Failed".into()),
        synchronization_id: Some("c".into()),
        synchronization_mode: Some(SynchronizationMode::FullSync),
        ..ShareSynchronization::default()
    };
    let nulls = ShareSynchronization {
        synchronization_id: Some("b".into()),
        ..ShareSynchronization::default()
    };
    vec![full, nulls, edge]
}
