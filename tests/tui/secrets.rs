//! A key given to the workbench appears nowhere: not on screen (the bytes
//! written to the terminal, the request log included), not in the store,
//! the log file or any other file the run leaves behind.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use crate::pty::{Key, Pty, TIMEOUT};
use crate::workbench::translated;

/// `glossa serve` on a free loopback port with `key`; its URL.
fn serve(key: &str) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(["serve", "--addr", "127.0.0.1:0", "--key", key])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start glossa serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut line)
        .expect("the first line");
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .expect("`listening on URL`")
        .to_owned();
    (child, url)
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
            && bytes.windows(needle.len()).any(|w| w == needle)
        {
            found.push(path.display().to_string());
        }
    }
    found
}

#[test]
fn the_key_is_never_on_screen_nor_in_any_file() {
    let key = format!("k3y{}", uuid::Uuid::new_v4().simple());
    let (mut service, url) = serve(&key);
    let mut pty = Pty::spawn_with(
        &[],
        &[("GLOSSA_ENDPOINT", url.as_str()), ("GLOSSA_KEY", key.as_str())],
    );
    pty.wait_for(
        "the endpoint in the status line",
        |s| s.contains("127.0.0.1"),
        TIMEOUT,
    );
    pty.type_str("Good morning");
    pty.wait_for_screen("the translation", |s| translated(s, "ja"), TIMEOUT);
    pty.send_key(Key::Esc);
    pty.wait_for(
        "the focus out of the editor",
        |s| s.contains("Ctrl+C/q quit"),
        TIMEOUT,
    );
    pty.type_str("L");
    pty.wait_for("the request log", |s| s.contains("/translate"), TIMEOUT);
    pty.send_key(Key::CtrlC);
    pty.wait_exit(TIMEOUT);
    let _ = service.kill();
    let _ = service.wait();

    let raw = pty.raw();
    assert!(
        !raw.windows(key.len()).any(|w| w == key.as_bytes()),
        "the key was written to the terminal"
    );
    // The run left a store (the draft, the languages cache) and a log.
    let db = pty.root().join("data/glossa/glossa.db");
    assert!(db.exists(), "the store was written");
    assert!(
        !files_containing(pty.root(), b"Good morning").is_empty(),
        "the scan reads the store (the draft is there)"
    );
    assert_eq!(files_containing(pty.root(), key.as_bytes()), Vec::<String>::new());
}
