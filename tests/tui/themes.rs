//! Themes in the real binary: a theme file with an unknown role is named in
//! the status line and the workbench starts anyway (with dark); Ctrl+T
//! switches to the next theme, also from the editor, a toast names it, and
//! the config file remembers it.

use crate::pty::{Key, TIMEOUT};
use crate::workbench::started_args;

#[test]
fn a_bad_theme_file_is_a_notice_and_ctrl_t_switches_theme() {
    let short = &uuid::Uuid::new_v4().simple().to_string()[..8];
    let dir = std::env::temp_dir().join(format!("gt-{short}"));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.toml");
    std::fs::write(&file, "base = \"light\"\nfocsu = \"red\"\n").unwrap();
    let path = file.to_string_lossy().into_owned();

    let mut pty = started_args(&["--theme", &path], &[]);
    pty.wait_for(
        "the notice naming the file and the key",
        |s| s.lines().any(|l| l.contains("bad.toml: unknown role `focsu`")),
        TIMEOUT,
    );
    // The editor has the focus: Ctrl+T is no text there.
    pty.write_raw(&[0x14]);
    pty.wait_for(
        "the toast naming the next theme",
        |s| s.contains("Theme: light"),
        TIMEOUT,
    );
    // Remembered in the config file (the toast says --theme still chooses at start).
    let config = pty.root().join("config").join("glossa").join("config.toml");
    let written = std::fs::read_to_string(&config).expect("config.toml written");
    assert_eq!(written, "theme = \"light\"\n");
    pty.send_key(Key::CtrlC);
    pty.wait_exit(TIMEOUT);
    let _ = std::fs::remove_dir_all(dir);
}
