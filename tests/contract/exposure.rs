//! Who can reach the local service: every route but `/languages` asks for
//! credentials, and `glossa serve` listens on loopback unless told otherwise,
//! and then only with a key.

use std::process::Command;

use reqwest::Method;

use crate::common::*;
use crate::served::Served;

const BIN: &str = env!("CARGO_BIN_EXE_glossa");
const SUB: &str = "/subscriptions/00000000-0000-0000-0000-000000000000";

/// Every route the service serves but `/languages`, with a body it would
/// accept from a caller with credentials.
fn guarded() -> Vec<(Method, String, &'static str)> {
    let text = r#"[{"Text":"Good morning"}]"#;
    let ops = [
        "/translate?api-version=3.0&to=fr",
        "/detect?api-version=3.0",
        "/breaksentence?api-version=3.0",
        "/transliterate?api-version=3.0&language=ja&fromScript=Jpan&toScript=Latn",
        "/dictionary/lookup?api-version=3.0&from=en&to=fr",
    ];
    let mut routes = Vec::new();
    for prefix in ["", glossa::service::CUSTOM_ENDPOINT_PREFIX] {
        for op in ops {
            routes.push((Method::POST, format!("{prefix}{op}"), text));
        }
        routes.push((
            Method::POST,
            format!("{prefix}/dictionary/examples?api-version=3.0&from=en&to=fr"),
            r#"[{"Text":"fly","Translation":"voler"}]"#,
        ));
    }
    routes.push((Method::POST, "/sts/v1.0/issueToken".into(), ""));
    routes.push((
        Method::POST,
        format!(
            "{SUB}/resourceGroups/rg/providers/Microsoft.DataShare/accounts/a/shares/s/listSynchronizations?api-version=2020-09-01"
        ),
        "{}",
    ));
    routes.push((
        Method::POST,
        "/databasemovement/v1/refresh/project/1/source/a/target/b".into(),
        "",
    ));
    routes.push((
        Method::GET,
        "/databasemovement/v1/fetchstatus/project/1/environment/a/operationactivity/b".into(),
        "",
    ));
    routes.push((
        Method::POST,
        format!(
            "{SUB}/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm/migrateToVirtualMachineScaleSet?api-version=2024-11-01"
        ),
        "{}",
    ));
    routes.push((
        Method::GET,
        format!("{SUB}/providers/Microsoft.Compute/locations/westus/operations/x?api-version=2024-11-01"),
        "",
    ));
    for path in [
        "/resourceGroups/rg/providers/Microsoft.DataShare/accounts/a/shares?api-version=2021-08-01",
        "/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines?api-version=2026-03-01",
        "/resourceGroups/rg/providers/Microsoft.Compute/availabilitySets/s?api-version=2026-03-01",
    ] {
        routes.push((Method::GET, format!("{SUB}{path}"), ""));
    }
    routes
}

#[tokio::test]
async fn every_route_but_languages_refuses_a_caller_without_credentials() {
    let svc = start().await;
    let routes = guarded();
    assert_eq!(
        routes.len(),
        21,
        "every route: 2 × 6 translator operations, the token service, 8 management"
    );
    for (method, path, body) in &routes {
        for key in [None, Some("wrong-key")] {
            let mut req = svc
                .http
                .request(method.clone(), format!("{}{path}", svc.url))
                .header("Content-Type", "application/json");
            if let Some(k) = key {
                req = req
                    .header("Ocp-Apim-Subscription-Key", k)
                    .header("Authorization", format!("Bearer {k}"));
            }
            let resp = req.body(*body).send().await.unwrap();
            assert_eq!(resp.status(), 401, "{method} {path} with {key:?}");
            let body: serde_json::Value = resp.json().await.expect("a JSON error body");
            // Translator and ARM errors carry `error`; LCS answers as ASP.NET does.
            let said = body.get("error").or_else(|| body.get("Message"));
            assert!(said.is_some(), "{method} {path}: {body}");
        }
    }
    for path in [
        "/languages?api-version=3.0",
        "/translator/text/v3.0/languages?api-version=3.0",
    ] {
        let resp = svc.get(path).send().await.unwrap();
        assert_eq!(resp.status(), 200, "{path} needs no credentials");
    }
    // The same routes with credentials are not refused (so the list is real).
    let token = issue_token(&svc.http, &svc.url).await;
    for (method, path, body) in &routes {
        let resp = svc
            .http
            .request(method.clone(), format!("{}{path}", svc.url))
            .header("Content-Type", "application/json")
            .header("Ocp-Apim-Subscription-Key", KEY)
            .header("Authorization", format!("Bearer {token}"))
            .body(*body)
            .send()
            .await
            .unwrap();
        assert_ne!(resp.status(), 401, "{method} {path} with credentials");
        // A sandbox resource may not exist (ARM's 404); the router's own
        // "no such route" is code 404000.
        let body = resp.text().await.unwrap();
        assert!(!body.contains("404000"), "{method} {path} is a route: {body}");
    }
}

/// Runs `glossa serve` with `args` to its exit; its status and stderr.
fn refused(args: &[&str], key_env: Option<&str>) -> (i32, String) {
    let mut cmd = Command::new(BIN);
    cmd.arg("serve").args(args).env_remove("GLOSSA_SERVE_KEY");
    if let Some(k) = key_env {
        cmd.env("GLOSSA_SERVE_KEY", k);
    }
    let out = cmd.output().expect("glossa runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn serve_refuses_to_leave_loopback_without_expose_and_a_key() {
    let (code, err) = refused(&["--addr", "0.0.0.0:0"], None);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("not a loopback address") && err.contains("--expose"),
        "{err}"
    );
    let (code, err) = refused(&["--addr", "0.0.0.0:0", "--expose"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("needs a --key"), "{err}");
    let short = "tiny-key";
    let (code, err) = refused(&["--addr", "[::]:0", "--expose"], Some(short));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at least 16") && !err.contains(short), "{err}");
}

#[tokio::test]
async fn exposed_with_a_key_it_listens_everywhere_and_still_asks_for_it() {
    let key = "exposed-key-3c9e1f0a7b2d4e6f";
    let served = Served::start(&["--addr", "0.0.0.0:0", "--expose"], &[("GLOSSA_SERVE_KEY", key)]);
    let port = served
        .url
        .strip_prefix("http://0.0.0.0:")
        .unwrap_or_else(|| panic!("listening on {}", served.url))
        .to_owned();
    let url = format!("http://127.0.0.1:{port}");
    let http = http();
    let detect = |k: Option<&str>| {
        let mut req = http
            .post(format!("{url}/detect?api-version=3.0"))
            .header("Content-Type", "application/json")
            .body(r#"[{"Text":"Good morning"}]"#);
        if let Some(k) = k {
            req = req.header("Ocp-Apim-Subscription-Key", k);
        }
        req.send()
    };
    assert_eq!(detect(None).await.unwrap().status(), 401);
    assert_eq!(detect(Some("any-other-key-000000")).await.unwrap().status(), 401);
    assert_eq!(detect(Some(key)).await.unwrap().status(), 200);
    let languages = http
        .get(format!("{url}/languages?api-version=3.0"))
        .send()
        .await
        .unwrap();
    assert_eq!(languages.status(), 200);
    let (exit, err) = served.stop();
    assert!(exit.success());
    assert!(
        err.contains("exposed on 0.0.0.0:"),
        "the exposure is logged: {err}"
    );
    assert!(!err.contains(key), "the key is never logged: {err}");
}
