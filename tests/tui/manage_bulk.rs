//! A whole availability set migrated from the Manage tab, end to end on the
//! embedded sandbox: started, quit half-way, resumed by the next start and
//! followed to the end — three succeed, vm-web-4 fails with its reason; and a
//! database refresh followed across a restart to its failure and reason.

use crate::manage::to_migrations;
use crate::pty::{Key, TIMEOUT};
use crate::workbench::started_args;

#[test]
fn an_availability_set_is_migrated_across_a_restart() {
    let data = std::env::temp_dir().join(format!("glossa-tui-bulk-{}", uuid::Uuid::new_v4()));
    let data_dir = data.to_string_lossy().into_owned();
    let env = [("XDG_DATA_HOME", data_dir.as_str())];
    // 5 sandbox minutes at 10×: 30 s, so the quit comes half-way.
    let mut pty = started_args(&["--time-scale", "10"], &env);
    to_migrations(&mut pty);
    for _ in 0..4 {
        pty.send_key(Key::Down);
    }
    pty.send_key(Key::Enter);
    pty.type_str("web-avset");
    pty.send_key(Key::Enter);
    pty.wait_for(
        "every VM of the set started",
        |s| s.contains("web-avset: 0 of 4 done") && s.contains("4 running"),
        TIMEOUT,
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);

    // The next start (a new port, the sandbox and the bulk kept, its clock
    // fast) resumes the bulk where it was and follows it to the end.
    let mut again = started_args(&["--time-scale", "600"], &env);
    to_migrations(&mut again);
    again.wait_for(
        "the stored bulk resumed and followed to its end",
        |s| {
            s.contains("web-avset: 4 of 4 done: 3 succeeded, 1 failed")
                && s.contains("vm-web-4   ░░░░░░░░░░ failed: AllocationFailed")
        },
        TIMEOUT,
    );
    again.send_key(Key::CtrlC);
    assert_eq!(again.wait_exit(TIMEOUT), 0);
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn a_followed_refresh_survives_a_restart_and_ends_with_its_reason() {
    let data = std::env::temp_dir().join(format!("glossa-tui-refresh-{}", uuid::Uuid::new_v4()));
    let data_dir = data.to_string_lossy().into_owned();
    let env = [("XDG_DATA_HOME", data_dir.as_str())];
    // Into Contoso Staging a refresh fails half-way: 25 sandbox minutes,
    // 2.5 minutes at 10×, so it is still running at the quit.
    let mut pty = started_args(&["--time-scale", "10"], &env);
    crate::manage::to_migrations(&mut pty);
    pty.type_str("V");
    pty.wait_for("the Refresh view", |s| s.contains("Database refresh"), TIMEOUT);
    // UAT into Staging (the sandbox's failing target), each picked with `f`.
    for (label, name, id) in [
        (
            "Source env",
            "Contoso UAT",
            "5362377c-0000-4000-8000-000000000002",
        ),
        (
            "Target env",
            "Contoso Staging",
            "5362377c-0000-4000-8000-00000000000c",
        ),
    ] {
        pty.send_key(Key::Down);
        pty.type_str("f");
        pty.wait_for(
            "the environments known",
            |s| s.contains("LCS environments"),
            TIMEOUT,
        );
        pty.type_str(name);
        pty.send_key(Key::Enter);
        let filled = format!("{label} ▸ {id}");
        pty.wait_for(
            "the field filled",
            |s| s.contains(&filled) && !s.contains("LCS environments"),
            TIMEOUT,
        );
    }
    pty.type_str("r");
    pty.wait_for(
        "the refresh accepted and followed",
        |s| s.contains("Followed (1)") && (s.contains("NotStarted") || s.contains("InProgress")),
        TIMEOUT,
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);

    let mut again = started_args(&["--time-scale", "600"], &env);
    crate::manage::to_migrations(&mut again);
    again.type_str("V");
    again.wait_for(
        "the stored refresh followed to its end, with the reason",
        |s| {
            s.contains("Followed (1)")
                && s.contains("Failed")
                && s.contains("Reason")
                && s.contains("rolled back")
        },
        TIMEOUT,
    );
    again.send_key(Key::CtrlC);
    assert_eq!(again.wait_exit(TIMEOUT), 0);
    let _ = std::fs::remove_dir_all(data);
}
