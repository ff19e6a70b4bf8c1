//! Clipboard watch in the real binary, with a file standing for the clipboard
//! (`GLOSSA_FAKE_CLIPBOARD`, the same `ClipboardRead` trait as arboard's): `W`
//! starts it and the status says so; text "copied" elsewhere replaces the source
//! and is translated at once; `W` again stops it.

use crate::pty::{Key, TIMEOUT};
use crate::workbench::{started_args, translated};

#[test]
fn w_translates_text_copied_elsewhere_at_once() {
    let dir = std::env::temp_dir().join(format!("glossa-pty-clip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("clipboard");
    std::fs::write(&board, "there before the watch").unwrap();
    let path = board.to_string_lossy().into_owned();
    let mut pty = started_args(&[], &[("GLOSSA_FAKE_CLIPBOARD", path.as_str())]);
    pty.leave_editor();
    pty.type_str("W");
    pty.wait_for(
        "the status saying the clipboard is watched",
        |s| s.contains("watching the clipboard"),
        TIMEOUT,
    );
    std::fs::write(&board, "I have a bank account.\n").unwrap();
    pty.wait_for_screen(
        "the copied text as the source, translated",
        |s| s.contents().contains("I have a bank account.") && translated(s, "ja"),
        TIMEOUT,
    );
    assert!(
        !pty.screen_text().contains("there before the watch"),
        "what was there before is not news"
    );
    pty.type_str("W");
    pty.wait_for(
        "W again: not watching",
        |s| !s.contains("· watching the clipboard"),
        TIMEOUT,
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
    std::fs::remove_dir_all(dir).ok();
}
