//! The round trip in the real binary: `R` on the Translate tab translates each
//! target back into English through the local engine and shows it under the
//! target, with the status line saying the round trip is on; `R` again takes the
//! lines away.

use crate::pty::{Key, TIMEOUT};
use crate::workbench::{started_args, translated};

#[test]
fn r_shows_each_target_translated_back_under_it_and_r_again_hides_it() {
    let mut pty = started_args(&[], &[]);
    pty.type_str("I have a bank account.");
    pty.wait_for_screen("the ja pane translated", |s| translated(s, "ja"), TIMEOUT);
    pty.leave_editor();
    pty.wait_for(
        "a target pane focused",
        |s| s.contains("Enter alternatives"),
        TIMEOUT,
    );
    pty.type_str("R");
    pty.wait_for(
        "every target's back-translation under it, and the status saying so",
        |s| s.matches("— back: ").count() >= 2 && s.contains("· round trip") && s.contains("I have"),
        TIMEOUT,
    );
    pty.type_str("R");
    pty.wait_for(
        "R again: the back-translations gone",
        |s| !s.contains("— back: ") && !s.contains("· round trip"),
        TIMEOUT,
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
}
