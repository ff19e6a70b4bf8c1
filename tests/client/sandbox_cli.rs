//! `glossa sandbox path|reset`: the local service's kept state, and starting
//! it afresh (the demo data seeded again).

use std::process::Output;

fn run(data: &std::path::Path, args: &[&str]) -> Output {
    crate::common::glossa_local()
        .args(args)
        .env("XDG_DATA_HOME", data)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn reset_forgets_what_the_sandbox_kept_and_asks_scripts_for_yes() {
    let data = std::env::temp_dir().join(format!("glossa-sandbox-cli-{}", uuid::Uuid::new_v4()));
    let dir = data.join("glossa").join("local-service");
    let out = run(&data, &["sandbox", "path"]);
    assert_eq!(text(&out.stdout).trim(), dir.display().to_string());
    let out = run(&data, &["sandbox", "reset"]);
    assert!(
        out.status.success() && text(&out.stdout).contains("nothing to reset"),
        "{out:?}"
    );

    let start = ["migrate", "start", "--vm", "vm-web-3"];
    assert!(run(&data, &start).status.success());
    let again = run(&data, &start);
    assert_eq!(
        again.status.code(),
        Some(1),
        "the sandbox remembers: {}",
        text(&again.stderr)
    );

    // Without a terminal and without --yes: refused, nothing deleted.
    let out = run(&data, &["sandbox", "reset"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(text(&out.stderr).contains("--yes"), "{}", text(&out.stderr));
    assert!(dir.exists());

    let out = run(&data, &["sandbox", "reset", "--yes"]);
    assert!(out.status.success(), "{out:?}");
    let said = text(&out.stdout);
    assert!(
        said.contains("removed") && said.contains("sandbox.sqlite3"),
        "{said}"
    );
    assert!(!dir.exists());
    let fresh = run(&data, &start);
    assert!(
        fresh.status.success(),
        "the demo VM again: {}",
        text(&fresh.stderr)
    );
    let _ = std::fs::remove_dir_all(data);
}
