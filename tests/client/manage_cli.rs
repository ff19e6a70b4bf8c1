//! The management one-shot commands (`glossa syncs | refresh | migrate`): the
//! real binary against the fakes of manage.rs and the local sandbox.

use std::process::Output;

use super::*;

fn glossa(args: &[&str]) -> Output {
    crate::common::glossa_local().args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn help_of_the_management_commands() {
    for (args, needles) in [
        (
            &["syncs", "list", "--help"][..],
            &["--resource-group", "--filter", "--orderby", "--all", "--json"][..],
        ),
        (
            &["refresh", "start", "--help"],
            &["--project", "--source", "--target", "--watch", "--token"],
        ),
        (&["refresh", "status", "--help"], &["--environment", "--activity"]),
        (
            &["migrate", "start", "--help"],
            &["--vm", "--zone", "--size", "--fault-domain", "--management-url"],
        ),
        (
            &["migrate", "status", "--help"],
            &["--location", "--watch", "--login-url", "--lcs-url"],
        ),
    ] {
        let out = glossa(args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let help = text(&out.stdout);
        for n in needles {
            assert!(help.contains(n), "{args:?} lacks {n}: {help}");
        }
    }
}

#[test]
fn a_location_printed_by_an_earlier_local_run_is_followed_by_the_next() {
    let data = std::env::temp_dir().join(format!("glossa-cli-local-{}", uuid::Uuid::new_v4()));
    let run = |args: &[&str]| {
        crate::common::glossa_local()
            .args(args)
            .env("XDG_DATA_HOME", &data)
            .output()
            .unwrap()
    };
    let out = run(&["migrate", "start", "--vm", "vm-web-3", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let started: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let location = started["location"].as_str().unwrap().to_owned();
    let id = started["requestId"].as_str().unwrap();
    assert!(
        uuid::Uuid::parse_str(id).is_ok(),
        "x-ms-request-id shown: {started}"
    );
    // The service of that run is gone; its sandbox state is kept.
    let out = run(&["migrate", "status", "--location", &location, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let polled: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(polled["status"], "InProgress", "{polled}");
    let out = run(&["migrate", "start", "--vm", "vm-web-3"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "already migrating, as the sandbox remembers"
    );
    assert!(
        text(&out.stderr).contains("OperationNotAllowed"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains("x-ms-request-id "),
        "the refusal names its request id: {}",
        text(&out.stderr)
    );
    let out = run(&["migrate", "start", "--vm", "vm-web-1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("migration accepted (x-ms-request-id "),
        "{}",
        text(&out.stdout)
    );
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn validation_fails_with_exit_2_before_any_request() {
    // Port 9 of loopback: a request would fail with exit 3, not 2.
    let remote = [
        "--management-url",
        "http://127.0.0.1:9",
        "--lcs-url",
        "http://127.0.0.1:9",
        "--token",
        "t",
    ];
    let cases: [&[&str]; 4] = [
        &[
            "migrate",
            "start",
            "--subscription",
            "s",
            "--resource-group",
            "",
            "--vm",
            "v",
        ],
        &[
            "refresh",
            "start",
            "--project",
            "1",
            "--source",
            "nope",
            "--target",
            ENV_B,
        ],
        &[
            "syncs",
            "list",
            "--subscription",
            "s",
            "--resource-group",
            "g",
            "--account",
            "a",
        ],
        &["migrate", "status", "--location", "https://elsewhere.example/op"],
    ];
    for case in cases {
        let args: Vec<&str> = case.iter().chain(remote.iter()).copied().collect();
        let out = glossa(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
    }
    let out = glossa(&[
        "migrate",
        "start",
        "--management-url",
        "http://example.com",
        "--token",
        "t",
        "--subscription",
        "s",
        "--resource-group",
        "g",
        "--vm",
        "v",
    ]);
    assert_eq!(out.status.code(), Some(2), "plain http to a remote host");
    assert!(!text(&out.stderr).contains("--token t"));
}

#[tokio::test]
async fn syncs_table_and_json_against_a_fake_service() {
    let (url, _) = fake(|n, seen| sync_page(n, 6, seen)).await;
    let base = vec![
        "syncs".to_owned(),
        "list".into(),
        "--management-url".into(),
        url.clone(),
        "--token".into(),
        TOKEN.into(),
        "--subscription".into(),
        "s".into(),
        "--resource-group".into(),
        "g".into(),
        "--account".into(),
        "a".into(),
        "--share".into(),
        "sh".into(),
    ];
    let first = base.clone();
    let out =
        tokio::task::spawn_blocking(move || glossa(&first.iter().map(String::as_str).collect::<Vec<_>>()))
            .await
            .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.starts_with("START"), "{shown}");
    assert!(
        shown.contains("Incremental") && shown.contains("abc@example.com"),
        "{shown}"
    );
    assert!(
        shown.contains("remaining reads: 14999") && shown.contains("more: --all"),
        "{shown}"
    );
    // A fresh service, so the pages start from the first again.
    let (url2, _) = fake(|n, seen| sync_page(n, 6, seen)).await;
    let mut all: Vec<String> = base
        .into_iter()
        .map(|a| if a == url { url2.clone() } else { a })
        .collect();
    all.extend(["--all".to_owned(), "--json".into()]);
    let out =
        tokio::task::spawn_blocking(move || glossa(&all.iter().map(String::as_str).collect::<Vec<_>>()))
            .await
            .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"].as_array().unwrap().len(), 6);
}

#[tokio::test]
async fn refresh_refused_exits_1() {
    let (url, _) = fake(|_, _| {
        json(200, &[], serde_json::json!({"IsSuccess": false, "OperationActivityId": ACTIVITY,
            "ErrorMessage": "Maximum allowed API operations are 3", "VersionEOL": "9999-12-31T23:59:59.9999999"}))
    })
    .await;
    let args: Vec<String> = [
        "refresh",
        "start",
        "--lcs-url",
        &url,
        "--management-url",
        &url,
        "--token",
        "t",
        "--project",
        "1234567",
        "--source",
        ENV_A,
        "--target",
        ENV_B,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out =
        tokio::task::spawn_blocking(move || glossa(&args.iter().map(String::as_str).collect::<Vec<_>>()))
            .await
            .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("Maximum allowed"),
        "{}",
        text(&out.stderr)
    );
}
