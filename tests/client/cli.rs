//! The one-shot CLI, as a script or a person runs it: the real binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::common::*;

fn glossa(args: &[&str], stdin: Option<&str>, env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_glossa"));
    cmd.args(args)
        .env_remove("GLOSSA_ENDPOINT")
        .env_remove("GLOSSA_KEY")
        .env_remove("GLOSSA_REGION")
        .env_remove("GLOSSA_TOKEN")
        .env_remove("GLOSSA_PROFILE")
        // Never the developer's config file or secrets.
        .env("GLOSSA_CONFIG", "/nonexistent/glossa/config.toml")
        .env("GLOSSA_SECRETS", "/nonexistent/glossa/secrets.toml")
        .env_remove("GLOSSA_RECORD_HISTORY")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join(format!("glossa-cli-{}", uuid::Uuid::new_v4())),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    // A command that does not read its input may exit before it is written.
    if let Some(s) = stdin
        && let Err(e) = input.write_all(s.as_bytes())
    {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn translate_on_the_embedded_service() {
    let out = glossa(
        &["translate", "--from", "en", "--to", "en", "Hello there."],
        None,
        &[],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "Hello there.\n");
    let out = glossa(
        &["translate", "-t", "fi", "-t", "ja", "The cat sleeps."],
        None,
        &[],
    );
    let shown = text(&out.stdout);
    assert!(shown.contains("  fi  ") && shown.contains("  ja  "), "{shown}");
    assert!(shown.contains("(detected en"), "{shown}");
}

#[test]
fn stdin_lines_in_order_as_json() {
    let lines: Vec<String> = (0..2_000)
        .map(|i| format!("line number {i} of the file"))
        .collect();
    let input = lines.join("\n") + "\n";
    let out = glossa(
        &["--json", "translate", "--from", "en", "--to", "en", "-"],
        Some(&input),
        &[],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let arr = v.as_array().unwrap();
    assert_eq!(arr.len(), 2_000);
    for (i, r) in arr.iter().enumerate() {
        assert_eq!(r["translations"][0]["text"], lines[i].as_str());
    }
}

#[test]
fn errors_are_one_line_with_code_and_request_id() {
    let out = glossa(&["translate", "--to", "xx-nope", "hello"], None, &[]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("400036") && err.contains("X-RequestId TRAN."),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let out = glossa(&["examples", "-f", "en", "-t", "zh-Hans", "bank"], None, &[]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let out = glossa(
        &[
            "detect",
            "--endpoint",
            "http://127.0.0.1:9",
            "--key",
            "k",
            "--attempts",
            "2",
            "hi",
        ],
        None,
        &[],
    );
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let mut child = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(["detect", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"fine\nnot \xff utf-8\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("stdin line 2 is not UTF-8"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn other_commands_print_for_people() {
    let out = glossa(&["detect", "Bonjour tout le monde", "Guten Morgen"], None, &[]);
    let s = text(&out.stdout);
    assert!(s.starts_with("fr ") && s.contains("\nde "), "{s}");
    let out = glossa(&["breaksentence", "Hello there. How are you?"], None, &[]);
    assert_eq!(text(&out.stdout), "Hello there.\nHow are you?\n");
    let out = glossa(&["lookup", "-f", "en", "-t", "fi", "cat", "qqqzzz"], None, &[]);
    let s = text(&out.stdout);
    assert!(
        s.contains("kissa") && s.contains("(not in the dictionary)"),
        "{s}"
    );
    let out = glossa(
        &[
            "transliterate",
            "-l",
            "ru",
            "--from-script",
            "Cyrl",
            "--to-script",
            "Latn",
            "Москва",
        ],
        None,
        &[],
    );
    assert!(
        out.status.success() && text(&out.stdout).starts_with("Moskva"),
        "{}",
        text(&out.stdout)
    );
    let out = glossa(&["languages", "--scope", "dictionary", "--json"], None, &[]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["dictionary"]["en"]["translations"].is_array());
    assert!(v.get("translation").is_none());
    let out = glossa(
        &["examples", "-f", "en", "-t", "zh-Hans", "-"],
        Some("bank\t银行\n"),
        &[],
    );
    assert!(text(&out.stdout).contains("银行"), "{}", text(&out.stdout));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_auth_mode_against_a_running_service() {
    let svc = start_with(glossa::service::ServiceConfig {
        key: Some(glossa::api::Secret::new(KEY)),
        region: Some("westus".into()),
        ..Default::default()
    })
    .await;
    let url = svc.url.clone();
    let env = [
        ("GLOSSA_ENDPOINT", url.as_str()),
        ("GLOSSA_KEY", KEY),
        ("GLOSSA_REGION", "westus"),
    ];
    let run = |args: Vec<&str>, env: Vec<(&str, &str)>| {
        let (args, env): (Vec<String>, Vec<(String, String)>) = (
            args.into_iter().map(str::to_owned).collect(),
            env.into_iter()
                .map(|(a, b)| (a.to_owned(), b.to_owned()))
                .collect(),
        );
        std::thread::spawn(move || {
            let a: Vec<&str> = args.iter().map(String::as_str).collect();
            let e: Vec<(&str, &str)> = env.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
            glossa(&a, None, &e)
        })
        .join()
        .unwrap()
    };
    for mode in [
        vec!["--auth", "key"],
        vec!["--key-in-query"],
        vec!["--auth", "token"],
    ] {
        let mut args = vec!["detect", "-v", "Hola amigos"];
        args.extend(mode.clone());
        let out = run(args, env.to_vec());
        assert!(out.status.success(), "{mode:?}: {}", text(&out.stderr));
        let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert!(all.starts_with("es ") && !all.contains(KEY), "{mode:?}: {all}");
        assert!(
            text(&out.stderr).contains("POST /detect 200"),
            "--verbose logs requests"
        );
    }
    // A token for scripts (stdout is a pipe here), then used as a bearer token.
    let out = run(vec!["token"], env.to_vec());
    let token = text(&out.stdout).trim().to_owned();
    assert!(token.len() > 100, "{}", text(&out.stderr));
    let bearer = vec![
        ("GLOSSA_ENDPOINT", url.as_str()),
        ("GLOSSA_TOKEN", token.as_str()),
        ("GLOSSA_REGION", "westus"),
    ];
    let out = run(vec!["detect", "--auth", "bearer", "Hola amigos"], bearer.clone());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let custom = format!("{url}/translator/text/v3.0");
    let out = run(
        vec!["detect", "--auth", "bearer", "--endpoint", &custom, "Hola"],
        bearer,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(vec!["detect", "--key", "wrong-key", "Hola"], env.to_vec());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("401000"));
    let out = run(vec!["detect", "Hola"], vec![("GLOSSA_ENDPOINT", url.as_str())]);
    assert_eq!(out.status.code(), Some(2), "no key: {}", text(&out.stderr));
}

#[test]
fn the_languages_cache_spares_a_request() {
    let cache = std::env::temp_dir().join(format!("glossa-cli-cache-{}", uuid::Uuid::new_v4()));
    let cache_s = cache.to_str().unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let svc = rt.block_on(start());
    let env = [("GLOSSA_ENDPOINT", svc.url.as_str()), ("XDG_DATA_HOME", cache_s)];
    let first = glossa(&["languages", "-v", "--scope", "translation"], None, &env);
    assert!(
        text(&first.stderr).contains("GET /languages 200"),
        "{}",
        text(&first.stderr)
    );
    let second = glossa(&["languages", "-v", "--scope", "translation"], None, &env);
    assert!(
        !text(&second.stderr).contains("GET /languages"),
        "{}",
        text(&second.stderr)
    );
    assert_eq!(first.stdout, second.stdout);
    let fresh = glossa(
        &["languages", "-v", "--fresh", "--scope", "translation"],
        None,
        &env,
    );
    assert!(
        text(&fresh.stderr).contains("GET /languages 304"),
        "{}",
        text(&fresh.stderr)
    );
    let _ = std::fs::remove_dir_all(cache);
}

#[test]
fn history_keeps_interactive_runs_only() {
    let data = std::env::temp_dir().join(format!("glossa-cli-history-{}", uuid::Uuid::new_v4()));
    let home = ("XDG_DATA_HOME", data.to_str().unwrap());
    // GLOSSA_RECORD_HISTORY=1 stands for a terminal on stdout.
    let force = ("GLOSSA_RECORD_HISTORY", "1");
    let ok = |out: Output| assert!(out.status.success(), "{}", text(&out.stderr));
    ok(glossa(
        &["translate", "--from", "en", "--to", "en", "Piped text."],
        None,
        &[home],
    ));
    ok(glossa(
        &["translate", "--from", "en", "--to", "fi", "The river bank."],
        None,
        &[home, force],
    ));
    ok(glossa(
        &["translate", "--no-history", "--to", "en", "Not kept."],
        None,
        &[home, force],
    ));
    ok(glossa(
        &["lookup", "-f", "en", "-t", "fi", "cat", "qqqzzz"],
        None,
        &[home, force],
    ));
    ok(glossa(
        &["lookup", "--no-history", "-f", "en", "-t", "fi", "dog"],
        None,
        &[home, force],
    ));
    ok(glossa(
        &["lookup", "-f", "en", "-t", "fi", "house"],
        None,
        &[home],
    ));

    let out = glossa(&["history", "--json"], None, &[home]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let entries = v.as_array().unwrap();
    assert_eq!(entries.len(), 1, "{v}");
    assert_eq!(entries[0]["source"], "The river bank.");
    assert_eq!(
        (&entries[0]["from"], &entries[0]["targets"][0]),
        (&"en".into(), &"fi".into())
    );
    assert_eq!(entries[0]["results"][0]["to"], "fi");

    let out = glossa(&["history", "RIVER"], None, &[home]);
    let shown = text(&out.stdout);
    assert!(
        shown.contains("en → fi") && shown.contains("  The river bank."),
        "{shown}"
    );
    let out = glossa(&["history", "piped"], None, &[home]);
    assert!(out.status.success() && out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains("nothing matches 'piped'"),
        "{}",
        text(&out.stderr)
    );

    let out = glossa(&["history", "--lookups", "--json"], None, &[home]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let terms: Vec<_> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["term"].clone(), l["found"].as_u64()))
        .collect();
    assert_eq!(terms.len(), 2, "{v}");
    assert_eq!(terms[0], ("qqqzzz".into(), Some(0)));
    assert_eq!(terms[1].0, "cat");
    assert!(terms[1].1 > Some(0));
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn an_unusable_store_is_one_warning_not_a_failure() {
    let file = std::env::temp_dir().join(format!("glossa-cli-not-a-dir-{}", uuid::Uuid::new_v4()));
    std::fs::write(&file, "a file where the data directory should be").unwrap();
    let env = [
        ("XDG_DATA_HOME", file.to_str().unwrap()),
        ("GLOSSA_RECORD_HISTORY", "1"),
    ];
    let out = glossa(
        &["translate", "--from", "en", "--to", "en", "One.", "Two."],
        None,
        &env,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr.matches("not recorded in the history").count(),
        1,
        "{stderr}"
    );
    let out = glossa(&["history"], None, &env);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let _ = std::fs::remove_file(file);
}
