//! A word-by-word gloss, labelled as one and studied in place: the local
//! engine glosses "The birds fly" into Japanese (鳥飛ぶ), the pane's title
//! says "word by word", and Enter on 飛ぶ shows the dictionary alternatives
//! of "fly", the insect 蝿 among them.

use crate::pty::{Key, TIMEOUT};
use crate::workbench::{started_args, translated};

#[test]
fn a_gloss_is_labelled_and_enter_on_a_target_word_shows_its_alternatives() {
    let mut pty = started_args(&[], &[]);
    pty.type_str("The birds fly");
    pty.wait_for_screen(
        "the ja pane translated and titled word by word",
        |s| {
            translated(s, "ja")
                && s.contents()
                    .lines()
                    .any(|l| l.contains("ja · ") && l.contains("· word by word"))
        },
        TIMEOUT,
    );
    // Esc puts the focus on the first target pane, its cursor on the first word.
    pty.leave_editor();
    pty.wait_for(
        "the ja pane focused, Enter offering the word's alternatives",
        |s| s.contains("Enter alternatives"),
        TIMEOUT,
    );
    // 鳥 (birds) is the first word; 飛ぶ (fly, the verb) the next.
    pty.send_key(Key::Right);
    pty.send_key(Key::Enter);
    pty.wait_for(
        "the alternatives of fly, the word in the text marked, the keys on the popup",
        |s| {
            s.contains("飛ぶ ← fly")
                && s.contains("VERB")
                && s.contains("蝿")
                && s.contains("in the text")
                && s.contains("d in Dictionary tab")
        },
        TIMEOUT,
    );
    pty.send_key(Key::Esc);
    pty.wait_for(
        "Esc closed the popup, the pane keeps the focus",
        |s| !s.contains("飛ぶ ← fly") && s.contains("Enter alternatives"),
        TIMEOUT,
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
}
