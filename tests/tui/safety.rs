//! However the workbench ends — a panic, SIGTERM, SIGINT, SIGHUP — the
//! terminal is given back as it was (cooked mode, cursor shown, the main
//! screen) and the text being edited is kept for the next start.
//!
//! The text is signalled the moment it is on screen, without waiting for the
//! editor's "saving…" marker to go: what is pending must be committed on the
//! way out.

use crate::drafts::editor;
use crate::pty::{Key, Pty, TIMEOUT};
use crate::workbench::{assert_restored, started_args};

/// How the run is ended.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// F12 with `GLOSSA_DEBUG_PANIC=1` (debug builds only).
    Panic,
    Signal(&'static str, u32),
}

/// Types `text` into a workbench whose data lives in a fresh directory, ends
/// it as said, checks the terminal and the exit code, and finds `text` in
/// the editor of the next start.
fn end_and_restart(ending: Ending, text: &str) {
    let data = std::env::temp_dir().join(format!("glossa-tui-safety-{}", uuid::Uuid::new_v4()));
    let data_dir = data.to_string_lossy().into_owned();
    let env = [("XDG_DATA_HOME", data_dir.as_str()), ("GLOSSA_DEBUG_PANIC", "1")];
    let mut pty = started_args(&[], &env);
    pty.type_str(text);
    pty.wait_for_screen(
        "the typed text in the editor",
        |s| editor(s).contains(text),
        TIMEOUT,
    );
    let mark = pty.bytes_written();
    let expected = match ending {
        Ending::Panic => {
            pty.send_key(Key::F12);
            101
        }
        Ending::Signal(name, number) => {
            pty.signal(name);
            128 + number
        }
    };
    assert_eq!(pty.wait_exit(TIMEOUT), expected, "exit status after {ending:?}");
    assert_restored(&pty, mark);
    if let Ending::Panic = ending {
        // The report is readable on the main screen, after the restore.
        pty.wait_for(
            "the panic message on the main screen",
            |s| s.contains("debug panic trigger"),
            TIMEOUT,
        );
    }
    drop(pty);
    let again = Pty::spawn_with(&[], &env);
    again.wait_for_screen(
        &format!("the draft kept after {ending:?}"),
        |s| editor(s).contains(text),
        TIMEOUT,
    );
    drop(again);
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn a_panic_restores_the_terminal_reports_and_keeps_the_draft() {
    end_and_restart(Ending::Panic, "panic über 東京");
}

#[test]
fn sigterm_restores_the_terminal_and_keeps_the_draft() {
    end_and_restart(Ending::Signal("TERM", 15), "term über 東京");
}

#[test]
fn sigint_restores_the_terminal_and_keeps_the_draft() {
    end_and_restart(Ending::Signal("INT", 2), "int über 東京");
}

#[test]
fn sighup_restores_the_terminal_and_keeps_the_draft() {
    end_and_restart(Ending::Signal("HUP", 1), "hup über 東京");
}

#[test]
fn sigquit_restores_the_terminal_and_keeps_the_draft() {
    end_and_restart(Ending::Signal("QUIT", 3), "quit über 東京");
}
