//! The Transliterate tab end to end on the local engine: `3` opens it, typed
//! Russian gets its Latin preview (detected, then transliterated), `y`
//! copies the preview (OSC 52), `v` shows the detection.

use crate::pty::{Key, TIMEOUT};
use crate::workbench::started_with;

#[test]
fn russian_typed_in_the_transliterate_tab_gets_its_latin_preview_and_detection() {
    let mut pty = started_with(&[("GLOSSA_CLIPBOARD", "osc52")]);
    pty.leave_editor();
    pty.type_str("3");
    pty.wait_for(
        "the Transliterate tab with its empty input",
        |s| s.contains("Type or paste text to transliterate") && s.contains("Previews"),
        TIMEOUT,
    );
    pty.type_str("Привет, мир");
    pty.wait_for(
        "the Latin preview of the detected Russian",
        |s| s.contains("Privet, mir") && s.contains("Russian (ru) (detected"),
        TIMEOUT,
    );
    pty.leave_editor();
    pty.type_str("y");
    pty.wait_for("the copy toast", |s| s.contains("Copied the preview"), TIMEOUT);
    pty.type_str("v");
    pty.wait_for(
        "the detect view",
        |s| s.contains("Detection") && s.contains("Language") && s.contains("Russian (ru)"),
        TIMEOUT,
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
}
