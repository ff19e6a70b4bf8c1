use super::*;
use crate::api::manage::SynchronizationMode;

fn sync(id: &str, tenant: &str, duration: Option<i32>, start: &str, status: &str) -> ShareSynchronization {
    ShareSynchronization {
        consumer_email: Some(format!("{id}@contoso.com")),
        consumer_name: Some(format!("User {id}")),
        consumer_tenant_name: Some(tenant.into()),
        duration_ms: duration,
        start_time: Some(start.into()),
        end_time: duration.map(|_| start.into()),
        message: (status == "Failed").then(|| "it's broken".into()),
        status: Some(status.into()),
        synchronization_id: Some(id.into()),
        synchronization_mode: Some(SynchronizationMode::Incremental),
    }
}

fn rows() -> Vec<ShareSynchronization> {
    vec![
        sync(
            "a",
            "nda",
            Some(2000),
            "2024-01-01T00:00:00.0000000Z",
            "Succeeded",
        ),
        sync(
            "b",
            "Fabrikam",
            Some(500),
            "2024-01-02T00:00:00.1234567Z",
            "Failed",
        ),
        sync("c", "nda", None, "2024-01-03T00:00:00Z", "InProgress"),
        sync(
            "d",
            "Contoso",
            Some(90000),
            "2024-01-02T00:00:00.1234567Z",
            "Succeeded",
        ),
    ]
}

fn ids(filter: &str) -> Vec<String> {
    let f = Filter::parse(filter).unwrap_or_else(|e| panic!("{filter}: {e}"));
    rows()
        .iter()
        .filter(|s| f.matches(s))
        .map(|s| s.synchronization_id.clone().unwrap())
        .collect()
}

fn error(filter: &str) -> ODataError {
    Filter::parse(filter).expect_err(filter)
}

#[test]
fn comparisons_and_logic() {
    assert_eq!(ids("consumerTenantName eq 'nda'"), ["a", "c"]);
    assert_eq!(ids("consumerTenantName ne 'nda'"), ["b", "d"]);
    assert_eq!(ids("durationMs gt 500"), ["a", "d"]);
    assert_eq!(ids("durationMs ge 500"), ["a", "b", "d"]);
    assert_eq!(ids("durationMs lt 2000 or status eq 'InProgress'"), ["b", "c"]);
    assert_eq!(ids("durationMs le 2000 and not (status eq 'Failed')"), ["a"]);
    assert_eq!(ids("durationMs eq null"), ["c"]);
    assert_eq!(ids("null ne endTime"), ["a", "b", "d"]);
    assert_eq!(ids("2000 eq durationMs"), ["a"]);
    assert_eq!(
        ids("(status eq 'Succeeded' or status eq 'Failed') and consumerTenantName ne 'Contoso'"),
        ["a", "b"]
    );
    assert_eq!(ids("true"), ["a", "b", "c", "d"]);
    assert_eq!(ids("not true"), Vec::<String>::new());
    assert_eq!(
        ids("synchronizationMode eq 'Incremental' and 1 eq 1"),
        ["a", "b", "c", "d"]
    );
}

#[test]
fn functions_and_strings() {
    assert_eq!(ids("contains(consumerEmail,'b@')"), ["b"]);
    assert_eq!(ids("startswith(consumerTenantName, 'Fab')"), ["b"]);
    assert_eq!(ids("endswith(consumerTenantName,'so')"), ["d"]);
    assert_eq!(ids("message eq 'it''s broken'"), ["b"]);
    assert_eq!(ids("contains(message,'''')"), ["b"]);
    assert_eq!(ids("consumerTenantName eq 'ünï'"), Vec::<String>::new());
}

#[test]
fn date_times_bare_quoted_and_as_strings() {
    assert_eq!(ids("startTime ge 2024-01-02T00:00:00Z"), ["b", "c", "d"]);
    assert_eq!(ids("startTime gt datetime'2024-01-02T00:00:00.1234567Z'"), ["c"]);
    assert_eq!(ids("startTime lt '2024-01-02T00:00:00+01:00'"), ["a"]);
    assert_eq!(ids("startTime eq 2024-01-02T00:00:00.1234567Z"), ["b", "d"]);
    assert_eq!(
        ids("endTime lt 2030-01-01T00:00:00Z"),
        ["a", "b", "d"],
        "null is never ordered"
    );
}

