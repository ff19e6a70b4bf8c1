//! A key and tokens given to Glossa appear nowhere: not on screen (the bytes
//! written to the terminal, the request log included), not in the store, the
//! log file or any other file a run leaves behind, not in the CLI's output or
//! error messages (with `--verbose` and debug logging), not in the service's
//! log. Every JSON Web Token looks like `eyJ…`, so a token this test cannot
//! know (one the client exchanged the key for) is looked for by that prefix.

use std::path::Path;
use std::process::{Command, Output};

use crate::pty::{ISOLATED, Key, Pty, TIMEOUT};
use crate::served::Served;
use crate::workbench::translated;

const BIN: &str = env!("CARGO_BIN_EXE_glossa");
/// How every JWT starts (`{"` in base64url).
const JWT: &[u8] = b"eyJ";
const SUBSCRIPTION: &str = "11111111-1111-1111-1111-111111111111";

/// A CLI run in `home`'s isolated HOME/XDG directories, at debug level.
fn cli(home: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).env_clear().env("GLOSSA_LOG", "debug");
    if let Some(path) = std::env::var_os("PATH") {
        cmd.env("PATH", path);
    }
    for (var, dir) in ISOLATED {
        std::fs::create_dir_all(home.join(dir)).expect("a temp dir");
        cmd.env(var, home.join(dir));
    }
    // As from a terminal: the one-shot commands record history then.
    cmd.env("GLOSSA_RECORD_HISTORY", "1");
    cmd.envs(env.iter().copied()).output().expect("glossa runs")
}

/// Every file under `dir` whose bytes contain `needle`.
fn files_containing(dir: &Path, needle: &[u8]) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            found.extend(files_containing(&path, needle));
        } else if let Ok(bytes) = std::fs::read(&path)
            && contains(&bytes, needle)
        {
            found.push(path.display().to_string());
        }
    }
    found
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn keys_and_tokens_appear_nowhere_across_the_tui_the_cli_and_the_service() {
    let key = format!("k3y{}", uuid::Uuid::new_v4().simple());
    let wrong = format!("wr0ng{}", uuid::Uuid::new_v4().simple());
    let home = std::env::temp_dir().join(format!("glossa-secrets-{}", uuid::Uuid::new_v4()));
    let env = [("GLOSSA_SERVE_KEY", key.as_str()), ("GLOSSA_LOG", "debug")];
    let service = Served::start(&["--addr", "127.0.0.1:0"], &env);
    let url = service.url.clone();

    // A token from the service's token service, printed on purpose.
    let issued = cli(
        &home,
        &["token", "--show", "--endpoint", &url],
        &[("GLOSSA_KEY", &key)],
    );
    assert!(issued.status.success(), "{issued:?}");
    let token = String::from_utf8(issued.stdout).unwrap().trim().to_owned();
    assert!(token.starts_with("eyJ"), "a JWT: {token:.12}…");
    let sandbox = [
        ("GLOSSA_MANAGEMENT_URL", url.as_str()),
        ("GLOSSA_LCS_URL", url.as_str()),
        ("GLOSSA_MANAGEMENT_TOKEN", token.as_str()),
        // The workbench's names of the sandbox's demo share.
        ("GLOSSA_SUBSCRIPTION", SUBSCRIPTION),
        ("GLOSSA_RESOURCE_GROUP", "demo-rg"),
        ("GLOSSA_SHARE_ACCOUNT", "demo-account"),
        ("GLOSSA_SHARE", "sales-share"),
    ];
    let list = [
        "syncs",
        "list",
        "--verbose",
        "--subscription",
        SUBSCRIPTION,
        "--resource-group",
        "demo-rg",
        "--account",
        "demo-account",
        "--share",
        "sales-share",
    ];

    // The CLI: the key on every request, the key exchanged for tokens, the
    // token as a directory token, a wrong key, the management token.
    let mut outputs = Vec::new();
    let translate = [
        "translate",
        "--verbose",
        "--endpoint",
        &url,
        "--to",
        "ja",
        "Good morning",
    ];
    for (args, env, succeeds) in [
        (translate.to_vec(), vec![("GLOSSA_KEY", key.as_str())], true),
        (
            [&translate[..], &["--auth", "token"]].concat(),
            vec![("GLOSSA_KEY", key.as_str())],
            true,
        ),
        (
            [&translate[..], &["--auth", "bearer"]].concat(),
            vec![("GLOSSA_TOKEN", token.as_str())],
            true,
        ),
        (translate.to_vec(), vec![("GLOSSA_KEY", wrong.as_str())], false),
        (list.to_vec(), sandbox.to_vec(), true),
        (vec!["config", "show"], vec![("GLOSSA_KEY", key.as_str())], true),
    ] {
        let out = cli(&home, &args, &env);
        assert_eq!(out.status.success(), succeeds, "{args:?}: {out:?}");
        outputs.push((args.join(" "), out));
    }
    let refused = &outputs[3].1;
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("401000"),
        "the wrong key's error is reported: {refused:?}"
    );

    // The workbench: translate, open the request log, load the Manage tab's syncs.
    let mut env = vec![("GLOSSA_ENDPOINT", url.as_str()), ("GLOSSA_KEY", key.as_str())];
    env.extend(sandbox);
    let mut pty = Pty::spawn_with(&[], &env);
    pty.wait_for(
        "the endpoint in the status line",
        |s| s.contains("127.0.0.1"),
        TIMEOUT,
    );
    pty.type_str("Good morning");
    pty.wait_for_screen("the translation", |s| translated(s, "ja"), TIMEOUT);
    pty.leave_editor();
    pty.type_str("4");
    pty.wait_for(
        "the syncs listed with the token",
        |s| s.contains("Kenji Sato"),
        TIMEOUT,
    );
    pty.type_str("L");
    pty.wait_for("the request log", |s| s.contains("/translate"), TIMEOUT);
    pty.send_key(Key::CtrlC);
    pty.wait_exit(TIMEOUT);

    let (_, service_log) = service.stop();
    let service_log = service_log.into_bytes();
    assert!(
        contains(&service_log, b"/translate"),
        "the service logged the requests"
    );

    let secrets: [(&str, &[u8]); 4] = [
        ("the key", key.as_bytes()),
        ("the wrong key", wrong.as_bytes()),
        ("the token", token.as_bytes()),
        ("a JWT", JWT),
    ];
    let raw = pty.raw();
    for (what, secret) in secrets {
        assert!(!contains(&raw, secret), "{what} was written to the terminal");
        assert!(!contains(&service_log, secret), "{what} is in the service's log");
        for (run, out) in &outputs {
            assert!(!contains(&out.stdout, secret), "{what} in the stdout of `{run}`");
            assert!(!contains(&out.stderr, secret), "{what} in the stderr of `{run}`");
        }
        for dir in [pty.root(), home.as_path()] {
            assert_eq!(files_containing(dir, secret), Vec::<String>::new(), "{what}");
        }
    }
    // The scans read what they should: the stores hold the texts, the
    // verbose runs logged their requests.
    assert!(
        pty.root().join("data/glossa/glossa.db").exists(),
        "the TUI's store"
    );
    assert!(
        !files_containing(pty.root(), b"Good morning").is_empty(),
        "the TUI's draft"
    );
    assert!(
        !files_containing(&home, b"Good morning").is_empty(),
        "the CLI's history"
    );
    let verbose = String::from_utf8_lossy(&outputs[0].1.stderr);
    assert!(
        verbose.contains("/translate"),
        "--verbose logs requests: {verbose}"
    );
    let _ = std::fs::remove_dir_all(&home);
}
