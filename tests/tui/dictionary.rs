//! The Dictionary tab end to end on the embedded local engine (its
//! CC-CEDICT and HSK sentence data): a word looked up, drilled to its
//! example sentences and back; the languages remembered by the next start;
//! a word sent from the Translate tab.

use crate::pty::{Key, Pty, TIMEOUT};
use crate::workbench::started_args;

/// The Dictionary tab with English → Chinese (Simplified) chosen in its
/// target picker, the search line focused again.
fn to_english_chinese(pty: &mut Pty) {
    pty.leave_editor();
    pty.type_str("2");
    pty.wait_for(
        "the Dictionary tab, its languages named from the list",
        |s| s.contains("Look up · English → ") && s.contains("Type a word and press Enter"),
        TIMEOUT,
    );
    pty.leave_editor();
    pty.type_str("t");
    pty.wait_for("the target picker", |s| s.contains("Dictionary: to"), TIMEOUT);
    pty.type_str("zh-Hans");
    pty.send_key(Key::Enter);
    pty.wait_for(
        "the pair chosen",
        |s| s.contains("Look up · English → Chinese (Simplified)"),
        TIMEOUT,
    );
    pty.type_str("i");
}

#[test]
fn a_word_looked_up_drilled_to_its_examples_and_back() {
    let data = std::env::temp_dir().join(format!("glossa-tui-dict-{}", uuid::Uuid::new_v4()));
    let data_dir = data.to_string_lossy().into_owned();
    let env = [("XDG_DATA_HOME", data_dir.as_str())];
    let mut pty = started_args(&[], &env);
    to_english_chinese(&mut pty);
    pty.type_str("fly");
    pty.send_key(Key::Enter);
    pty.wait_for(
        "the translations grouped by part of speech",
        |s| s.contains("VERB") && s.contains("NOUN") && s.contains("飞") && s.contains("← fly"),
        TIMEOUT,
    );
    pty.send_key(Key::Enter);
    pty.wait_for(
        "the back-translations of the first translation",
        |s| s.contains("Back-translations, most frequent first") && s.contains("fly (en→zh-Hans) › fly → 飞"),
        TIMEOUT,
    );
    pty.send_key(Key::Enter);
    pty.wait_for(
        "real example sentences, side by side, three pages deep",
        |s| {
            s.contains("examples: fly — 飞")
                && s.contains("The plane flies in the sky.")
                && s.contains("飞机在天上飞。")
                && s.contains("3 pages deep")
        },
        TIMEOUT,
    );
    pty.send_key(Key::Esc);
    pty.wait_for(
        "Esc: the back-translations again",
        |s| s.contains("Back-translations, most frequent first") && !s.contains("The plane flies"),
        TIMEOUT,
    );
    pty.send_key(Key::Backspace);
    pty.wait_for(
        "Backspace: the look-up as it was",
        |s| s.contains("VERB") && !s.contains("Back-translations") && !s.contains("pages deep"),
        TIMEOUT,
    );
    pty.type_str("q");
    assert_eq!(pty.wait_exit(TIMEOUT), 0);

    // The next start remembers the languages and the word looked up.
    let mut again = started_args(&[], &env);
    again.leave_editor();
    again.type_str("2");
    again.wait_for(
        "the last choice of languages and the tab's history",
        |s| {
            s.contains("Look up · English → Chinese (Simplified)")
                && s.lines().any(|l| l.contains("fly") && l.contains("en→zh-Hans"))
        },
        TIMEOUT,
    );
    again.send_key(Key::CtrlC);
    assert_eq!(again.wait_exit(TIMEOUT), 0);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn ctrl_l_in_the_editor_opens_the_word_under_the_cursor_in_the_dictionary() {
    let mut pty = started_args(&[], &[]);
    pty.type_str("The birds fly");
    pty.wait_for(
        "the sentence translated, its language detected",
        |s| s.contains("auto: English (en)"),
        TIMEOUT,
    );
    pty.write_raw(b"\x0c");
    pty.wait_for(
        "the word at the cursor looked up from English into the first target",
        |s| s.contains("fly (en→ja)") && s.contains("VERB"),
        TIMEOUT,
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
}
