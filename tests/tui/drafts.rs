//! The draft: text typed in the editor survives the process being killed
//! (kill -9) and is back, translated, at the next start. The draft is
//! written off the loop; the editor's title says "saving…" until the text
//! on screen is committed, so "on screen and not saving" means saved.

use crate::pty::{Key, Pty, TIMEOUT};
use crate::screen::{find_box, text_in};
use crate::workbench::{started_args, translated};

pub fn editor(screen: &vt100::Screen) -> String {
    find_box(screen, "Source")
        .map(|a| text_in(screen, a))
        .unwrap_or_default()
}

/// The editor's title does not say "saving…".
fn saved(screen: &vt100::Screen) -> bool {
    !screen.contents().contains("saving…")
}

fn kill_9(pty: &mut Pty) {
    pty.signal("KILL");
    pty.wait_exit(TIMEOUT);
}

#[test]
fn text_typed_before_a_kill_9_is_back_at_the_next_start() {
    let data = std::env::temp_dir().join(format!("glossa-tui-draft-{}", uuid::Uuid::new_v4()));
    let data_dir = data.to_string_lossy().into_owned();
    let env = [("XDG_DATA_HOME", data_dir.as_str())];
    let mut pty = started_args(&[], &env);
    pty.type_str("Good morning");
    pty.send_key(Key::Enter);
    pty.type_str("über 東京 עברית");
    // Killed the moment the last keys are on screen and committed: no quit, no flush.
    pty.wait_for_screen(
        "the typed text in the editor, saved",
        |s| {
            let e = editor(s);
            e.contains("Good morning") && e.contains("über 東京 עברית") && saved(s)
        },
        TIMEOUT,
    );
    kill_9(&mut pty);

    let mut again = Pty::spawn_with(&[], &env);
    again.wait_for_screen(
        "the draft restored and translated",
        |s| {
            let e = editor(s);
            e.contains("Good morning") && e.contains("über 東京 עברית") && translated(s, "ja")
        },
        TIMEOUT,
    );
    // The cursor is where it was: typing goes on at the end.
    again.type_str("!");
    again.wait_for_screen(
        "typing resumes at the end",
        |s| editor(s).contains("עברית!") && saved(s),
        TIMEOUT,
    );
    kill_9(&mut again);
    let third = Pty::spawn_with(&[], &env);
    third.wait_for_screen("the last key kept too", |s| editor(s).contains("עברית!"), TIMEOUT);
    drop(third);
    let _ = std::fs::remove_dir_all(data);
}
