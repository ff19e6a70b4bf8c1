//! Switching profiles live: the workbench starts on the embedded engine,
//! `P` picks a profile of the config file that points at a running
//! `glossa serve`, and the text is translated again there, with the
//! profile's key taken from the environment variable the profile names.

use crate::pty::{Key, Pty, TIMEOUT};
use crate::served::Served;
use crate::workbench::{started_args, translated};

#[test]
fn a_profile_picked_with_p_reconnects_and_translates_there() {
    let key = format!("pr0file{}", uuid::Uuid::new_v4().simple());
    let env = [("GLOSSA_SERVE_KEY", key.as_str()), ("GLOSSA_LOG", "info")];
    let service = Served::start(&["--addr", "127.0.0.1:0"], &env);
    let url = service.url.clone();

    let dir = std::env::temp_dir().join(format!("glossa-tui-profiles-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("config.toml");
    let toml = format!("[profiles.served]\nendpoint = \"{url}\"\nkey = {{ env = \"SERVED_KEY\" }}\n");
    std::fs::write(&config, toml).unwrap();
    let config_path = config.to_string_lossy().into_owned();
    let env = [
        ("GLOSSA_CONFIG", config_path.as_str()),
        ("SERVED_KEY", key.as_str()),
    ];

    let mut pty: Pty = started_args(&[], &env);
    pty.type_str("Good morning");
    pty.wait_for_screen("translated locally", |s| translated(s, "ja"), TIMEOUT);
    pty.leave_editor();
    pty.type_str("P");
    pty.wait_for(
        "the profile picker",
        |s| s.contains("served") && s.contains("remote"),
        TIMEOUT,
    );
    pty.type_str("served");
    pty.send_key(Key::Enter);
    let port = url.rsplit(':').next().unwrap().to_owned();
    // The status line names the served endpoint, and its metering once the
    // text was translated again there.
    let there = format!("served · http://127.0.0.1:{port}");
    pty.wait_for(
        "the text translated again on the served endpoint",
        |s| s.lines().any(|l| l.contains(&there) && l.contains("metered")),
        TIMEOUT,
    );
    pty.wait_for_screen("its translation shown", |s| translated(s, "ja"), TIMEOUT);
    pty.send_key(Key::CtrlC);
    pty.wait_exit(TIMEOUT);

    let (_, log) = service.stop();
    assert!(
        log.lines().any(|l| l.contains("POST /translate 200")),
        "the served instance translated, with the profile's key: {log}"
    );
    assert!(!log.contains(&key), "the key is never logged");
    let _ = std::fs::remove_dir_all(dir);
}