#[test]
fn orderby_several_keys_with_a_total_order() {
    let mut r = rows();
    OrderBy::parse("startTime desc").unwrap().sort(&mut r);
    let got: Vec<_> = r.iter().map(|s| s.synchronization_id.clone().unwrap()).collect();
    assert_eq!(got, ["c", "b", "d", "a"], "ties broken by id");
    let mut r = rows();
    OrderBy::parse("consumerTenantName asc, durationMs desc")
        .unwrap()
        .sort(&mut r);
    let got: Vec<_> = r.iter().map(|s| s.synchronization_id.clone().unwrap()).collect();
    assert_eq!(got, ["d", "b", "a", "c"], "nulls first, reversed by desc");
    let mut r = rows();
    OrderBy::parse(" durationMs ").unwrap().sort(&mut r);
    assert_eq!(r[0].synchronization_id.as_deref(), Some("c"));
}

#[test]
fn orderby_errors() {
    let e = OrderBy::parse("StartTime desc").unwrap_err();
    assert_eq!(e.position, 1);
    assert!(e.message.contains("did you mean 'startTime'"), "{e}");
    assert_eq!(OrderBy::parse("startTime up").unwrap_err().position, 11);
    assert!(
        OrderBy::parse("startTime,startTime")
            .unwrap_err()
            .message
            .contains("twice")
    );
    assert_eq!(OrderBy::parse("startTime,").unwrap_err().position, 11);
    assert!(OrderBy::parse("").is_err());
    assert!(OrderBy::parse("'x'").is_err());
}

#[test]
fn filter_errors_carry_positions() {
    let e = error("status eq 'x");
    assert_eq!(e.position, 11);
    assert!(e.message.contains("unterminated"), "{e}");
    let e = error("status eq 5");
    assert!(
        e.message.contains("cannot compare a string with an integer"),
        "{e}"
    );
    let e = error("Status eq 'x'");
    assert!(e.message.contains("case-sensitive"), "{e}");
    let e = error("status gt null");
    assert_eq!(e.position, 8);
    let e = error("status eq 'a' and");
    assert_eq!(e.position, 18, "{e}");
    assert!(error("status").message.contains("expected a comparison"));
    assert!(error("(status eq 'a'").message.contains("not closed"));
    assert!(error("status eq 'a')").message.contains("unexpected ')'"));
    assert!(error("length(status) eq 1").message.contains("unknown function"));
    assert!(
        error("contains(durationMs,'1')")
            .message
            .contains("takes strings")
    );
    assert!(
        error("startTime gt datetime'yesterday'")
            .message
            .contains("RFC 3339")
    );
    assert!(
        error("startTime gt 2024-13-01T00:00:00Z")
            .message
            .contains("RFC 3339")
    );
    assert!(
        error("status eq 'a' & 1")
            .message
            .contains("unexpected character")
    );
    assert!(
        error("durationMs eq 99999999999999999999")
            .message
            .contains("not a number")
    );
    assert!(error("").message.contains("expected an expression"));
    assert_eq!(error("durationMs eq eq").position, 15);
}

#[test]
fn hostile_inputs_are_refused_without_overflow() {
    let deep = format!("{}status eq 'a'{}", "(".repeat(100_000), ")".repeat(100_000));
    let e = error(&deep);
    assert!(e.message.contains("longer than"), "{e}");
    let deep = format!("{}status eq 'a'{}", "(".repeat(40), ")".repeat(40));
    assert!(error(&deep).message.contains("nests deeper"));
    let nots = format!("{}true", "not ".repeat(1000));
    assert!(error(&nots).message.contains("longer") || error(&nots).message.contains("nests"));
    let nots = format!("{}true", "not ".repeat(33));
    assert!(error(&nots).message.contains("nests deeper"));
    assert!(Filter::parse(&format!("{}true", "not ".repeat(32))).is_ok());
    // A long flat chain is fine and evaluates without recursion.
    let chain = vec!["durationMs eq 1"; 200].join(" or ");
    assert!(ids(&chain).is_empty());
    for junk in [
        "\0",
        "'",
        "''",
        "(((",
        ")))",
        ",",
        "not",
        "eq",
        "contains(",
        "contains(status",
        "datetime'",
        "-",
        "--1",
        "\u{202e}",
    ] {
        assert!(Filter::parse(junk).is_err(), "{junk:?}");
        let _ = OrderBy::parse(junk);
    }
}
