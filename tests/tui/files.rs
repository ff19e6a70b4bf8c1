//! Files in the real binary: Ctrl+O asks for a path (Tab completes it from
//! the directory, `~` is the home directory), a missing file is named with
//! its reason, a Markdown file long enough for many requests shows the
//! progress bar, Esc stops it and says how far it got, the refresh key goes
//! on to the end, and Ctrl+S writes `notes.ja.md` with the Markdown kept.

use std::time::Duration;

use crate::pty::{Key, TIMEOUT};
use crate::workbench::{started_args, translated};

/// Long enough to be many requests on the local engine (two targets: each
/// request holds 25,000 characters), its markup on every block.
fn long_markdown() -> String {
    let mut md = String::from("# Meeting notes\n\n```sh\ncargo test --locked\n```\n\n");
    for i in 0..2_500 {
        md.push_str(&format!(
            "## Part {i}\n\nThe *cat* sleeps on the **warm** stone, see [the guide](https://example.com/{i}).\n\n- Run `glossa notes.md` in the house.\n\n"
        ));
    }
    md
}

/// The translation of the whole file: plenty of time on a debug build.
const WHOLE: Duration = Duration::from_secs(240);

#[test]
fn ctrl_o_opens_a_markdown_file_in_parts_esc_stops_it_and_ctrl_s_saves_it() {
    let mut pty = started_args(&[], &[]);
    let docs = pty.root().join("home").join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(docs.join("notes.md"), long_markdown()).unwrap();
    std::fs::write(docs.join("nothing.txt"), "").unwrap();

    pty.write_raw(&[0x0f]); // Ctrl+O, from the editor
    pty.wait_for(
        "the file prompt",
        |s| s.contains("Open a file as the source"),
        TIMEOUT,
    );
    pty.type_str("~/docs/missing.md");
    pty.send_key(Key::Enter);
    pty.wait_for(
        "the missing file named with its reason",
        |s| s.contains("missing.md not opened: no such file"),
        TIMEOUT,
    );
    for _ in "missing.md".chars() {
        pty.send_key(Key::Backspace);
    }
    pty.type_str("no");
    pty.send_key(Key::Tab);
    pty.wait_for(
        "Tab completes as far as both entries agree and lists them",
        |s| s.contains("~/docs/not ") && s.contains("notes.md") && s.contains("nothing.txt"),
        TIMEOUT,
    );
    pty.type_str("e");
    pty.send_key(Key::Tab);
    pty.wait_for(
        "Tab completed the name",
        |s| s.contains("~/docs/notes.md"),
        TIMEOUT,
    );
    pty.send_key(Key::Enter);
    pty.wait_for(
        "the file in the editor, named in its title, the bar counting its parts",
        |s| s.contains("Source notes.md") && s.contains("Translating notes.md:") && s.contains(" parts"),
        TIMEOUT,
    );
    // Esc is the bar's while it runs (the editor has the focus).
    pty.send_key(Key::Esc);
    pty.wait_for(
        "stopped, saying how far it got and how to go on",
        |s| {
            s.contains("stopped at ")
                && s.contains("Alt+Enter goes on")
                && !s.contains("Translating notes.md:")
        },
        WHOLE,
    );
    pty.write_raw(&[0x13]); // Ctrl+S
    pty.wait_for("not saved half done", |s| s.contains("Not saved: only "), TIMEOUT);
    pty.write_raw(b"\x1b\r"); // Alt+Enter: refresh goes on
    pty.wait_for_screen(
        "the whole file translated, the bar gone",
        |s| {
            let text = s.contents();
            translated(s, "ja") && !text.contains("Translating notes.md:") && !text.contains("stopped at")
        },
        WHOLE,
    );
    pty.write_raw(&[0x13]);
    pty.wait_for("the files saved", |s| s.contains("Saved notes.ja.md"), TIMEOUT);
    let saved = std::fs::read_to_string(docs.join("notes.ja.md")).expect("notes.ja.md written");
    assert!(saved.starts_with("# "), "{}", &saved[..200]);
    assert!(saved.contains("```sh\ncargo test --locked\n```"), "code kept");
    assert!(saved.contains("](https://example.com/2499)"), "URLs kept");
    assert!(saved.contains("`glossa notes.md`"), "inline code kept");
    assert_eq!(
        saved.lines().count(),
        long_markdown().lines().count(),
        "the line layout"
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
}
