//! The command palette in the real binary: `:` is text in the editor, opens
//! the palette outside it; part of an action's name finds it, Enter runs it.

use crate::pty::{Key, TIMEOUT};
use crate::workbench::started_with;

#[test]
fn the_palette_finds_an_action_by_part_of_its_name_and_runs_it() {
    let mut pty = started_with(&[]);
    pty.type_str("a:b");
    pty.wait_for("`:` typed in the editor", |s| s.contains("a:b"), TIMEOUT);
    pty.leave_editor();
    pty.type_str(":");
    pty.wait_for("the palette", |s| s.contains("Commands (Enter runs"), TIMEOUT);
    pty.type_str("req log");
    pty.wait_for(
        "the request log's row, its key and place",
        |s| s.contains("request log") && s.contains("request_log") && s.contains("Everywhere"),
        TIMEOUT,
    );
    pty.send_key(Key::Enter);
    pty.wait_for(
        "the request log, the palette closed",
        |s| s.contains("Request log") && !s.contains("Commands (Enter runs"),
        TIMEOUT,
    );
    pty.send_key(Key::Esc);
    pty.wait_for("the log closed", |s| !s.contains("Request log"), TIMEOUT);
    // Ctrl+K opens it too; Esc closes it.
    pty.write_raw(b"\x0b");
    pty.wait_for(
        "the palette again",
        |s| s.contains("Commands (Enter runs"),
        TIMEOUT,
    );
    pty.send_key(Key::Esc);
    pty.wait_for(
        "the palette closed",
        |s| !s.contains("Commands (Enter runs"),
        TIMEOUT,
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
}
