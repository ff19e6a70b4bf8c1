//! Start-up, live translation, quitting and the no-terminal refusal.

use std::process::{Command, Stdio};

use crate::pty::{Key, Pty, TIMEOUT, frame, has_cjk};
use crate::screen::{find_box, pane, squeezed, text_in};

const PLACEHOLDER: &str = "Type or paste text";

/// Waits for the first frame of the workbench on the local engine.
fn started() -> Pty {
    started_with(&[])
}

/// As `started`, with variables added to the isolated environment.
pub fn started_with(env: &[(&str, &str)]) -> Pty {
    started_args(&[], env)
}

/// As `started_with`, with command-line arguments.
pub fn started_args(args: &[&str], env: &[(&str, &str)]) -> Pty {
    let pty = Pty::spawn_with(args, env);
    pty.wait_for(
        "the first frame with the local engine ready and the editor placeholder",
        |s| {
            s.contains("Glossa")
                && s.contains("local engine")
                && !s.contains("starting the local engine")
                && s.contains(PLACEHOLDER)
        },
        TIMEOUT,
    );
    pty
}

/// The editor's text, found by the "Source" title on its border.
fn editor(screen: &vt100::Screen) -> Option<String> {
    find_box(screen, "Source").map(|a| text_in(screen, a))
}

/// The pane titled `code` shows a translation: not the "(nothing yet)"
/// placeholder, and CJK text.
pub fn translated(screen: &vt100::Screen, code: &str) -> bool {
    pane(screen, code).is_some_and(|t| !t.contains("(nothing yet)") && has_cjk(&t))
}

/// Asserts that what the child wrote since byte `mark` leaves the terminal
/// as it found it.
pub fn assert_restored(pty: &Pty, mark: usize) {
    let raw = pty.raw();
    let after = &raw[mark.min(raw.len())..];
    let has = |seq: &[u8]| after.windows(seq.len()).any(|w| w == seq);
    let shown = String::from_utf8_lossy(after).escape_debug().to_string();
    assert!(
        has(b"\x1b[?1049l"),
        "no leave-alternate-screen on quit; the output after the key: {shown}"
    );
    assert!(
        has(b"\x1b[?25h"),
        "the cursor was not shown again on quit; the output after the key: {shown}"
    );
    #[cfg(unix)]
    assert_eq!(pty.is_cooked(), Some(true), "the terminal was left in raw mode");
}

#[test]
fn start_up_shows_the_local_engine_and_the_editor_placeholder() {
    let pty = started();
    pty.wait_for_screen(
        "the target panes titled ja and zh-Hans",
        |s| pane(s, "ja").is_some() && pane(s, "zh-Hans").is_some(),
        TIMEOUT,
    );
    let text = pty.screen_text();
    let status = text.lines().find(|l| l.contains("local engine"));
    assert!(
        status.is_some(),
        "no status line with \"local engine\":\n{}",
        frame(&text)
    );
}

#[test]
fn typing_translates_into_both_targets() {
    let mut pty = started();
    let typed = "Hello world. The cat sleeps.";
    pty.type_str(typed);
    pty.wait_for_screen(
        "the typed text in the editor",
        |s| editor(s).is_some_and(|t| squeezed(&t).contains(&squeezed(typed))),
        TIMEOUT,
    );
    pty.wait_for_screen(
        "CJK translations in the ja and zh-Hans panes",
        |s| translated(s, "ja") && translated(s, "zh-Hans"),
        TIMEOUT,
    );
}

#[test]
fn esc_then_q_quits_and_restores_the_terminal() {
    let mut pty = started();
    // Esc and q must arrive as two reads, or the terminal reads Alt+q: wait
    // until the focus has visibly left the editor (the hints say that `q`
    // quits now) before sending q.
    pty.leave_editor();
    let before_q = pty.bytes_written();
    pty.type_str("q");
    assert_eq!(pty.wait_exit(TIMEOUT), 0, "exit status after q");
    assert_restored(&pty, before_q);
}

#[test]
fn ctrl_c_quits_from_inside_the_editor_where_q_is_text() {
    let mut pty = started();
    pty.type_str("q");
    pty.wait_for_screen(
        "the q typed into the editor",
        |s| editor(s).is_some_and(|t| t.contains('q')),
        TIMEOUT,
    );
    let before = pty.bytes_written();
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0, "exit status after Ctrl+C");
    assert_restored(&pty, before);
}

#[test]
fn without_a_terminal_it_refuses_with_exit_2_and_a_message() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_glossa"));
    for var in [
        "GLOSSA_ENDPOINT",
        "GLOSSA_KEY",
        "GLOSSA_TOKEN",
        "GLOSSA_REGION",
        "GLOSSA_PROFILE",
    ] {
        cmd.env_remove(var);
    }
    let out = cmd
        .env("GLOSSA_CLIPBOARD", "off")
        .env("GLOSSA_CONFIG", "/nonexistent/glossa/config.toml")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run glossa");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "wrote to a non-terminal stdout: {:?}",
        out.stdout
    );
    assert!(
        stderr.contains("terminal"),
        "no explanation on stderr: {stderr:?}"
    );
}
