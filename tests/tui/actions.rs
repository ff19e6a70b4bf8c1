//! What a user does after typing: copy a target (OSC 52 reaches the
//! terminal), choose targets (remembered for the next start), `NO_COLOR`.

use base64::Engine;

use crate::pty::{Key, Pty, TIMEOUT, has_cjk};
use crate::screen::pane;
use crate::workbench::{started_with, translated};

/// Types `text`, waits for both default targets, then leaves the editor.
fn translate_and_leave_editor(pty: &mut Pty, text: &str) {
    pty.type_str(text);
    pty.wait_for_screen(
        "both panes translated",
        |s| translated(s, "ja") && translated(s, "zh-Hans"),
        TIMEOUT,
    );
    pty.leave_editor();
}

#[test]
fn y_copies_the_focused_target_through_osc52_with_a_toast() {
    let mut pty = started_with(&[("GLOSSA_CLIPBOARD", "osc52")]);
    translate_and_leave_editor(&mut pty, "Hello world.");
    let mark = pty.bytes_written();
    pty.type_str("y");
    pty.wait_for("the copy toast", |s| s.contains("OSC 52"), TIMEOUT);
    let raw = pty.raw();
    let after = String::from_utf8_lossy(&raw[mark..]).into_owned();
    let start = after.find("\x1b]52;c;").expect("an OSC 52 sequence was written") + 7;
    let end = start + after[start..].find(['\x07', '\x1b']).expect("the sequence ends");
    let copied = base64::engine::general_purpose::STANDARD
        .decode(&after[start..end])
        .expect("base64 payload");
    let copied = String::from_utf8(copied).expect("UTF-8 text");
    let shown: String = pty
        .with_screen(|s| pane(s, "ja"))
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert!(
        has_cjk(&copied),
        "the Japanese translation was copied: {copied:?}"
    );
    assert!(
        shown.contains(copied.trim()),
        "copied {copied:?}, pane shows {shown:?}"
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
}

#[test]
fn chosen_targets_are_remembered_for_the_next_start() {
    let data = std::env::temp_dir().join(format!("glossa-tui-data-{}", std::process::id()));
    let data_dir = data.to_string_lossy().into_owned();
    let env = [("XDG_DATA_HOME", data_dir.as_str())];
    let mut pty = started_with(&env);
    pty.wait_for("the languages list", |s| s.contains("Japanese"), TIMEOUT);
    pty.leave_editor();
    pty.type_str("t");
    pty.wait_for("the target picker", |s| s.contains("Target languages"), TIMEOUT);
    pty.type_str("finnish");
    pty.send_key(Key::Enter);
    pty.wait_for_screen("a Finnish pane", |s| pane(s, "fi").is_some(), TIMEOUT);
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
    let mut again = started_with(&env);
    again.wait_for_screen(
        "ja, zh-Hans and fi panes at the next start",
        |s| pane(s, "ja").is_some() && pane(s, "zh-Hans").is_some() && pane(s, "fi").is_some(),
        TIMEOUT,
    );
    again.send_key(Key::CtrlC);
    assert_eq!(again.wait_exit(TIMEOUT), 0);
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn no_color_draws_without_colours() {
    let mut pty = started_with(&[("NO_COLOR", "1")]);
    translate_and_leave_editor(&mut pty, "The cat sleeps.");
    pty.type_str("l");
    pty.wait_for("a word lit", |s| s.contains("Ctrl+C/q quit"), TIMEOUT);
    let (cells, coloured) = pty.with_screen(|s| {
        let (rows, cols) = (u16::from(s.size().0), u16::from(s.size().1));
        let cells: Vec<_> = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
        let coloured: Vec<_> = cells
            .iter()
            .filter_map(|&(r, c)| s.cell(r, c).map(|cell| (r, c, cell.fgcolor(), cell.bgcolor())))
            .filter(|(_, _, fg, bg)| *fg != vt100::Color::Default || *bg != vt100::Color::Default)
            .take(5)
            .collect();
        (cells.len(), coloured)
    });
    assert!(cells > 0);
    assert!(
        coloured.is_empty(),
        "cells drawn in colour with NO_COLOR: {coloured:?}"
    );
    let lit = pty.with_screen(|s| {
        let (rows, cols) = (u16::from(s.size().0), u16::from(s.size().1));
        (0..rows).any(|r| (0..cols).any(|c| s.cell(r, c).is_some_and(|x| x.inverse() || x.underline())))
    });
    assert!(lit, "roles still shown, by attributes (reverse, underline)");
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
}
